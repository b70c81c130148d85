// Golden images: a frame compared with its committed PNG, or written as the new golden.
#pragma once

#include <cstddef>
#include <filesystem>
#include <framecheck/image/pixel_diff.hpp>
#include <framecheck/io/result.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace framecheck {

// Which goldens update mode writes, as Playwright's --update-snapshots chooses.
enum class GoldenUpdate {
  kNone,     // compare, write nothing
  kMissing,  // write goldens that do not exist yet; compare the rest
  kChanged,  // also rewrite goldens the frame fails against
  kAll,      // also rewrite goldens a tolerance let pass, so every golden is this run's frame
};

// "none", "missing", "changed" or "all" as a mode; nullopt for anything else.
std::optional<GoldenUpdate> parse_golden_update(std::string_view text);
// The mode's name, as parse_golden_update reads it.
std::string_view golden_update_name(GoldenUpdate mode);

// Where goldens and artifacts live, and whether to write goldens instead of comparing.
struct GoldenSettings {
  std::filesystem::path golden_dir;     // holds <suite>/<case>.png
  std::filesystem::path artifacts_dir;  // each check's <suite>/<case>.result.json; a failure's
                                        // .actual/.diff/.expected
  GoldenUpdate update = GoldenUpdate::kNone;
  std::string update_command;  // shown when a golden is missing or differs: how to write it
  std::string case_id;         // "ArenaCase.ScoreStartsAtZero": who checked, in the result file

  // Defaults overridden by the environment: FRAMECHECK_GOLDEN_DIR, FRAMECHECK_ARTIFACTS_DIR,
  // and FRAMECHECK_UPDATE_GOLDENS (none, missing, changed, all, 1 for all or 0 for none, in lower
  // case; empty is unset). Any other word is an Error naming the variable: nothing is guessed.
  static Result<GoldenSettings> from_environment(std::filesystem::path golden_dir,
                                                 std::filesystem::path artifacts_dir);
};

// How different a frame may be from its golden and still pass. The default is exact: any
// channel of any pixel that differs fails. framecheck's frames are the same bytes on every
// machine, so a tolerance forgives only real changes; reach for one for a frame that is not
// deterministic (a video's frame, a platform font), and then prefer a mask over a threshold.
//   expect_golden({.compare = GoldenTolerance::Compare::kPixelmatch});  // threshold 0.1
//   expect_golden({.max_diff_pixel_ratio = 0.001});                     // 0.1% of the frame
struct GoldenTolerance {
  // kExact counts pixels whose bytes differ; kPixelmatch counts what pixelmatch does with
  // diff.threshold and diff.include_aa (a perceptual distance, anti-aliasing forgiven).
  enum class Compare { kExact, kPixelmatch };
  Compare compare = Compare::kExact;
  DiffOptions diff;                 // pixelmatch's options; diff.ignore masks regions either way
  std::size_t max_diff_pixels = 0;  // differing pixels allowed
  double max_diff_pixel_ratio = 0;  // or this fraction of the frame's pixels, whichever is more

  // The differing pixels allowed in a frame of `pixels` pixels.
  std::size_t allowed(std::size_t pixels) const;
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
  std::size_t mismatched = 0;  // the count the tolerance judged
  std::size_t exact = 0;       // pixels whose bytes differ (outside masks)
  std::size_t perceptual = 0;  // of those, beyond pixelmatch's threshold (diff.threshold)
  std::size_t allowed = 0;
  std::size_t pixels = 0;
  std::filesystem::path golden;
  std::filesystem::path actual_artifact;  // set when artifacts were written
  std::filesystem::path diff_artifact;
  std::string message;  // a whole sentence or two, for a failure or a note
};

// Compares PNG bytes with <golden_dir>/<suite>/<name>.png: identical bytes pass at once,
// otherwise the tolerance decides. In update mode, writes the golden where the mode says. Every
// check leaves <artifacts_dir>/<suite>/<name>.result.json (read by `framecheck goldens`).
//   GoldenResult r = check_golden("arena", "score_starts_at_zero", png, settings);
//   if (!r.passed()) std::cerr << r.message;
GoldenResult check_golden(std::string_view suite, std::string_view name,
                          const std::string& actual_png, const GoldenSettings& settings,
                          const GoldenTolerance& tolerance = {});

// A case's name as its golden file is named, CamelCase to snake_case: "TinySurface" ->
// "tiny_surface", "MidMatchAt1080p" -> "mid_match_at_1080p".
std::string snake_case(std::string_view name);

}  // namespace framecheck
