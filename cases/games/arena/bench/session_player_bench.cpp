// What a seek costs `framecheck view` over an hour of the arena: the first pass to the end (every
// frame stepped, headless and undrawn, keyframes kept on the way), then a seek back, which
// restores the nearest keyframe and steps the rest.
#include <benchmark/benchmark.h>

#include <framecheck/run/session_player.hpp>

#include "arena.hpp"
#include "bench_smoke.hpp"

namespace framecheck {
namespace {

// An hour at 60 fps with the arrows pressed now and then: the arena's own work every frame.
LoadedSession hour_of_arena(std::int64_t frames) {
  LoadedSession s;
  s.header.game = "arena";
  const FixedRate rate(60);
  for (std::int64_t n = 1; n <= frames; ++n) {
    FrameRecord f;
    f.frame = static_cast<std::uint64_t>(n);
    f.dt = rate.step_length(n);
    f.sample_ms = 0.5 + static_cast<double>(n % 7) * 0.01;
    if (n % 600 == 100) f.inputs.push_back(KeyPress{"ArrowLeft"});
    if (n % 600 == 130) f.inputs.push_back(KeyRelease{"ArrowLeft"});
    s.frames.push_back(std::move(f));
  }
  return s;
}

// A fresh player each time, from the first frame to the last: what replaying from the start
// (the only way back before keyframes) costs, and what the first visit to the end still costs.
void BM_SessionPlayerSeekBackToTheEnd(benchmark::State& state) {
  const LoadedSession session = hour_of_arena(state.range(0));
  for (auto _ : state) {
    state.PauseTiming();
    SessionPlayer player(session, [] { return std::make_unique<games::Arena>(); }, {});
    state.ResumeTiming();
    player.seek(session.frames.size());
    benchmark::DoNotOptimize(player.frame());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SessionPlayerSeekBackToTheEnd)
    ->Arg(bench_size(216'000, 1'300))
    ->Unit(benchmark::kMillisecond);

// At the end, back to the frame before a keyframe (the farthest a seek back steps: 599 frames),
// then forward to the end again untimed.
void BM_SessionPlayerSeekBackWithKeyframes(benchmark::State& state) {
  const LoadedSession session = hour_of_arena(state.range(0));
  SessionPlayer player(session, [] { return std::make_unique<games::Arena>(); }, {});
  player.seek(session.frames.size());
  const std::uint64_t target = session.frames.size() - 1;  // 215,999: keyframe 215,400 + 599
  for (auto _ : state) {
    player.seek(target);
    benchmark::DoNotOptimize(player.frame());
    state.PauseTiming();
    player.seek(session.frames.size());
    state.ResumeTiming();
  }
  state.counters["keyframes"] = static_cast<double>(player.keyframes());
}
BENCHMARK(BM_SessionPlayerSeekBackWithKeyframes)
    ->Arg(bench_size(216'000, 1'300))
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace framecheck
