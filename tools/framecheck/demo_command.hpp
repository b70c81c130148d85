// `framecheck demo`: a game run live with the overlay on.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "parsed.hpp"

namespace framecheck::cli {

// `framecheck demo`: runs a game live (wall-clock samples) with the overlay on.
struct DemoOptions {
  std::string game;                   // empty: the catalog's only game
  std::int64_t frames = 600;          // frames to run
  std::int64_t fps = 0;               // 0: the game's (RunSpec)
  std::optional<std::uint64_t> seed;  // unset: the game's (RunSpec)
  int width = 0;                      // 0: the game's surface
  int height = 0;
  std::string png;                 // where to write the last frame; none if empty
  std::vector<std::string> debug;  // --debug= lists, as given
};

// Parses the arguments after `demo` (argv[0] is "demo").
Parsed<DemoOptions> parse_demo(int argc, const char* const* argv);

// Runs the demo; prints the panel to out and problems to err. Returns the exit status.
int run_demo(const DemoOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
