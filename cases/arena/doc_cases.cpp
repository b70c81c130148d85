// The cases docs/harness.md shows, to the letter (docs.harness_snippets checks), run as every
// case is.
#include "arena_case.hpp"

namespace framecheck::cases {
namespace {

TEST_F(ArenaCase, ReadingsAcrossATransition) {
  show_overlay();
  step_seconds(26);                     // arena-1 ends at 25 s
  expect_reading("levels visited", 2);  // instance source, kept
  expect_reading("score", 0);           // world source, rebuilt with the new world
  expect_error("boss", "boss not spawned");
}

TEST_F(ArenaCase, EveryInputACaseCanGive) {
  hold("ArrowRight", 30);                     // down for exactly frames 1 to 30
  expect_reading("player", "(190.0, 85.0)");  // 70 units a second for half a second
  assert_step_until([&] { return driver().engine().world()->phase() == "playing"; }, 600);
  expect_reading("session time", 2);  // the warmup lasts 2 s
  move_pointer({40, 30});             // logical coordinates, as on_pointer gets them
  click({40, 30});                    // press and release before the next frame
  wheel({40, 30}, {0, -1});           // one notch up
  connect_gamepad();                  // pad 0, arriving as a real one does
  move_stick({-1, 0});                // the left stick all the way left
  press_button(kPadA);                // the standard mapping's numbers (events.hpp)
  step();
  travel("arena-2");  // one of levels(); "field-9" stops the case
  step();
  expect_reading("levels visited", 2);
}

TEST_F(ArenaCase, TolerancesAreOptIn) {
  show_overlay();
  step_seconds(3);
  expect_golden();  // exact: any changed byte of any pixel fails
  expect_golden({.diff = {.ignore = {{0, 0, 63, 11}}}});              // a corner masked out
  expect_golden({.compare = GoldenTolerance::Compare::kPixelmatch});  // pixelmatch at 0.1
  expect_golden({.max_diff_pixels = 4});                              // 4 pixels may differ
  expect_golden({.max_diff_pixel_ratio = 0.001});                     // 0.1% of the frame may
  set_golden_tolerance({.compare = GoldenTolerance::Compare::kPixelmatch});  // the suite's default
  expect_golden();
}

}  // namespace
}  // namespace framecheck::cases
