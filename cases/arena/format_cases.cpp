// Every display formatting rule, visible in the panel.
#include <cmath>
#include <limits>

#include "arena_case.hpp"

namespace framecheck::cases {
namespace {

TEST_F(ArenaCase, EachFormattingRuleIsVisibleInThePanel) {
  show_overlay();
  DiagnosticRegistry& r = instance();
  r.register_source("integer", [] { return 42; });
  r.register_source("negative zero", [] { return -0.0; });
  r.register_source("tie 1/16", [] { return 0.0625; });
  r.register_source("tiny negative", [] { return -1.5e-7; });
  r.register_source("2^53", [] { return 9007199254740992.0; });
  r.register_source("1e21", [] { return 1e21; });
  r.register_source("nan", [] { return std::numeric_limits<double>::quiet_NaN(); });
  r.register_source("-infinity", [] { return -std::numeric_limits<double>::infinity(); });
  r.register_source("boolean", [] { return true; });
  r.register_source("string", [] { return "as it is"; });
  const auto lines = driver().diagnostics().panel_lines();
  const std::vector<std::string> expected = {"integer: 42",
                                             "negative zero: 0",
                                             "tie 1/16: 0.063",
                                             "tiny negative: -0.000",
                                             "2^53: 9007199254740992",
                                             "1e21: 1e+21",
                                             "nan: NaN",
                                             "-infinity: -Infinity",
                                             "boolean: true",
                                             "string: as it is"};
  ASSERT_GE(lines.size(), 13u);
  EXPECT_EQ(std::vector<std::string>(lines.begin() + 3, lines.begin() + 13), expected) << where();
  expect_golden();
}

TEST_F(ArenaCase, TheMetricsLineUsesTheNumberRule) {
  start_arena({.samples = scripted_samples(16.0, {{2, 17.0625}, {3, 0.5}})});
  step(3);
  // mean (16 + 17.0625 + 0.5) / 3 = 11.1875 -> 11.188 (a tie, away from zero); p95 = p99 = 17.0625
  const auto lines = driver().diagnostics().panel_lines();
  EXPECT_EQ(lines.back(), "frame: 11.188 / 17.063 / 17.063 ms");
}

TEST_F(ArenaCase, ThePlayerSourceFormatsItsOwnString) {
  press("ArrowRight");
  step(30);  // half a second right, at 70 units a second
  expect_reading("player", "(190.0, 85.0)");
}

TEST_F(ArenaCase, TheGamepadsLeftStickSteersThePlayerAsFarAsItIsPushed) {
  connect_gamepad();
  move_stick({0.5, 0});
  step(30);  // half a second at half speed: 17.5 units right
  expect_reading("player", "(172.5, 85.0)");
  move_stick({0.1, -0.1});  // inside the dead zone: at rest (the warmup has nothing to chase)
  step(30);
  expect_reading("player", "(172.5, 85.0)");
  move_stick({0, -1});
  press("ArrowDown");  // an arrow held wins over the stick
  step(6);
  expect_reading("player", "(172.5, 92.0)");
}

}  // namespace
}  // namespace framecheck::cases
