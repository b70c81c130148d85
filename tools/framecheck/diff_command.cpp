#include "diff_command.hpp"

#include <algorithm>
#include <charconv>
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

#include "command_main.hpp"
#include "exit_codes.hpp"
#include "option_reader.hpp"
#include "program_name.hpp"

namespace framecheck::cli {

namespace {

// "R,G,B", each 0 to 255.
std::optional<std::array<std::uint8_t, 3>> parse_colour(std::string_view text) {
  std::array<std::uint8_t, 3> out{};
  const char* p = text.data();
  const char* end = text.data() + text.size();
  for (int i = 0; i < 3; ++i) {
    unsigned v = 0;
    const auto [next, ec] = std::from_chars(p, end, v);
    if (ec != std::errc() || v > 255) return std::nullopt;
    out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v);
    p = next;
    if (i < 2) {
      if (p == end || *p != ',') return std::nullopt;
      ++p;
    }
  }
  if (p != end) return std::nullopt;
  return out;
}

// "x1:y1-x2:y2", odiff's form, with x1 <= x2 and y1 <= y2.
std::optional<IgnoreRegion> parse_region(std::string_view text) {
  IgnoreRegion r;
  const char* p = text.data();
  const char* end = text.data() + text.size();
  int* fields[] = {&r.x1, &r.y1, &r.x2, &r.y2};
  const char separators[] = {':', '-', ':'};
  for (int i = 0; i < 4; ++i) {
    const auto [next, ec] = std::from_chars(p, end, *fields[i]);
    if (ec != std::errc() || *fields[i] < 0) return std::nullopt;
    p = next;
    if (i < 3) {
      if (p == end || *p != separators[i]) return std::nullopt;
      ++p;
    }
  }
  if (p != end || r.x1 > r.x2 || r.y1 > r.y2) return std::nullopt;
  return r;
}

// The diff command's options, out of cxxopts' result.
void read_diff(OptionReader& o, DiffCommandOptions& d) {
  const cxxopts::ParseResult& r = o.result();
  const auto files = o.list("files");
  if (files.size() != 2) return o.fail("expected two files, EXPECTED and ACTUAL");
  d.expected = files[0];
  d.actual = files[1];
  if (d.expected.empty() || d.actual.empty()) return o.fail("a file name is empty");
  d.pixel.threshold = o.decimal("threshold", 0, 1, "0 to 1");
  d.pixel.include_aa = o.flag("include-aa");
  d.pixel.alpha = o.decimal("alpha", 0, 1, "0 to 1");
  d.max_diff_pixels =
      o.whole<std::uint64_t>("max-diff-pixels", 0, std::numeric_limits<std::uint64_t>::max());
  d.diff_png = o.path("diff");
  d.json = o.flag("json");
  d.pixel.diff_mask = o.flag("diff-mask");
  d.max_pixels = o.whole<std::uint64_t>("max-pixels", 1, std::uint64_t{1} << 40);
  const auto colour = [&](const char* name) -> std::optional<std::array<std::uint8_t, 3>> {
    const auto c = parse_colour(r[name].as<std::string>());
    if (!c) o.fail("--" + std::string(name) + " must be R,G,B with each from 0 to 255");
    return c;
  };
  if (auto c = colour("diff-color")) d.pixel.diff_color = *c;
  if (auto c = colour("aa-color")) d.pixel.aa_color = *c;
  if (o.has("diff-color-alt")) d.pixel.diff_color_alt = colour("diff-color-alt");
  if (o.has("ignore")) {
    // cxxopts splits a list option's value at commas, so each item is one region.
    for (const std::string& item : o.list("ignore")) {
      if (const auto region = parse_region(item)) {
        d.pixel.ignore.push_back(*region);
      } else {
        o.fail("--ignore takes x1:y1-x2:y2 with x1 <= x2 and y1 <= y2, not '" + item + "'");
      }
    }
  }
}

}  // namespace

Parsed<DiffCommandOptions> parse_diff(int argc, const char* const* argv) {
  cxxopts::Options options(command_name("diff"),
                           "Compare two PNG images, counting as pixelmatch 7.2.0 does.");
  options.positional_help("EXPECTED ACTUAL");
  options.add_options()  //
      ("threshold", "colour distance still called equal, 0 to 1",
       cxxopts::value<std::string>()->default_value("0.1"))       //
      ("include-aa", "count anti-aliased pixels as differences")  //
      ("alpha", "opacity of the expected image in the diff picture, 0 to 1",
       cxxopts::value<std::string>()->default_value("0.1"))  //
      ("max-diff-pixels", "differing pixels still called a pass",
       cxxopts::value<std::string>()->default_value("0"))                            //
      ("diff", "write the diff picture to this PNG", cxxopts::value<std::string>())  //
      ("diff-color", "R,G,B of a differing pixel in the diff picture",
       cxxopts::value<std::string>()->default_value("255,0,0"))  //
      ("aa-color", "R,G,B of an anti-aliased pixel in the diff picture",
       cxxopts::value<std::string>()->default_value("255,255,0"))  //
      ("diff-color-alt", "R,G,B of a pixel that got darker (default: --diff-color)",
       cxxopts::value<std::string>())                                                     //
      ("diff-mask", "draw the differences over transparency instead of the faded image")  //
      ("ignore", "x1:y1-x2:y2: a region left out, corners included (repeatable or comma-separated)",
       cxxopts::value<std::vector<std::string>>())  //
      ("max-pixels", "the most pixels an image may have",
       cxxopts::value<std::string>()->default_value(std::to_string(kDefaultMaxPixels)))  //
      ("json", "print one JSON object")                                                  //
      ("h,help", "show this help")                                                       //
      ("files", "", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"files"});
  return parse_command<DiffCommandOptions>(options, "diff", argc, argv, true, read_diff);
}

