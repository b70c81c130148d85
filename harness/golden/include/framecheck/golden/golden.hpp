// Golden images: a frame compared with its committed PNG, or written as the new golden.
#pragma once

#include <cstddef>
#include <filesystem>
#include <framecheck/image/pixel_diff.hpp>
#include <string>
#include <string_view>

namespace framecheck {

// Where goldens and artifacts live, and whether to write goldens instead of comparing.
struct GoldenSettings {
  std::filesystem::path golden_dir;  // holds <suite>/<case>.png
  std::filesystem::path
      artifacts_dir;           // a mismatch leaves <suite>/<case>.{actual,diff,expected}.png here
  bool update = false;         // write (atomically) instead of comparing
  std::string update_command;  // shown when a golden is missing or differs: how to write it

  // Defaults overridden by the environment: FRAMECHECK_GOLDEN_DIR, FRAMECHECK_ARTIFACTS_DIR,
  // and FRAMECHECK_UPDATE_GOLDENS (any value but empty or 0 turns update mode on).
  static GoldenSettings from_environment(std::filesystem::path golden_dir,
                                         std::filesystem::path artifacts_dir);
};

// How different an image may be and still pass.
struct GoldenTolerance {
  DiffOptions diff;                 // pixelmatch's threshold, includeAA, ...
  std::size_t max_diff_pixels = 0;  // mismatched pixels allowed
};

struct GoldenResult {
  enum class Outcome {
    kMatched,
    kWithinTolerance,
    kWritten,
    kMissing,
    kMismatched,
    kSizeMismatch,
    kBadGolden
  };
  Outcome outcome = Outcome::kMatched;
  bool passed() const { return outcome <= Outcome::kWritten; }
  std::size_t mismatched = 0;
  std::size_t pixels = 0;
  std::filesystem::path golden;
  std::filesystem::path actual_artifact;  // set when artifacts were written
  std::filesystem::path diff_artifact;
  std::string message;  // a whole sentence or two, for a failure or a note
};

// Compares PNG bytes with <golden_dir>/<suite>/<name>.png: identical bytes pass at once,
// otherwise the pixel diff decides. In update mode, writes the golden if it differs.
GoldenResult check_golden(std::string_view suite, std::string_view name,
                          const std::string& actual_png, const GoldenSettings& settings,
                          const GoldenTolerance& tolerance = {});

// A case's name as its golden file is named, CamelCase to snake_case: "TinySurface" ->
// "tiny_surface", "MidMatchAt1080p" -> "mid_match_at_1080p".
std::string snake_case(std::string_view name);

}  // namespace framecheck
