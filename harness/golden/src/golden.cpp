#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <framecheck/golden/golden.hpp>
#include <framecheck/golden/golden_record.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/io/input_file.hpp>
#include <framecheck/io/output_file.hpp>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

namespace framecheck {
namespace {

namespace fs = std::filesystem;

std::string shortest(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, end);
}

std::string size_of(const Image& i) {
  return std::to_string(i.width) + "x" + std::to_string(i.height);
}

// Leaves what a person needs to see a failure: the actual frame, the diff, and the golden.
void write_artifacts(GoldenResult& r, const GoldenSettings& s, std::string_view suite,
                     std::string_view name, const std::string& actual_png,
                     const std::string& golden_png, const Image* diff) {
  const fs::path dir = s.artifacts_dir / suite;
  const std::string base = std::string(name);
  // A parameterised case's name has folders of its own ("steps/frame/0").
  std::error_code ec;
  fs::create_directories((dir / base).parent_path(), ec);
  if (write_output_file(dir / (base + ".actual.png"), actual_png))
    r.actual_artifact = dir / (base + ".actual.png");
  if (!golden_png.empty()) (void)write_output_file(dir / (base + ".expected.png"), golden_png);
  if (diff != nullptr && write_png(*diff, dir / (base + ".diff.png")))
    r.diff_artifact = dir / (base + ".diff.png");
  if (!r.actual_artifact.empty()) r.message += "\n  actual:   " + r.actual_artifact.string();
  if (!r.diff_artifact.empty()) r.message += "\n  diff:     " + r.diff_artifact.string();
  if (!golden_png.empty())
    r.message += "\n  expected: " + (dir / (base + ".expected.png")).string();
}

}  // namespace

