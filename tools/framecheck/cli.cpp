#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <framecheck/cli.hpp>
#include <iostream>

#include "cli_options.hpp"
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
  try {
    Result<CliOptions> parsed = parse_cli(argc, argv);
    if (!parsed) {
      std::cerr << "framecheck: " << parsed.error().message() << '\n';
      return kExitBadInput;
    }
    const int status = dispatch(*parsed);
    // Every write to standard output is checked: output lost (a full disk, a closed pipe) is
    // a failure, never a silent success.
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
      std::cerr << "framecheck: cannot write to standard output: " << std::strerror(errno) << '\n';
      return kExitBadInput;
    }
    return status;
  } catch (const std::exception& e) {
    // Nothing a user gives framecheck should get here; if it does, it is still a message.
    std::cerr << "framecheck: " << e.what() << '\n';
    return kExitBadInput;
  }
}

}  // namespace framecheck::cli
