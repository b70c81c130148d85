// The installed framecheck is two files: the binary, which runs diff on the few libraries diff
// needs (a CI diffs hundreds of small goldens, one process each, and loading Cairo's libraries
// was most of such a diff), and the commands library beside it, which holds every command with
// Cairo, SDL and the rest behind them and is loaded only when another command runs.
#pragma once

// The commands library's one entry point, with C linkage so that dlsym finds it by this name.
extern "C" int framecheck_commands_main(int argc, const char* const* argv) noexcept;

namespace framecheck::cli {

// Loads the commands library (FRAMECHECK_COMMANDS_LIBRARY, which the build gives relative to the
// binary's folder, the same in the build tree as in an install) and runs the command line in it;
// exit 2 with a message naming the file when it cannot be loaded.
//   run_commands_library(argc, argv);  // "framecheck replay s.jsonl": loads it, runs replay
int run_commands_library(int argc, const char* const* argv);

}  // namespace framecheck::cli
