#include "command_runner.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>

#include "exit_codes.hpp"

namespace framecheck::cli {

int run_parsed(int argc, const char* const* argv, int (*run)(const CliOptions&)) {
  try {
    Result<CliOptions> parsed = parse_cli(argc, argv);
    if (!parsed) {
      std::cerr << "framecheck: " << parsed.error().message() << '\n';
      return kExitBadInput;
    }
    const int status = run(*parsed);
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
