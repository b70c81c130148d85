// The command line itself, behind run_cli: which command argv names, its options parsed by its
// own parser, and the command run with its output on the streams given.
#pragma once

#include <iosfwd>
#include <string>

namespace framecheck::cli {

// The text `framecheck --help` prints: every command with its line.
std::string usage();

// Runs one command line (argv[0] is the program); returns its exit status. Options that do not
// parse are kExitBadInput with a message on `err`; --help prints the command's help on `out`.
int run_command_line(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
