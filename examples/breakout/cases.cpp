// Breakout's cases: scenarios on a fixed simulated clock, checked by reading and by picture.
#include <framecheck/casekit/case_test.hpp>
#include <framecheck/drive/frame_samples.hpp>
#include <memory>

#include "breakout.hpp"

namespace {

// Every case starts a fresh game: 60 fps, 640x360 renders, and each frame's sample exactly
// 16 ms, so readings and pictures are the same on every machine.
class BreakoutCase : public framecheck::CaseTest {
 protected:
  BreakoutCase() : CaseTest("breakout") {}
  void SetUp() override { start(game_, {.samples = framecheck::constant_samples(16.0)}); }
  breakout::Breakout game_;
};

TEST_F(BreakoutCase, ALevelStartsServingWithEveryBrick) {
  step(1);
  expect_reading("serves", 0);
  expect_reading("bricks left", 30);
  expect_reading("ball", "none");
}

TEST_F(BreakoutCase, SpaceServesTheBall) {
  press("Space");
  step_seconds(0.5);
  expect_reading("serves", 1);
  expect_reading_near("score", 0, 0);
}

TEST_F(BreakoutCase, TheOverlayAfterAServe) {
  press("Backquote");  // the overlay's key: the engine's, never the game's
  press("Space");
  step_seconds(1);
  expect_reading("ball", "(182.9, 53.6)");
  expect_golden();  // golden/breakout/the_overlay_after_a_serve.png
}

TEST_F(BreakoutCase, ServesAndRalliesAreDeterministic) {
  framecheck::InputScript input;
  input.add(10, framecheck::KeyPress{"Space"});
  input.add(40, framecheck::KeyPress{"ArrowLeft"});
  expect_deterministic(framecheck::make_game<breakout::Breakout>, 600, input);
}

// Restored 8 frames back after every frame and simulated again, it agrees with itself: its
// declaration binds everything its simulation depends on.
TEST_F(BreakoutCase, ServesAndRalliesAreRollbackSafe) {
  framecheck::InputScript input;
  input.add(10, framecheck::KeyPress{"Space"});
  input.add(40, framecheck::KeyPress{"ArrowLeft"});
  expect_rollback_safe(framecheck::make_game<breakout::Breakout>, 600, 8, input);
}

}  // namespace

int main(int argc, char** argv) {
  return framecheck::run_cases(argc, argv);
}
