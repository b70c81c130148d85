// The framecheck CLI's options: parsed with cxxopts into plain structs the commands take.
#pragma once

#include <cstdint>
#include <framecheck/result.hpp>
#include <string>

namespace framecheck::cli {

enum class Command { kHelp, kVersion, kGames, kDemo, kDiff };

// `framecheck demo`: runs a game live (wall-clock samples) with the overlay on.
struct DemoOptions {
  std::string game = "arena";
  std::int64_t frames = 600;  // 10 simulated seconds at 60 fps
  std::int64_t fps = 60;
  std::uint64_t seed = 1;
  int width = 1280;
  int height = 720;
  std::string png;  // where to write the last frame; none if empty
};

// `framecheck diff EXPECTED ACTUAL`: the pixel diff, as pixelmatch 7.2.0 counts.
struct DiffCommandOptions {
  std::string expected;
  std::string actual;
  double threshold = 0.1;             // 0 to 1
  bool include_aa = false;            // count anti-aliased pixels too
  double alpha = 0.1;                 // 0 to 1: the expected image's opacity in the diff picture
  std::uint64_t max_diff_pixels = 0;  // mismatched pixels still called a pass
  std::string diff_png;               // where to write the diff picture; none if empty
  bool json = false;                  // one JSON object on stdout instead of a sentence
};

struct CliOptions {
  Command command = Command::kHelp;
  std::string help;  // the text to print for kHelp
  DemoOptions demo;
  DiffCommandOptions diff;
};

// Parses argv (argv[0] is the program). Bad options give an Error naming the option.
Result<CliOptions> parse_cli(int argc, const char* const* argv);

}  // namespace framecheck::cli
