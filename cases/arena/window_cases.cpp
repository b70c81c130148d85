// The 10-second window and its metrics, at several frame rates.
#include "arena_case.hpp"

namespace framecheck::cases {
namespace {

TEST_F(ArenaCase, TheWindowAt60FpsHoldsTenSecondsOfFrames) {
  step_seconds(20);
  expect_metrics({601, 16.0, 16.0, 16.0});
}

TEST_F(ArenaCase, TheWindowAt240FpsIsBoundByItsCapacity) {
  start_arena({.run = [](RunSpec& r) { r.fps = 240; }, .samples = constant_samples(4.0)});
  step_seconds(20);
  expect_metrics({2048, 4.0, 4.0, 4.0});  // 10 s at 240 fps would be 2401
}

TEST_F(ArenaCase, TheWindowAt30FpsHoldsThreeHundredAndOneFrames) {
  start_arena({.run = [](RunSpec& r) { r.fps = 30; }, .samples = constant_samples(33.0)});
  step_seconds(15);
  expect_metrics({301, 33.0, 33.0, 33.0});
}

// Nearest rank puts p99 at the largest sample only while the window holds at most 100 samples;
// at 60 fps a full window's p99 is its 7th-largest. So the stall comes one second in.
TEST_F(ArenaCase, AOneFrameStallShowsInP99AndIsGoneTenSecondsLater) {
  start_arena({.samples = scripted_samples(16.0, {{60, 250.0}})});
  step(90);
  expect_metrics({90, (16.0 * 89 + 250.0) / 90, 16.0, 250.0});
  step(570);  // frame 660 ends exactly 10 s after frame 60: the stall is still in the window
  EXPECT_EQ(driver().diagnostics().window().max_ms(), 250.0) << where();
  step(1);
  expect_metrics({601, 16.0, 16.0, 16.0});
  EXPECT_EQ(driver().diagnostics().window().max_ms(), 16.0) << where();
}

TEST_F(ArenaCase, NearestRankPercentilesOverAScriptedWindow) {
  // 100 frames: 1..100 ms. p95 is the 95th smallest, p99 the 99th.
  start_arena(
      {.samples = samples_from([](const FrameInfo& f) { return static_cast<double>(f.frame); })});
  step(100);
  expect_metrics({100, 50.5, 95.0, 99.0});
}

TEST_F(ArenaCase, TicksFollowTheTickRateAt144Fps) {
  start_arena({.run = [](RunSpec& r) { r.fps = 144; }, .samples = constant_samples(7.0)});
  step(144 * 5);
  EXPECT_EQ(driver().engine().ticks(), 300u);
  EXPECT_EQ(driver().engine().now(), SimTime(5'000'000'000));
  expect_reading("session time", 5);
}

}  // namespace
}  // namespace framecheck::cases
