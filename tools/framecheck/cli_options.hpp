// The framecheck CLI's options: parsed with cxxopts into plain structs the commands take.
#pragma once

#include <cstdint>
#include <framecheck/result.hpp>
#include <string>

namespace framecheck::cli {

enum class Command { kHelp, kVersion, kGames, kDemo };

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

struct CliOptions {
  Command command = Command::kHelp;
  std::string help;  // the text to print for kHelp
  DemoOptions demo;
};

// Parses argv (argv[0] is the program). Bad options give an Error naming the option.
Result<CliOptions> parse_cli(int argc, const char* const* argv);

}  // namespace framecheck::cli
