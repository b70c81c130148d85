// Cases over a game on no engine of framecheck's (tests/games/kite.hpp): the case kit steps it,
// gives it every kind of input, reads its readings, compares its own frames with goldens
// (tests/games/golden/kite/), and checks that its declaration binds everything and that it is
// deterministic.
#include <framecheck/casekit/case_test.hpp>
#include <kite.hpp>

namespace framecheck {
namespace {

class KiteCase : public CaseTest {
 protected:
  KiteCase() : CaseTest("kite") {
    start(testing::kite_factory(), {.run = [](RunSpec& r) {
            r.surface_width = 640;
            r.surface_height = 360;
          }});
  }
};

TEST_F(KiteCase, TheKiteSinksWithNoWind) {
  step_seconds(1);
  expect_reading("score", 0);
  expect_golden();
}

TEST_F(KiteCase, TheWindBlowsItOverTheMiddleForAPoint) {
  press("ArrowLeft");
  step_seconds(2);
  release("ArrowLeft");
  expect_reading("score", 1);
  show_overlay();
  expect_golden();
}

TEST_F(KiteCase, TheLeftStickAndAClickTurnTheWindToo) {
  connect_gamepad();
  move_stick({0.5, 0});
  step(30);
  press_pointer({10, 10});
  step(30);
  release_pointer({10, 10});
  step(10);
  expect_golden();
}

InputScript wind_right() {
  InputScript input;
  input.add(10, KeyPress{"ArrowRight"});
  input.add(70, KeyRelease{"ArrowRight"});
  return input;
}

TEST_F(KiteCase, TheKiteIsRollbackSafe) {
  expect_rollback_safe(testing::kite_factory(), 240, 8, wind_right());
}

TEST_F(KiteCase, TheKiteIsDeterministic) {
  expect_deterministic(testing::kite_factory(), 240, wind_right());
}

}  // namespace
}  // namespace framecheck

int main(int argc, char** argv) {
  return framecheck::run_cases(argc, argv);
}
