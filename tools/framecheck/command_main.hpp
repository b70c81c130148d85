// One command's main, and the guard every run of the command line goes through: shared by
// run_cli's table and the installed binary's diff, which runs without loading the other commands.
#pragma once

#include <ostream>
#include <variant>

#include "exit_codes.hpp"
#include "parsed.hpp"
#include "program_name.hpp"

namespace framecheck::cli {

// Runs a command line: `argv[1]` is the command, `argv + 1` what it parses.
using CommandLineMain = int (*)(int argc, const char* const* argv, std::ostream& out,
                                std::ostream& err);

// Takes the program's name from argv[0], escapes control characters in what is printed, checks
// that standard output took every byte and turns an escaped exception into a message (exit 2).
int run_guarded(int argc, const char* const* argv, CommandLineMain main);

// A command's main: its own parser over the arguments after its name, then its help printed,
// its Error given as a message, or the command run.
template <auto parse, auto run>
int command_main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const auto parsed = parse(argc, argv);
  if (!parsed) {
    err << program_name() << ": " << parsed.error().message() << '\n';
    return kExitBadInput;
  }
  if (const HelpText* help = std::get_if<HelpText>(&*parsed)) {
    out << help->text;
    return kExitOk;
  }
  return run(std::get<1>(*parsed), out, err);
}

}  // namespace framecheck::cli
