// framecheck: the command-line tool, with the bundled games.
#include <framecheck/cli.hpp>

int main(int argc, char** argv) {
  return framecheck::cli::run_cli(argc, argv);
}
