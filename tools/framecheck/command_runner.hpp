// What every way into the command line shares: parse argv, run the command, check that its
// output was written, and turn anything thrown into a message. run_cli runs every command
// through it.
#pragma once

#include "cli_options.hpp"

namespace framecheck::cli {

// The command's exit status; options that do not parse are kExitBadInput with a message.
int run_parsed(int argc, const char* const* argv, int (*run)(const CliOptions&));

}  // namespace framecheck::cli
