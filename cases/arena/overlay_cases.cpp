// What the overlay looks like: golden images, and the toggle.
#include "arena_case.hpp"

namespace framecheck::cases {
namespace {

// A run whose frame times vary as a real one does, from a fixed formula.
double wavy_sample(const FrameInfo& f) {
  return 9.0 + static_cast<double>((f.frame * 7919) % 23) * 0.25;
}

TEST_F(ArenaCase, MidMatchAt1080p) {
  start_arena({.run =
                   [](RunSpec& r) {
                     r.surface_width = 1920;
                     r.surface_height = 1080;
                   },
               .samples = samples_from(wavy_sample)});
  show_overlay();
  step_seconds(12);
  expect_golden();
}

TEST_F(ArenaCase, HiddenOverlayDrawsNothing) {
  step_seconds(12);
  const Image hidden = driver().render_image();
  show_overlay();
  driver().diagnostics().set_enabled(false);
  EXPECT_EQ(driver().render_image(), hidden);
  expect_golden();  // the scene alone
}

TEST_F(ArenaCase, TogglingIgnoresRepeats) {
  press("Backquote");
  EXPECT_TRUE(driver().diagnostics().enabled()) << where();
  press("Backquote", true);
  press("Backquote", true);
  EXPECT_TRUE(driver().diagnostics().enabled()) << where();
  step(1);
  press("Backquote");
  EXPECT_FALSE(driver().diagnostics().enabled()) << where();
  press("Backquote");
  EXPECT_TRUE(driver().diagnostics().enabled()) << where();
}

TEST_F(ArenaCase, ScriptedKeysToggleBeforeTheirFrame) {
  DriverOptions options;
  options.input.add(10, KeyPress{"Backquote"});
  options.input.add(11, KeyPress{"Backquote", true});
  options.input.add(20, KeyPress{"Backquote"});
  start_arena(std::move(options));
  step(9);
  EXPECT_FALSE(driver().diagnostics().enabled());
  step(1);
  EXPECT_TRUE(driver().diagnostics().enabled());
  step(9);
  EXPECT_TRUE(driver().diagnostics().enabled());
  step(1);
  EXPECT_FALSE(driver().diagnostics().enabled());
}

TEST_F(ArenaCase, TheGraphFloorKeepsAnEvenRunFlat) {
  start_arena({.samples = constant_samples(8.0)});
  show_overlay();
  step_seconds(10);
  expect_golden();
}

TEST_F(ArenaCase, ASpikeRaisesTheGraphScaleAboveTheFloor) {
  start_arena({.samples = scripted_samples(8.0, {{400, 120.0}})});
  show_overlay();
  step_seconds(10);
  expect_metrics({600, (8.0 * 599 + 120.0) / 600, 8.0, 8.0});
  expect_golden();
}

TEST_F(ArenaCase, ATinySurface) {
  start_arena({.run = [](RunSpec& r) {
    r.surface_width = 64;
    r.surface_height = 48;
  }});
  show_overlay();
  step_seconds(3);
  expect_golden();
}

TEST_F(ArenaCase, ALargeSurface) {
  start_arena({.run =
                   [](RunSpec& r) {
                     r.surface_width = 3840;
                     r.surface_height = 2160;
                   },
               .samples = samples_from(wavy_sample)});
  show_overlay();
  step_seconds(8);
  expect_golden();
}

TEST_F(ArenaCase, ALongValueIsClampedToTheSurface) {
  show_overlay();
  instance().register_source("long", [] { return std::string(10000, '#'); });
  step_seconds(1);
  expect_golden();
}

TEST_F(ArenaCase, TheSameCaseGivesTheSameBytesTwice) {
  show_overlay();
  step_seconds(5);
  const std::string first = driver().render_png();
  start_arena();
  show_overlay();
  step_seconds(5);
  EXPECT_EQ(driver().render_png(), first);
}

}  // namespace
}  // namespace framecheck::cases
