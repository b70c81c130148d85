#include <framecheck/cli.hpp>
#include <iostream>

#include "cli_options.hpp"
#include "command_runner.hpp"
#include "demo_command.hpp"
#include "diff_command.hpp"
#include "exit_codes.hpp"
#include "record_command.hpp"
#include "replay_command.hpp"
#include "report_command.hpp"
#include "window_commands.hpp"

namespace framecheck::cli {
namespace {

int dispatch(const CliOptions& options) {
  switch (options.command) {
    case Command::kHelp:
      std::cout << options.help;
      return kExitOk;
    case Command::kVersion:
      std::cout << "framecheck " << FRAMECHECK_VERSION << '\n';
      return kExitOk;
    case Command::kGames:
      for (const CatalogEntry& e : game_catalog())
        std::cout << e.id << '\t' << e.version << '\t' << e.summary << '\n';
      return kExitOk;
    case Command::kDemo:
      return run_demo(options.demo, std::cout, std::cerr);
    case Command::kDiff:
      return run_diff(options.diff, std::cout, std::cerr);
    case Command::kRecord:
      return run_record(options.record, std::cout, std::cerr);
    case Command::kReplay:
      return run_replay(options.replay, std::cout, std::cerr);
    case Command::kReport:
      return run_report(options.report, std::cout, std::cerr);
    case Command::kPlay:
      return run_play(options.play, std::cout, std::cerr);
    case Command::kView:
      return run_view(options.view, std::cout, std::cerr);
  }
  return kExitBadInput;
}

}  // namespace

int run_cli(int argc, const char* const* argv, std::vector<CatalogEntry> games) {
  add_games(std::move(games));
  return run_parsed(argc, argv, dispatch);
}

}  // namespace framecheck::cli
