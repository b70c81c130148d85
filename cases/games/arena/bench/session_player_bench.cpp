// What a seek backwards costs `framecheck view`: replaying an hour of the arena from its first
// frame, headless and undrawn, as SessionPlayer does.
#include <benchmark/benchmark.h>

#include <framecheck/run/session_player.hpp>

#include "arena.hpp"

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

void BM_SessionPlayerSeekBackToTheEnd(benchmark::State& state) {
  const LoadedSession session = hour_of_arena(state.range(0));
  SessionPlayer player(session, [] { return std::make_unique<games::Arena>(); }, {});
  for (auto _ : state) {
    player.seek(session.frames.size());  // from the start each time: the worst seek back
    benchmark::DoNotOptimize(player.frame());
    state.PauseTiming();
    player.seek(0);
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SessionPlayerSeekBackToTheEnd)->Arg(216'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace framecheck
