// run_cli: the table of commands, each parsed by its own parser (beside its command) and run.
#include <algorithm>
#include <framecheck/cli/cli.hpp>
#include <sstream>
#include <string_view>

#include "check_determinism_command.hpp"
#include "cli_reference.hpp"
#include "command_line.hpp"
#include "command_main.hpp"
#include "demo_command.hpp"
#include "diff_command.hpp"
#include "exit_codes.hpp"
#include "explore_command.hpp"
#include "fingerprint_command.hpp"
#include "goldens_command.hpp"
#include "program_name.hpp"
#include "record_command.hpp"
#include "replay_command.hpp"
#include "report_command.hpp"
#include "window/play_command.hpp"
#include "window/view_command.hpp"

namespace framecheck::cli {
namespace {

// play and view also take their tests' hooks; the command line runs them without.
constexpr auto play_without_hooks = [](const PlayCommandOptions& o, std::ostream& out,
                                       std::ostream& err) { return run_play(o, out, err); };
constexpr auto view_without_hooks = [](const ViewCommandOptions& o, std::ostream& out,
                                       std::ostream& err) { return run_view(o, out, err); };

struct CommandEntry {
  std::string_view name;
  std::string_view summary;  // one line of `framecheck --help`
  int (*main)(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
};

const CommandEntry kCommands[] = {
    {"check-determinism", "run a game twice on the same inputs; compare every frame's checksum",
     command_main<parse_check_determinism, run_check_determinism>},
    {"demo", "run a game live with the overlay on; print the panel, write a PNG",
     command_main<parse_demo, run_demo>},
    {"diff", "compare two PNGs as pixelmatch 7.2.0 does; exit 1 when they differ", diff_main},
    {"explore", "play a game on generated input; find crashes, NaNs, broken invariants, hangs",
     command_main<parse_explore, run_explore>},
    {"fingerprint", "what this machine's C library math does, as each recording keeps it",
     command_main<parse_fingerprint, run_fingerprint>},
    {"goldens", "a run's goldens: status (changed, missing, stale); accept the frames it left",
     command_main<parse_goldens, run_goldens>},
    {"record", "run a game live and record the session (JSON Lines)",
     command_main<parse_record, run_record>},
    {"replay", "re-run a session headlessly: verify it, inspect frames, plot it",
     command_main<parse_replay, run_replay>},
    {"report", "one HTML page from a suite's JUnit XML, goldens, artifacts and sessions",
     command_main<parse_report, run_report>},
    {"play", "play a game in a window with the live overlay; record it as a session",
     command_main<parse_play, play_without_hooks>},
    {"view", "watch a recorded session in a window: pause, step, seek, change speed",
     command_main<parse_view, view_without_hooks>},
};

}  // namespace

std::string usage() {
  const std::string& program = program_name();
  std::string text = program +
                     ": a game's diagnostics overlay and deterministic harness (framecheck " +
                     FRAMECHECK_VERSION + ")\n\nusage: " + program + " <command> [options]\n\n";
  // The games this binary runs, each as its catalog entry describes it.
  if (game_catalog().empty()) {
    text += "games: none; a studio's own binary registers its games (run_cli)\n\n";
  } else {
    text += "games:\n";
    for (const CatalogEntry& e : game_catalog())
      text += "  " + e.id + " " + e.version + ": " + e.summary + "\n";
    text += "\n";
  }
  text += "commands:\n";
  // Every summary starts in one column, two spaces past the longest name.
  std::size_t width = std::string_view("version").size();
  for (const CommandEntry& c : kCommands)
    width = std::max(width, c.name.size());
  const auto line = [&](std::string_view name, std::string_view summary) {
    text += "  ";
    text += name;
    text.append(width + 2 - name.size(), ' ');
    text += summary;
    text += '\n';
  };
  for (const CommandEntry& c : kCommands)
    line(c.name, c.summary);
  line("games", "list the games this binary knows");
  line("version", "print the version");
  text += "\n" + program + " <command> --help shows a command's options; " + program +
          " --help-reference,\nevery command's, in Markdown (docs/cli.md).\n";
  return text;
}

std::string reference() {
  const std::string& program = program_name();
  std::string text = "# The `" + program + "` command line\n\n";
  text += "Written by `" + program + " --help-reference` from each command's own option table\n" +
          "(`" + program + " <command> --help` prints the same as text). A test fails when this\n" +
          "file and the binary disagree, naming the command and the option; write it again with\n" +
          "`" + program + " --help-reference > docs/cli.md`.\n\n";
  text += "| command | what it does |\n|---|---|\n";
  for (const CommandEntry& c : kCommands) {
    text += "| `";
    text += c.name;
    text += "` | ";
    text += c.summary;
    text += " |\n";
  }
  text += "| `games` | list the games this binary knows |\n";
  text += "| `version` | print the version |\n";
  const char* argv[2] = {nullptr, kReferenceArgument.data()};
  for (const CommandEntry& c : kCommands) {
    const std::string name(c.name);
    argv[0] = name.c_str();
    std::ostringstream section, unused;
    c.main(2, argv, section, unused);
    text += '\n';
    text += section.str();
  }
  return text;
}

int run_command_line(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::string_view command = argc < 2 ? "help" : argv[1];
  if (command == "-h" || command == "--help" || command == "help") {
    out << usage();
    return kExitOk;
  }
  if (command == kReferenceArgument) {
    out << reference();
    return kExitOk;
  }
  if (command == "--version" || command == "version") {
    out << "framecheck " << FRAMECHECK_VERSION << '\n';
    return kExitOk;
  }
  if (command == "games") {
    for (const CatalogEntry& e : game_catalog())
      out << e.id << '\t' << e.version << '\t' << e.summary << '\n';
    return kExitOk;
  }
  for (const CommandEntry& c : kCommands) {
    if (c.name == command) return c.main(argc - 1, argv + 1, out, err);
  }
  err << program_name() << ": unknown command '" << command << "' (see " << program_name()
      << " --help)\n";
  return kExitBadInput;
}

int run_cli(int argc, const char* const* argv, std::vector<CatalogEntry> games) {
  add_games(std::move(games));
  return run_guarded(argc, argv, run_command_line);
}

}  // namespace framecheck::cli
