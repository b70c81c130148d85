// CaseTest: GoogleTest cases that read as scenarios: step, press, travel, then expect.
#pragma once

#include <gtest/gtest.h>

#include <framecheck/driver.hpp>
#include <framecheck/golden.hpp>
#include <memory>
#include <source_location>
#include <string>
#include <string_view>
#include <vector>

namespace framecheck {

// A fixture for one suite of cases over one game. Every failure names the case, the frame, and
// (for a reading) the name with both values.
//   class ArenaCase : public CaseTest {
//    protected:
//     ArenaCase() : CaseTest("arena") { start(game_); }
//     games::Arena game_;
//   };
//   TEST_F(ArenaCase, ScoreStartsAtZero) {
//     step_seconds(1);
//     expect_reading("score", 0);
//     expect_golden();  // golden/arena/score_starts_at_zero.png
//   }
class CaseTest : public ::testing::Test {
 public:
  // Settings shared by every case in the binary; run_cases fills them from flags and environment.
  static GoldenSettings& golden_settings();

 protected:
  explicit CaseTest(std::string suite) : suite_(std::move(suite)) {}

  Driver& start(Game& game, DriverOptions options = {});
  Driver& driver();

  void step(std::int64_t frames = 1) { driver().step(frames); }
  void step_seconds(double seconds) { driver().step_seconds(seconds); }
  void press(const std::string& code, bool repeat = false) { driver().press(code, repeat); }
  void travel(const std::string& level) { driver().travel(level); }

  // The reading called `name` (the first, if both registries have one) holds this value.
  void expect_reading(std::string_view name, const DiagnosticValue& expected,
                      std::source_location at = std::source_location::current());
  // The reading called `name` is an error with this message.
  void expect_error(std::string_view name, std::string_view message,
                    std::source_location at = std::source_location::current());
  // No source is registered under `name`.
  void expect_absent(std::string_view name,
                     std::source_location at = std::source_location::current());
  // The panel, as text, is exactly these lines.
  void expect_panel(const std::vector<std::string>& lines,
                    std::source_location at = std::source_location::current());
  void expect_metrics(const FrameMetrics& expected,
                      std::source_location at = std::source_location::current());
  // The rendered frame matches golden/<suite>/<case>.png (the case's name in snake_case).
  void expect_golden(const GoldenTolerance& tolerance = {},
                     std::source_location at = std::source_location::current());
  void expect_golden_named(std::string_view name, const GoldenTolerance& tolerance = {},
                           std::source_location at = std::source_location::current());

  // "case arena/score_starts_at_zero, frame 60": the prefix of every failure.
  std::string where() const;
  std::string case_name() const;

 private:
  std::string suite_;
  std::unique_ptr<Driver> driver_;
};

// CamelCase to snake_case: "TinySurface" -> "tiny_surface".
std::string snake_case(std::string_view name);

// The main of a case binary: GoogleTest's flags, then --update-goldens, --golden-dir=DIR and
// --artifacts-dir=DIR (which override FRAMECHECK_UPDATE_GOLDENS, FRAMECHECK_GOLDEN_DIR and
// FRAMECHECK_ARTIFACTS_DIR). Sharding (GTEST_TOTAL_SHARDS, GTEST_SHARD_INDEX) and
// --gtest_output=xml: work as in any GoogleTest binary.
int run_cases(int argc, char** argv, const std::filesystem::path& default_golden_dir,
              const std::filesystem::path& default_artifacts_dir);

}  // namespace framecheck
