// The installed framecheck is two files: the binary, which runs diff on the few libraries diff
// needs (it starts in about the time a static binary does, and a CI diffs hundreds of small
// goldens, one process each), and the commands library beside it, which holds every command
// with Cairo, SDL and the rest behind them and is loaded only when another command runs.
#pragma once

// The commands library's one entry point, with C linkage so that dlsym finds it by this name.
extern "C" int framecheck_commands_main(int argc, const char* const* argv) noexcept;

namespace framecheck::cli {

// The commands library's file name, relative to the folder of the running binary; the build
// gives it (FRAMECHECK_COMMANDS_LIBRARY) so that the build tree and an install agree.
//   run_commands_library(argc, argv);  // "framecheck replay s.jsonl": loads it, runs replay
int run_commands_library(int argc, const char* const* argv);

}  // namespace framecheck::cli
