#include <cctype>
#include <charconv>
#include <cstdlib>
#include <framecheck/golden/golden.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/input_file.hpp>
#include <framecheck/io/output_file.hpp>
#include <fstream>
#include <sstream>

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
  std::error_code ec;
  fs::create_directories(dir, ec);
  const std::string base = std::string(name);
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

GoldenSettings GoldenSettings::from_environment(fs::path golden_dir, fs::path artifacts_dir) {
  GoldenSettings s{std::move(golden_dir), std::move(artifacts_dir), false, {}};
  if (const char* v = std::getenv("FRAMECHECK_GOLDEN_DIR"); v && *v) s.golden_dir = v;
  if (const char* v = std::getenv("FRAMECHECK_ARTIFACTS_DIR"); v && *v) s.artifacts_dir = v;
  if (const char* v = std::getenv("FRAMECHECK_UPDATE_GOLDENS");
      v && *v && std::string_view(v) != "0")
    s.update = true;
  return s;
}

// A case that passes leaves no pictures from an earlier failing run to mislead a reader.
void remove_stale_artifacts(const GoldenSettings& s, std::string_view suite,
                            std::string_view name) {
  std::error_code ec;
  for (const char* kind : {".actual.png", ".expected.png", ".diff.png"})
    fs::remove(s.artifacts_dir / suite / (std::string(name) + kind), ec);
}

GoldenResult check_golden(std::string_view suite, std::string_view name,
                          const std::string& actual_png, const GoldenSettings& settings,
                          const GoldenTolerance& tolerance) {
  GoldenResult r;
  r.golden = settings.golden_dir / suite / (std::string(name) + ".png");
  std::error_code missing;
  // A link to a golden not written yet is, in update mode, where it is written: the output rule
  // writes a link's target.
  const bool dangling = fs::is_symlink(fs::symlink_status(r.golden, missing)) &&
                        !fs::exists(fs::status(r.golden, missing));
  const bool found =
      fs::exists(fs::symlink_status(r.golden, missing)) && !(dangling && settings.update);
  Result<std::string> read = found ? read_input_file(r.golden, kMaxPngBytes, "a golden PNG")
                                   : Result<std::string>(std::string());
  if (!read) {
    r.outcome = GoldenResult::Outcome::kBadGolden;
    r.message = read.error().message();
    return r;
  }
  const std::string& golden_png = *read;

  if (settings.update) {
    if (found && golden_png == actual_png) return r;
    std::error_code ec;
    fs::create_directories(r.golden.parent_path(), ec);
    const Status written = write_output_file(r.golden, actual_png);
    if (!written) {
      r.outcome = GoldenResult::Outcome::kBadGolden;
      r.message = written.error().message();
      return r;
    }
    r.outcome = GoldenResult::Outcome::kWritten;
    r.message = (found ? "updated " : "created ") + r.golden.string();
    remove_stale_artifacts(settings, suite, name);
    return r;
  }

  if (!found) {
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
    r.outcome = GoldenResult::Outcome::kSizeMismatch;
    r.message =
        r.golden.string() + " is " + size_of(*expected) + " but the frame is " + size_of(*actual);
    write_artifacts(r, settings, suite, name, actual_png, golden_png, nullptr);
    if (!settings.update_command.empty())
      r.message +=
          "\n  if the new frame is right, update this golden with:\n    " + settings.update_command;
    return r;
  }
  Image diff;
  r.mismatched = count_mismatched(*expected, *actual, &diff, tolerance.diff);
  if (r.mismatched <= tolerance.max_diff_pixels) {
    r.outcome = r.mismatched == 0 ? GoldenResult::Outcome::kMatched
                                  : GoldenResult::Outcome::kWithinTolerance;
    remove_stale_artifacts(settings, suite, name);
    return r;
  }
  r.outcome = GoldenResult::Outcome::kMismatched;
  r.message = r.golden.string() + ": " + std::to_string(r.mismatched) + " of " +
              std::to_string(r.pixels) + " pixels differ (" +
              std::to_string(tolerance.max_diff_pixels) + " allowed, threshold " +
              shortest(tolerance.diff.threshold) + ")";
  write_artifacts(r, settings, suite, name, actual_png, golden_png, &diff);
  if (!settings.update_command.empty())
    r.message +=
        "\n  if the new frame is right, update this golden with:\n    " + settings.update_command;
  return r;
}

}  // namespace framecheck
