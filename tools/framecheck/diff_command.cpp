#include "diff_command.hpp"

#include <algorithm>
#include <filesystem>
#include <framecheck/output_file.hpp>
#include <framecheck/pixel_diff.hpp>
#include <framecheck/png_io.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <thread>
#include <vector>

#include "exit_codes.hpp"

namespace framecheck::cli {
namespace {

std::string size_of(const Image& i) {
  return std::to_string(i.width) + "x" + std::to_string(i.height);
}

}  // namespace

int run_diff(const DiffCommandOptions& options, std::ostream& stdout_text, std::ostream& err) {
  std::vector<std::filesystem::path> outputs;
  if (!options.diff_png.empty()) outputs.emplace_back(options.diff_png);
  const std::filesystem::path inputs[] = {options.expected, options.actual};
  if (Status s = check_outputs(outputs, inputs); !s) {
    err << "framecheck diff: " << s.error().message() << '\n';
    return kExitBadInput;
  }
  std::ostream& out = writes_standard_output(outputs) ? err : stdout_text;
  // Decoding dominates: the two files decode at once, one on each core.
  const unsigned threads = std::max(2u, std::thread::hardware_concurrency());
  std::optional<Result<Image>> actual_read;
  std::thread reader([&] { actual_read.emplace(read_png(options.actual)); });
  Result<Image> expected = read_png(options.expected);
  reader.join();
  Result<Image>& actual = *actual_read;
  if (!expected) {
    err << "framecheck diff: " << expected.error().message() << '\n';
    return kExitBadInput;
  }
  if (!actual) {
    err << "framecheck diff: " << actual.error().message() << '\n';
    return kExitBadInput;
  }

  nlohmann::json report = {
      {"expected", options.expected},   {"actual", options.actual},
      {"width", expected->width},       {"height", expected->height},
      {"threshold", options.threshold}, {"max_diff_pixels", options.max_diff_pixels}};
  if (expected->width != actual->width || expected->height != actual->height) {
    // A size change is a difference, not bad input: both files are fine PNGs.
    report.update({{"actual_width", actual->width},
                   {"actual_height", actual->height},
                   {"mismatched", nullptr},
                   {"passed", false},
                   {"reason", "size"}});
    if (options.json) {
      out << report.dump() << '\n';
    } else {
      out << "sizes differ: " << size_of(*expected) << " (" << options.expected << ") vs "
          << size_of(*actual) << " (" << options.actual << ")\n";
    }
    return kExitMismatch;
  }

  DiffOptions diff_options;
  diff_options.threshold = options.threshold;
  diff_options.include_aa = options.include_aa;
  diff_options.alpha = options.alpha;
  Image diff;
  const std::size_t mismatched = count_mismatched_parallel(
      *expected, *actual, options.diff_png.empty() ? nullptr : &diff, diff_options, threads);
  const bool passed = mismatched <= options.max_diff_pixels;
  if (!options.diff_png.empty()) {
    if (const Status written = write_png(diff, options.diff_png, PngEffort::kFast); !written) {
      err << "framecheck diff: " << written.error().message() << '\n';
      return kExitBadInput;
    }
  }

  if (options.json) {
    report.update({{"mismatched", mismatched}, {"passed", passed}});
    if (!options.diff_png.empty()) report["diff"] = options.diff_png;
    out << report.dump() << '\n';
  } else {
    const double percent =
        100.0 * static_cast<double>(mismatched) / static_cast<double>(expected->pixels());
    char share[32];
    std::snprintf(share, sizeof share, "%.2f", percent);
    out << mismatched << " of " << expected->pixels() << " pixels differ (" << share << "%), "
        << options.max_diff_pixels << " allowed: " << (passed ? "pass" : "FAIL") << '\n';
  }
  return passed ? kExitOk : kExitMismatch;
}

}  // namespace framecheck::cli
