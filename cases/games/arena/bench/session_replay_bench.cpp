// What verifying a session costs against what the game itself costs, side by side: the same
// recorded hour of the arena (216,000 frames at 320x180, a keyframe every 1800, as `framecheck
// record` writes it) is replayed with --verify from its file (read, parse, step, checksum and
// compare every frame, every checkpoint and keyframe; with the fast parser for plain records,
// and with the full parser alone), verified in stretches side by side (--jobs), and stepped with
// no session at all (its frames already in memory, as SessionPlayer steps them: the game's own
// work and nothing else).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <framecheck/engine.hpp>
#include <framecheck/io/temporary_folder.hpp>
#include <framecheck/run/recorder.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/run/session_player.hpp>
#include <framecheck/run/verify_in_parts.hpp>
#include <framecheck/session/read_ahead.hpp>
#include <framecheck/session/session_reader.hpp>
#include <stdexcept>
#include <string>
#include <utility>

#include "arena.hpp"
#include "bench_smoke.hpp"

namespace framecheck {
namespace {

// An hour at 60 fps; a few seconds in the smoke pass.
const std::int64_t kFrames = bench_size(216'000, 600);
// The recorder's default; in the smoke pass, often enough that the verifies in parts have
// keyframes to split at (600 frames hold none at the default).
const std::int64_t kKeyframeEvery = bench_size(kDefaultKeyframeEvery, 120);

// Recorded once per process, into a private temporary folder; removed at exit.
const std::filesystem::path& recorded_hour() {
  static const struct Recorded {
    TemporaryFolder folder = made(TemporaryFolder::create("framecheck-replay-bench"));
    std::filesystem::path path = folder.path() / "hour.jsonl";
    static TemporaryFolder made(Result<TemporaryFolder> folder) {
      if (!folder) throw std::runtime_error(folder.error().message());
      return std::move(*folder);
    }
    Recorded() {
      games::Arena game;
      RecordOptions o;
      o.header.game = "arena";
      o.header.run.surface_width = 320;
      o.header.run.surface_height = 180;
      o.frames = static_cast<std::uint64_t>(kFrames);
      o.header.keyframe_every = kKeyframeEvery;
      if (Status s = record_session(game, o, path); !s)
        throw std::runtime_error(s.error().message());
    }
  } recorded;
  return recorded.path;
}

// Arg 1: plain records through the fast parser (the default); arg 0: every line through the
// full parser, the reader as it was before.
void BM_ReplayVerifyFromFile(benchmark::State& state) {
  const std::filesystem::path& path = recorded_hour();
  for (auto _ : state) {
    Result<SessionReader> reader = SessionReader::open(path);
    reader->set_fast_path(state.range(0) == 1);
    games::Arena game;
    ReplayOptions options;
    options.verify = true;
    Result<ReplayReport> report = replay_session(*reader, game, options);
    if (!report || report->first_divergent_frame || !report->divergences.empty())
      state.SkipWithError("the recorded hour did not verify");
    benchmark::DoNotOptimize(report);
  }
  state.SetItemsProcessed(state.iterations() * kFrames);
}
// On the wall clock: the reader's thread works beside this one.
BENCHMARK(BM_ReplayVerifyFromFile)->Arg(1)->Arg(0)->UseRealTime()->Unit(benchmark::kMillisecond);

// Whether a verify in parts or stretches verified the whole recorded hour, as one thread would.
bool verified_hour(const Result<PartsVerify>& v) {
  return v && !v->report.first_divergent_frame && v->report.divergences.empty() &&
         v->report.frames == static_cast<std::uint64_t>(kFrames);
}

// The same verify with the stretches between keyframes side by side, one per thread (arg).
void BM_VerifyInParts(benchmark::State& state) {
  const std::filesystem::path& path = recorded_hour();
  const SimulationFactory arena = simulation_of(make_game<games::Arena>);
  std::uint64_t parts = 0;
  for (auto _ : state) {
    Result<PartsVerify> v = verify_in_parts(path, arena, static_cast<unsigned>(state.range(0)));
    const bool verified = verified_hour(v);
    if (!verified) state.SkipWithError("the recorded hour did not verify in parts");
    // An hour is always split; the smoke pass's few frames may be verified whole by the first
    // thread before the second has passed to a keyframe (other tests share the cores).
    if (verified && v->parts < 2 && !bench_smoke())
      state.SkipWithError("the recorded hour was verified in one stretch, not in parts");
    if (v) parts += v->parts;
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(state.iterations() * kFrames);
  // More stretches than threads: a thread took over part of another's.
  state.counters["parts"] =
      benchmark::Counter(static_cast<double>(parts), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_VerifyInParts)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// The same two threads on a split fixed in advance, at the middle keyframe: what deciding the
// split as the stretches run, and taking over part of a slower one, buys over halving the file.
void BM_VerifyInTwoFixedHalves(benchmark::State& state) {
  const std::filesystem::path& path = recorded_hour();
  const SimulationFactory arena = simulation_of(make_game<games::Arena>);
  const auto middle = static_cast<std::uint64_t>(kFrames / 2 / kKeyframeEvery * kKeyframeEvery);
  for (auto _ : state) {
    Result<PartsVerify> v = verify_in_stretches(path, arena, {middle});
    if (!verified_hour(v) || v->parts != 2)
      state.SkipWithError("the recorded hour did not verify in two halves");
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(state.iterations() * kFrames);
}
BENCHMARK(BM_VerifyInTwoFixedHalves)->UseRealTime()->Unit(benchmark::kMillisecond);

// The reader's side of the replay alone: every record read and parsed on the read-ahead thread
// and taken, nothing stepped. The replay cannot be faster than this.
void BM_ReadTheSessionAlone(benchmark::State& state) {
  const std::filesystem::path& path = recorded_hour();
  for (auto _ : state) {
    Result<SessionReader> reader = SessionReader::open(path);
    ReadAhead ahead(*reader);
    std::size_t records = 0;
    while (true) {
      Result<SessionRecord*> record = ahead.next();
      if (!record) state.SkipWithError("the recorded hour did not read");
      if (!record || *record == nullptr) break;
      ++records;
    }
    benchmark::DoNotOptimize(records);
  }
  state.SetItemsProcessed(state.iterations() * kFrames);
}
BENCHMARK(BM_ReadTheSessionAlone)->UseRealTime()->Unit(benchmark::kMillisecond);

// The same records read on the taker's own thread, as each stretch of a verify in parts reads
// them: what reading costs where there is no other thread to overlap it with.
void BM_ReadTheSessionInline(benchmark::State& state) {
  const std::filesystem::path& path = recorded_hour();
  for (auto _ : state) {
    Result<SessionReader> reader = SessionReader::open(path);
    std::size_t records = 0;
    while (true) {
      Result<std::optional<SessionRecord>> record = reader->next();
      if (!record) state.SkipWithError("the recorded hour did not read");
      if (!record || !*record) break;
      ++records;
    }
    benchmark::DoNotOptimize(records);
  }
  state.SetItemsProcessed(state.iterations() * kFrames);
}
BENCHMARK(BM_ReadTheSessionInline)->UseRealTime()->Unit(benchmark::kMillisecond);

// Every frame stepped: the session's keyframes are left out, or a seek would start from one.
void BM_StepTheSameFramesWithoutASession(benchmark::State& state) {
  Result<SessionReader> reader = SessionReader::open(recorded_hour());
  Result<LoadedSession> session = load_session(*reader);
  session->keyframes.clear();
  SessionPlayer player(*session, [] { return std::make_unique<games::Arena>(); }, {});
  for (auto _ : state) {
    player.seek(session->frames.size());
    benchmark::DoNotOptimize(player.frame());
    state.PauseTiming();
    player.seek(0);
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * kFrames);
}
// On the wall clock too, as the replay it is set against.
BENCHMARK(BM_StepTheSameFramesWithoutASession)->UseRealTime()->Unit(benchmark::kMillisecond);

// The same frames stepped from memory with each frame's checksum taken after it (the declared
// state filled and hashed with the world's), which is what any replay that verifies does on the
// game's thread whatever it reads: the most a verifying replay's rate can be while the checksum
// costs what it does.
void BM_StepTheSameFramesWithTheirChecksums(benchmark::State& state) {
  Result<SessionReader> reader = SessionReader::open(recorded_hour());
  Result<LoadedSession> session = load_session(*reader);
  SessionPlayer player(*session, [] { return std::make_unique<games::Arena>(); }, {});
  for (auto _ : state) {
    std::uint64_t all = 0;
    while (player.step())
      all ^= player.simulation().checksum();
    benchmark::DoNotOptimize(all);
    state.PauseTiming();
    player.seek(0);
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * kFrames);
}
BENCHMARK(BM_StepTheSameFramesWithTheirChecksums)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace framecheck
