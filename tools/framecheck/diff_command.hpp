// `framecheck diff`: two PNGs compared as pixelmatch 7.2.0 compares them.
#pragma once

#include <cstdint>
#include <framecheck/image/pixel_diff.hpp>
#include <framecheck/image/png_io.hpp>
#include <iosfwd>
#include <string>

#include "parsed.hpp"

namespace framecheck::cli {

// `framecheck diff EXPECTED ACTUAL`: the pixel diff, as pixelmatch 7.2.0 counts.
struct DiffCommandOptions {
  std::string expected;
  std::string actual;
  DiffOptions pixel;                  // pixelmatch's options (0.1, 0.1, ...), the ignored regions
  std::uint64_t max_diff_pixels = 0;  // mismatched pixels still called a pass
  std::string diff_png;               // where to write the diff picture; none if empty
  bool json = false;                  // one JSON object on stdout instead of a sentence
  std::uint64_t max_pixels = kDefaultMaxPixels;  // per image; larger ones are refused
};

// Parses the arguments after `diff` (argv[0] is "diff").
Parsed<DiffCommandOptions> parse_diff(int argc, const char* const* argv);

// Returns 0 within tolerance, 1 when the images differ (a size change included), 2 on bad input.
int run_diff(const DiffCommandOptions& options, std::ostream& out, std::ostream& err);

// `diff`'s main (argv[0] is "diff"): parse_diff, then its help, its error or run_diff. The one
// entry both run_cli's table and the installed binary call.
int diff_main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
