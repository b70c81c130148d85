// framecheck, the binary: `diff` runs here, in a program that loads only what comparing needs,
// and every other command (and diff's help) is the whole tool, started in this process's place
// from beside it (FRAMECHECK_TOOL_FROM_BIN, relative to this binary's folder). The whole tool
// links Cairo and loads 28 libraries where diff needs 9: a small diff starts in 2.2 ms here and
// in 4.0 ms there (docs/performance.md).
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

#include "command_runner.hpp"
#include "diff_command.hpp"
#include "exit_codes.hpp"

namespace {

using framecheck::cli::CliOptions;
using framecheck::cli::Command;

// The whole tool's path, from where this binary really is (links resolved); empty if unknown.
std::string whole_tool() {
  char self[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0) return {};
  std::string path(self, static_cast<std::size_t>(length));
  path.erase(path.rfind('/') + 1);
  return path + FRAMECHECK_TOOL_FROM_BIN;
}

bool runs_here(int argc, char** argv) {
  if (argc < 2 || std::string_view(argv[1]) != "diff") return false;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") return false;
  }
  return true;
}

int diff_only(const CliOptions& options) {
  if (options.command != Command::kDiff) {
    std::cout << options.help;
    return framecheck::cli::kExitOk;
  }
  return framecheck::cli::run_diff(options.diff, std::cout, std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
  if (runs_here(argc, argv)) return framecheck::cli::run_parsed(argc, argv, diff_only);
  const std::string tool = whole_tool();
  if (!tool.empty()) execv(tool.c_str(), argv);
  std::cerr << "framecheck: cannot start the whole tool"
            << (tool.empty() ? std::string() : " at " + tool) << ": " << std::strerror(errno)
            << '\n';
  return framecheck::cli::kExitBadInput;
}
