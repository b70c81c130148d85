// The framecheck command line as a library: a studio's own `framecheck` binary is this, plus its
// games. See docs/harness.md, "Your own framecheck".
//   int main(int argc, char** argv) {
//     return framecheck::cli::run_cli(argc, argv,
//                                     {{"mygame", "2.3.0", "our game", make_game<MyGame>}});
//   }
#pragma once

#include <framecheck/cli/game_catalog.hpp>
#include <vector>

namespace framecheck::cli {

// Parses the options, runs one command and returns its exit status; errors go to stderr.
int run_cli(int argc, const char* const* argv, std::vector<CatalogEntry> games = {});

}  // namespace framecheck::cli