std::string snake_case(std::string_view name) {
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (std::isupper(c)) {
      const bool after_lower = i > 0 && (std::islower(static_cast<unsigned char>(name[i - 1])) ||
                                         std::isdigit(static_cast<unsigned char>(name[i - 1])));
      const bool before_lower =
          i + 1 < name.size() && std::islower(static_cast<unsigned char>(name[i + 1]));
      if (i > 0 && (after_lower ||
                    (before_lower && std::isupper(static_cast<unsigned char>(name[i - 1]))))) {
        out.push_back('_');
      }
      out.push_back(static_cast<char>(std::tolower(c)));
    } else {
      // A run of digits after a letter is a word of its own: "At1080p" -> "at_1080p".
      if (std::isdigit(c) && i > 0 && std::isalpha(static_cast<unsigned char>(name[i - 1])))
        out.push_back('_');
      out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

std::optional<GoldenUpdate> parse_golden_update(std::string_view text) {
  for (GoldenUpdate mode :
       {GoldenUpdate::kNone, GoldenUpdate::kMissing, GoldenUpdate::kChanged, GoldenUpdate::kAll}) {
    if (text == golden_update_name(mode)) return mode;
  }
  return std::nullopt;
}

std::string_view golden_update_name(GoldenUpdate mode) {
  switch (mode) {
    case GoldenUpdate::kNone:
      return "none";
    case GoldenUpdate::kMissing:
      return "missing";
    case GoldenUpdate::kChanged:
      return "changed";
    case GoldenUpdate::kAll:
      return "all";
  }
  return "none";
}

Result<GoldenSettings> GoldenSettings::from_environment(fs::path golden_dir,
                                                        fs::path artifacts_dir) {
  GoldenSettings s{std::move(golden_dir), std::move(artifacts_dir), GoldenUpdate::kNone, {}, {}};
  if (const char* v = std::getenv("FRAMECHECK_GOLDEN_DIR"); v && *v) s.golden_dir = v;
  if (const char* v = std::getenv("FRAMECHECK_ARTIFACTS_DIR"); v && *v) s.artifacts_dir = v;
  if (const char* v = std::getenv("FRAMECHECK_UPDATE_GOLDENS"); v && *v) {
    // "1" and "0" have meant all and none since before the modes. Nothing else is guessed at:
    // a typo that meant "no" must not rewrite every golden.
    const std::string_view text = v;
    std::optional<GoldenUpdate> mode = parse_golden_update(text);
    if (text == "1") mode = GoldenUpdate::kAll;
    if (text == "0") mode = GoldenUpdate::kNone;
    if (!mode)
      return Error{"FRAMECHECK_UPDATE_GOLDENS", "",
                   "expected none, missing, changed, all, 1 (all) or 0 (none), in lower case; "
                   "it was '" +
                       escape_text(text) + "'"};
    s.update = *mode;
  }
  return s;
}

std::size_t GoldenTolerance::allowed(std::size_t pixels) const {
  const double ratio = std::clamp(max_diff_pixel_ratio, 0.0, 1.0);
  return std::max(max_diff_pixels, static_cast<std::size_t>(ratio * static_cast<double>(pixels)));
}

namespace {

// A case that passes leaves no pictures from an earlier failing run to mislead a reader.
void remove_stale_artifacts(const GoldenSettings& s, std::string_view suite,
                            std::string_view name) {
  std::error_code ec;
  for (const char* kind : {".actual.png", ".expected.png", ".diff.png"})
    fs::remove(s.artifacts_dir / suite / (std::string(name) + kind), ec);
}

// Pixels whose four bytes differ, outside the masks.
std::size_t count_exact(const Image& a, const Image& b, const std::vector<IgnoreRegion>& masks) {
  std::size_t n = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      const std::size_t i = (static_cast<std::size_t>(y) * a.width + x) * 4;
      if (a.rgba[i] == b.rgba[i] && a.rgba[i + 1] == b.rgba[i + 1] &&
          a.rgba[i + 2] == b.rgba[i + 2] && a.rgba[i + 3] == b.rgba[i + 3])
        continue;
      const bool masked = std::any_of(masks.begin(), masks.end(), [&](const IgnoreRegion& m) {
        return x >= m.x1 && x <= m.x2 && y >= m.y1 && y <= m.y2;
      });
      n += masked ? 0 : 1;
    }
  }
  return n;
}

const char* outcome_name(GoldenResult::Outcome o) {
  switch (o) {
    case GoldenResult::Outcome::kMatched:
      return "matched";
    case GoldenResult::Outcome::kWithinTolerance:
      return "within_tolerance";
    case GoldenResult::Outcome::kWritten:
      return "written";
    case GoldenResult::Outcome::kMissing:
      return "missing";
    case GoldenResult::Outcome::kMismatched:
      return "changed";
    case GoldenResult::Outcome::kSizeMismatch:
      return "size_changed";
    case GoldenResult::Outcome::kBadGolden:
      return "bad";
  }
  return "bad";
}

// Leaves <suite>/<name>.result.json: what this check saw, for `framecheck goldens`.
void write_record(GoldenResult& r, const GoldenSettings& s, std::string_view suite,
                  std::string_view name, const std::string& actual_png, double threshold) {
  GoldenRecord record;
  record.suite = std::string(suite);
  record.name = std::string(name);
  record.case_id = s.case_id;
  record.outcome = outcome_name(r.outcome);
  record.exact = r.exact;
  record.perceptual = r.perceptual;
  record.threshold = threshold;
  record.allowed = r.allowed;
  record.pixels = r.pixels;
  record.golden = r.golden.string();
  if (!r.actual_artifact.empty()) {
    record.actual_bytes = actual_png.size();
    record.actual_hash = golden_bytes_hash(actual_png);
  }
  record.message = r.passed() ? std::string() : r.message;
  const fs::path dir = s.artifacts_dir / suite;
  std::error_code ec;
  fs::create_directories((dir / std::string(name)).parent_path(), ec);
  const Status written =
      write_output_file(dir / (std::string(name) + ".result.json"), golden_record_json(record));
  if (!written && !r.passed())
    r.message += "\n  (its result file: " + written.error().message() + ")";
}

// Writes the golden in update mode.
void write_golden(GoldenResult& r, const GoldenSettings& settings, std::string_view suite,
                  std::string_view name, const std::string& actual_png, bool existed) {
  std::error_code ec;
  fs::create_directories(r.golden.parent_path(), ec);
  if (const Status written = write_output_file(r.golden, actual_png); !written) {
    r.outcome = GoldenResult::Outcome::kBadGolden;
    r.message = written.error().message();
    return;
  }
  r.outcome = GoldenResult::Outcome::kWritten;
  r.message = (existed ? "updated " : "created ") + r.golden.string();
  remove_stale_artifacts(settings, suite, name);
}

std::string update_hint(const GoldenSettings& settings) {
  return settings.update_command.empty()
             ? std::string()
             : "\n  if the new frame is right, update this golden with:\n    " +
                   settings.update_command;
}

GoldenResult compare(std::string_view suite, std::string_view name, const std::string& actual_png,
                     const GoldenSettings& settings, const GoldenTolerance& tolerance) {
  GoldenResult r;
  r.golden = settings.golden_dir / suite / (std::string(name) + ".png");
  std::error_code missing;
  // A link to a golden not written yet is, in update mode, where it is written: the output rule
  // writes a link's target.
  const bool dangling = fs::is_symlink(fs::symlink_status(r.golden, missing)) &&
                        !fs::exists(fs::status(r.golden, missing));
  const bool updating = settings.update != GoldenUpdate::kNone;
  const bool found = fs::exists(fs::symlink_status(r.golden, missing)) && !(dangling && updating);
  Result<std::string> read = found ? read_input_file(r.golden, kMaxPngBytes, "a golden PNG")
                                   : Result<std::string>(std::string());
  if (!read) {
    r.outcome = GoldenResult::Outcome::kBadGolden;
    r.message = read.error().message();
    return r;
  }
  const std::string& golden_png = *read;

  if (!found) {
    if (updating) {
      write_golden(r, settings, suite, name, actual_png, false);
      return r;
    }
    r.outcome = GoldenResult::Outcome::kMissing;
    r.message = "golden " + r.golden.string() +
                " does not exist; look at the actual frame, then create it with:\n  " +
                settings.update_command;
    write_artifacts(r, settings, suite, name, actual_png, {}, nullptr);
    return r;
  }
  if (golden_png == actual_png) {
    remove_stale_artifacts(settings, suite, name);
    return r;
  }

  Result<Image> expected = decode_png(golden_png, r.golden.string());
  if (!expected) {
    r.outcome = GoldenResult::Outcome::kBadGolden;
    r.message = expected.error().message();
    return r;
  }
  Result<Image> actual = decode_png(actual_png, "the rendered frame");
  if (!actual) {
    r.outcome = GoldenResult::Outcome::kBadGolden;
    r.message = actual.error().message();
    return r;
  }
  r.pixels = expected->pixels();
  if (expected->width != actual->width || expected->height != actual->height) {
    if (settings.update >= GoldenUpdate::kChanged) {
      write_golden(r, settings, suite, name, actual_png, true);
      return r;
    }
    r.outcome = GoldenResult::Outcome::kSizeMismatch;
    r.message =
        r.golden.string() + " is " + size_of(*expected) + " but the frame is " + size_of(*actual);
    write_artifacts(r, settings, suite, name, actual_png, golden_png, nullptr);
    r.message += update_hint(settings);
    return r;
  }
  const bool exact_mode = tolerance.compare == GoldenTolerance::Compare::kExact;
  r.exact = count_exact(*expected, *actual, tolerance.diff.ignore);
  // The picture shows what was judged: every changed pixel when exact, pixelmatch's otherwise.
  DiffOptions picture = tolerance.diff;
  if (exact_mode) {
    picture.threshold = 0;
    picture.include_aa = true;
  }
  Image diff;
  const std::size_t pictured = count_mismatched(*expected, *actual, &diff, picture);
  r.perceptual =
      exact_mode ? count_mismatched(*expected, *actual, nullptr, tolerance.diff) : pictured;
  r.mismatched = exact_mode ? r.exact : r.perceptual;
  r.allowed = tolerance.allowed(r.pixels);
  if (r.mismatched <= r.allowed) {
    if (settings.update == GoldenUpdate::kAll) {
      write_golden(r, settings, suite, name, actual_png, true);
      return r;
    }
    r.outcome = r.mismatched == 0 ? GoldenResult::Outcome::kMatched
                                  : GoldenResult::Outcome::kWithinTolerance;
    remove_stale_artifacts(settings, suite, name);
    return r;
  }
  if (settings.update >= GoldenUpdate::kChanged) {
    write_golden(r, settings, suite, name, actual_png, true);
    return r;
  }
  r.outcome = GoldenResult::Outcome::kMismatched;
  const std::string threshold = shortest(tolerance.diff.threshold);
  const std::string of = " of " + std::to_string(r.pixels) + " pixels";
  if (exact_mode) {
    r.message = r.golden.string() + ": " + std::to_string(r.exact) + of + " differ; " +
                std::to_string(r.perceptual) + " beyond pixelmatch's threshold " + threshold +
                " (compared exactly, " + std::to_string(r.allowed) + " allowed)";
  } else {
    r.message = r.golden.string() + ": " + std::to_string(r.perceptual) + of +
                " differ beyond pixelmatch's threshold " + threshold + " (" +
                std::to_string(r.allowed) + " allowed); " + std::to_string(r.exact) +
                " differ at all";
  }
  write_artifacts(r, settings, suite, name, actual_png, golden_png, &diff);
  r.message += update_hint(settings);
  return r;
}

}  // namespace

GoldenResult check_golden(std::string_view suite, std::string_view name,
                          const std::string& actual_png, const GoldenSettings& settings,
                          const GoldenTolerance& tolerance) {
  GoldenResult r = compare(suite, name, actual_png, settings, tolerance);
  write_record(r, settings, suite, name, actual_png, tolerance.diff.threshold);
  return r;
}

}  // namespace framecheck
