// What building Box2D's world anew each frame costs against keeping it, both in one run:
//   plinko_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// Each iteration plays the same 600 frames: a ball dropped every 13 frames from a carriage
// sweeping the board, up to 16 balls in play.
#include <benchmark/benchmark.h>

#include "plinko.hpp"

namespace {

// The frame-time samples are not what is measured here: a constant, no clock read.
class NoTimer final : public framecheck::FrameTimer {
 public:
  void frame_started() override {}
  double frame_finished(const framecheck::FrameInfo&) override { return 0; }
};

void BM_PlinkoFrames(benchmark::State& state) {
  const auto lifetime = static_cast<plinko::WorldLifetime>(state.range(0));
  constexpr std::int64_t kFrames = 600;
  const framecheck::SimTime dt{1'000'000'000 / 60};
  std::int64_t score = 0;
  for (auto _ : state) {
    plinko::Plinko game({.frame_timer = std::make_shared<NoTimer>()}, {.world = lifetime});
    for (std::int64_t frame = 0; frame < kFrames; ++frame) {
      if (frame % 120 == 0) game.key_down({(frame / 120) % 2 == 0 ? "ArrowLeft" : "ArrowRight"});
      if (frame % 13 == 0) game.key_down({"Space"});
      game.frame(dt);
    }
    score += game.score();
  }
  benchmark::DoNotOptimize(score);
  state.SetItemsProcessed(state.iterations() * kFrames);
  state.SetLabel(lifetime == plinko::WorldLifetime::kRebuiltEachFrame ? "world rebuilt"
                 : lifetime == plinko::WorldLifetime::kKept           ? "world kept"
                                                                      : "world kept cold");
}
BENCHMARK(BM_PlinkoFrames)
    ->Arg(static_cast<int>(plinko::WorldLifetime::kRebuiltEachFrame))
    ->Arg(static_cast<int>(plinko::WorldLifetime::kKept))
    ->Arg(static_cast<int>(plinko::WorldLifetime::kKeptCold))
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
