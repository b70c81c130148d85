// run_guarded: what every command line shares, whichever binary runs it.
#include "command_main.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>

#include "terminal_text.hpp"

namespace framecheck::cli {

int run_guarded(int argc, const char* const* argv, CommandLineMain main) {
  if (argc > 0 && argv[0] != nullptr) set_program_name(argv[0]);
  // Whatever a command prints, from a session, a JUnit file or a game, is text to a terminal.
  const TerminalText out(std::cout), err(std::cerr);
  try {
    const int status = main(argc, argv, std::cout, std::cerr);
    // Every write to standard output is checked: output lost (a full disk, a closed pipe) is
    // a failure, never a silent success.
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
      std::cerr << program_name() << ": cannot write to standard output: " << std::strerror(errno)
                << '\n';
      return kExitBadInput;
    }
    return status;
  } catch (const std::exception& e) {
    // Nothing a user gives framecheck should get here; if it does, it is still a message.
    std::cerr << program_name() << ": " << e.what() << '\n';
    return kExitBadInput;
  }
}

}  // namespace framecheck::cli
