// Plinko's cases: the case kit steps the game on its own engine, gives it keys, a gamepad and a
// pointer, reads its readings and compares its own frames with goldens (golden/plinko/).
#include <framecheck/casekit/case_test.hpp>

#include "plinko.hpp"

namespace {

using framecheck::CaseTest;
using framecheck::InputScript;
using framecheck::KeyPress;
using framecheck::KeyRelease;

class PlinkoCase : public CaseTest {
 protected:
  PlinkoCase() : CaseTest("plinko") { start(plinko::plinko_factory()); }
};

TEST_F(PlinkoCase, ABallFallsThroughThePegs) {
  press("Space");
  step_seconds(1.2);
  expect_reading("balls", 1);
  expect_golden();
  step_seconds(8);  // it bounces from peg to peg down to a bin
  expect_reading("balls", 0);
  expect_reading("score", 5);  // the bin from 8 m to 12 m
}

TEST_F(PlinkoCase, TheCarriageDropsAlongTheBoard) {
  for (int drop = 0; drop < 5; ++drop) {
    hold("ArrowLeft", 20);
    press("Space");
    release("Space");
  }
  step_seconds(1);
  show_overlay();
  expect_golden();
}

TEST_F(PlinkoCase, TheStickTheAButtonAndAClickDropToo) {
  connect_gamepad();
  move_stick({1, 0});
  step(30);
  press_button(framecheck::kPadA);
  release_button(framecheck::kPadA);
  move_stick({0, 0});
  step(20);
  click({5.3, 3});
  step(40);
  expect_reading("dropped", 2);
  expect_golden();
}

// A script with drops across the board, for the checks below.
InputScript drops() {
  InputScript input;
  for (std::int64_t frame = 5; frame < 200; frame += 30) {
    input.add(frame, KeyPress{"ArrowRight"});
    input.add(frame + 12, KeyRelease{"ArrowRight"});
    input.add(frame + 13, KeyPress{"Space"});
    input.add(frame + 14, KeyRelease{"Space"});
  }
  return input;
}

TEST_F(PlinkoCase, PlinkoIsDeterministic) {
  expect_deterministic(plinko::plinko_factory(), 400, drops());
}

TEST_F(PlinkoCase, PlinkoIsRollbackSafe) {
  expect_rollback_safe(plinko::plinko_factory(), 400, 8, drops());
}

}  // namespace

int main(int argc, char** argv) {
  return framecheck::run_cases(argc, argv);
}
