#include "diff_command.hpp"

#include <algorithm>
#include <filesystem>
#include <framecheck/image/pixel_diff.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/input_bytes.hpp>
#include <framecheck/io/output_file.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <system_error>
#include <thread>
#include <vector>

#include "exit_codes.hpp"

namespace framecheck::cli {
namespace {

std::string size_of(const Image& i) {
  return std::to_string(i.width) + "x" + std::to_string(i.height);
}
std::string size_of(const PngHeader& h) {
  return std::to_string(h.width) + "x" + std::to_string(h.height);
}

int fail(std::ostream& err, const Error& e) {
  err << "framecheck diff: " << e.message() << '\n';
  return kExitBadInput;
}

// The comparison itself, once both images are decoded and the same size.
int compare(Image& expected, Image& actual, const DiffCommandOptions& options,
            nlohmann::json& report, std::ostream& out, std::ostream& err) {
  const unsigned threads = std::max(2u, std::thread::hardware_concurrency());
  DiffOptions diff_options;
  diff_options.threshold = options.threshold;
  diff_options.include_aa = options.include_aa;
  diff_options.alpha = options.alpha;
  diff_options.diff_color = options.diff_color;
  diff_options.aa_color = options.aa_color;
  diff_options.diff_color_alt = options.diff_color_alt;
  diff_options.diff_mask = options.diff_mask;
  diff_options.ignore = options.ignore;
  // The picture is drawn as palette indices where its colours fit one (the usual fade): a
  // quarter of the memory, and written as it is. Otherwise RGBA, over the one decoded image when
  // both files are the same.
  PalettePicture palette;
  Image rgba;
  Image& picture = &expected == &actual ? expected : rgba;
  bool as_palette = false;
  std::size_t mismatched = 0;
  try {
    if (options.diff_png.empty()) {
      mismatched = count_mismatched_parallel(expected, actual, nullptr, diff_options, threads);
    } else if (const auto n =
                   count_mismatched_palette(expected, actual, palette, diff_options, threads)) {
      mismatched = *n;
      as_palette = true;
    } else {
      mismatched = count_mismatched_parallel(expected, actual, &picture, diff_options, threads);
    }
  } catch (const std::bad_alloc&) {
    return fail(err, Error{options.diff_png, "",
                           "out of memory for a " + size_of(expected) + " diff picture"});
  }
  const bool passed = mismatched <= options.max_diff_pixels;
  if (!options.diff_png.empty()) {
    const Status written = as_palette ? write_png(palette, options.diff_png)
                                      : write_png(picture, options.diff_png, PngEffort::kFast);
    if (!written) {
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
        100.0 * static_cast<double>(mismatched) / static_cast<double>(expected.pixels());
    char share[32];
    std::snprintf(share, sizeof share, "%.2f", percent);
    out << mismatched << " of " << expected.pixels() << " pixels differ (" << share << "%), "
        << options.max_diff_pixels << " allowed: " << (passed ? "pass" : "FAIL") << '\n';
  }
  return passed ? kExitOk : kExitMismatch;
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
  // Both files are read (regular files mapped, not copied) and their headers checked first: a bomb
  // or a size change is known before a pixel is decoded.
  allow_mapped_inputs("framecheck diff", kExitBadInput);
  Result<InputBytes> expected_file = InputBytes::read(options.expected, kMaxPngBytes, "a PNG");
  if (!expected_file) return fail(err, expected_file.error());
  Result<InputBytes> actual_file = InputBytes::read(options.actual, kMaxPngBytes, "a PNG");
  if (!actual_file) return fail(err, actual_file.error());
  const std::string_view expected_bytes = expected_file->view();
  const std::string_view actual_bytes = actual_file->view();
  Result<PngHeader> expected_header = read_png_header(expected_bytes, options.expected);
  if (!expected_header) return fail(err, expected_header.error());
  Result<PngHeader> actual_header = read_png_header(actual_bytes, options.actual);
  if (!actual_header) return fail(err, actual_header.error());
  const PngLimits limits{options.max_pixels};
  // A header over the pixel limit is bad input, whatever it is compared with.
  if (Status s = check_png_limits(*expected_header, options.expected, limits); !s)
    return fail(err, s.error());
  if (Status s = check_png_limits(*actual_header, options.actual, limits); !s)
    return fail(err, s.error());

  nlohmann::json report = {
      {"expected", options.expected},    {"actual", options.actual},
      {"width", expected_header->width}, {"height", expected_header->height},
      {"threshold", options.threshold},  {"max_diff_pixels", options.max_diff_pixels}};
  if (expected_header->width != actual_header->width ||
      expected_header->height != actual_header->height) {
    // A size change is a difference, not bad input: both files are fine PNGs.
    report.update({{"actual_width", actual_header->width},
                   {"actual_height", actual_header->height},
                   {"mismatched", nullptr},
                   {"passed", false},
                   {"reason", "size"}});
    if (options.json) {
      out << report.dump() << '\n';
    } else {
      out << "sizes differ: " << size_of(*expected_header) << " (" << options.expected << ") vs "
          << size_of(*actual_header) << " (" << options.actual << ")\n";
    }
    return kExitMismatch;
  }

  // Decoding dominates: the two files decode at once, one on each core. Nothing a decode throws
  // (running out of memory above all) leaves its thread.
  const auto decode = [&](std::string_view bytes, const std::string& name) -> Result<Image> {
    try {
      return decode_png(bytes, name, limits);
    } catch (const std::exception& e) {
      return Error{name, "", std::string("cannot decode: ") + e.what()};
    }
  };
  // The same bytes twice (a frame that did not change, a file against itself): one decode.
  if (expected_bytes == actual_bytes) {
    Result<Image> both = decode(expected_bytes, options.expected);
    if (!both) return fail(err, both.error());
    return compare(both.value(), both.value(), options, report, out, err);
  }
  std::optional<Result<Image>> actual_read;
  try {
    std::thread reader([&] { actual_read.emplace(decode(actual_bytes, options.actual)); });
    Result<Image> expected = decode(expected_bytes, options.expected);
    reader.join();
    if (!expected) return fail(err, expected.error());
    if (!*actual_read) return fail(err, actual_read->error());
    return compare(expected.value(), actual_read->value(), options, report, out, err);
  } catch (const std::system_error& e) {
    return fail(err, Error{options.actual, "", std::string("cannot start a reader: ") + e.what()});
  }
}

}  // namespace framecheck::cli
