// Breakout's own framecheck: the CLI with this game in its catalog, for record and replay.
#include <framecheck/cli/cli.hpp>
#include <memory>

#include "breakout.hpp"

int main(int argc, char** argv) {
  return framecheck::cli::run_cli(argc, argv,
                                  {{"breakout", "1.0.0", "the tutorial's breakout",
                                    framecheck::make_game<breakout::Breakout>}});
}
