// framecheck: the command-line tool. Parses options, runs one command, turns errors into
// messages on stderr and exit statuses.
#include <exception>
#include <iostream>

#include "cli_options.hpp"
#include "demo_command.hpp"
#include "diff_command.hpp"
#include "exit_codes.hpp"
#include "game_catalog.hpp"
#include "record_command.hpp"
#include "replay_command.hpp"

namespace framecheck::cli {
namespace {

int run(int argc, const char* const* argv) {
  Result<CliOptions> parsed = parse_cli(argc, argv);
  if (!parsed) {
    std::cerr << "framecheck: " << parsed.error().message() << '\n';
    return kExitBadInput;
  }
  const CliOptions& options = *parsed;
  switch (options.command) {
    case Command::kHelp:
      std::cout << options.help;
      return kExitOk;
    case Command::kVersion:
      std::cout << "framecheck " << FRAMECHECK_VERSION << '\n';
      return kExitOk;
    case Command::kGames:
      for (const CatalogEntry& e : game_catalog()) {
        std::cout << e.id << '\t' << e.version << '\t' << e.summary << '\n';
      }
      return kExitOk;
    case Command::kDemo:
      return run_demo(options.demo, std::cout, std::cerr);
    case Command::kDiff:
      return run_diff(options.diff, std::cout, std::cerr);
    case Command::kRecord:
      return run_record(options.record, std::cout, std::cerr);
    case Command::kReplay:
      return run_replay(options.replay, std::cout, std::cerr);
  }
  return kExitBadInput;
}

}  // namespace
}  // namespace framecheck::cli

int main(int argc, char** argv) {
  try {
    return framecheck::cli::run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "framecheck: " << e.what() << '\n';
    return framecheck::cli::kExitBadInput;
  }
}