namespace {

std::string size_of(const Image& i) {
  return std::to_string(i.width) + "x" + std::to_string(i.height);
}
std::string size_of(const PngHeader& h) {
  return std::to_string(h.width) + "x" + std::to_string(h.height);
}

int fail(std::ostream& err, const Error& e) {
  err << command_name("diff") << ": " << e.message() << '\n';
  return kExitBadInput;
}

// A thread of its own pays for itself from about this size: below it, starting the thread (a
// few hundred microseconds on the machines measured) costs more than the decode or comparison it
// takes over. Two 64x48 PNGs, 4.4 against 5.0 ms; at 480x270 the two are level; at 1280x720 the
// second core saves a quarter (docs/performance-history.md).
constexpr std::uint64_t kPixelsWorthASecondCore = std::uint64_t{1} << 17;

bool worth_a_second_core(std::uint64_t pixels) {
  return pixels >= kPixelsWorthASecondCore;
}

// The comparison itself, once both images are decoded and the same size.
int compare(Image& expected, Image& actual, const DiffCommandOptions& options,
            nlohmann::json& report, std::ostream& out, std::ostream& err) {
  const unsigned threads = worth_a_second_core(expected.pixels())
                               ? std::max(2u, std::thread::hardware_concurrency())
                               : 1;
  const DiffOptions& diff_options = options.pixel;
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
      err << command_name("diff") << ": " << written.error().message() << '\n';
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

// Two PNGs that both decode, of different sizes: a difference, not bad input (pngjs, which
// pixelmatch's CLI reads with, decodes both before it compares their sizes, so a corrupt file is
// bad input whatever its size).
int sizes_differ(const PngHeader& expected, const PngHeader& actual,
                 const DiffCommandOptions& options, nlohmann::json& report, std::ostream& out) {
  report.update({{"actual_width", actual.width},
                 {"actual_height", actual.height},
                 {"mismatched", nullptr},
                 {"passed", false},
                 {"reason", "size"}});
  if (options.json) {
    out << report.dump() << '\n';
  } else {
    out << "sizes differ: " << size_of(expected) << " (" << options.expected << ") vs "
        << size_of(actual) << " (" << options.actual << ")\n";
  }
  return kExitMismatch;
}

}  // namespace

int run_diff(const DiffCommandOptions& options, std::ostream& stdout_text, std::ostream& err) {
  std::vector<std::filesystem::path> outputs;
  if (!options.diff_png.empty()) outputs.emplace_back(options.diff_png);
  const std::filesystem::path inputs[] = {options.expected, options.actual};
  if (Status s = check_outputs(outputs, inputs); !s) {
    err << command_name("diff") << ": " << s.error().message() << '\n';
    return kExitBadInput;
  }
  std::ostream& out = writes_standard_output(outputs) ? err : stdout_text;
  // Both files are read (regular files mapped, not copied) and their headers checked first: a bomb
  // or a size change is known before a pixel is decoded.
  allow_mapped_inputs(command_name("diff"), kExitBadInput);
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
      {"expected", options.expected},         {"actual", options.actual},
      {"width", expected_header->width},      {"height", expected_header->height},
      {"threshold", options.pixel.threshold}, {"max_diff_pixels", options.max_diff_pixels}};
  // Nothing a decode throws (running out of memory above all) leaves its thread.
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
  // Large images decode at once, one on each core; small ones one after the other, here.
  const std::uint64_t pixels =
      std::max(std::uint64_t{expected_header->width} * expected_header->height,
               std::uint64_t{actual_header->width} * actual_header->height);
  std::optional<Result<Image>> actual_read;
  const auto read_actual = [&] { actual_read.emplace(decode(actual_bytes, options.actual)); };
  try {
    std::optional<std::thread> reader;
    if (worth_a_second_core(pixels)) reader.emplace(read_actual);
    Result<Image> expected = decode(expected_bytes, options.expected);
    if (reader) {
      reader->join();
    } else if (expected) {
      read_actual();
    }
    if (!expected) return fail(err, expected.error());
    if (!*actual_read) return fail(err, actual_read->error());
    if (expected->width != actual_read->value().width ||
        expected->height != actual_read->value().height)
      return sizes_differ(*expected_header, *actual_header, options, report, out);
    return compare(expected.value(), actual_read->value(), options, report, out, err);
  } catch (const std::system_error& e) {
    return fail(err, Error{options.actual, "", std::string("cannot start a reader: ") + e.what()});
  }
}

int diff_main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return command_main<parse_diff, run_diff>(argc, argv, out, err);
}

}  // namespace framecheck::cli
