// The installed framecheck: `framecheck diff` runs here, on the libraries diff needs alone (the
// C++ runtime, libpng, zlib, libdeflate and zstd linked in where the system has them as
// archives); every other command runs in the commands library, loaded for it
// (commands_library.hpp).
#include <string_view>

#include "command_main.hpp"
#include "commands_library.hpp"
#include "diff_command.hpp"

int main(int argc, char** argv) {
  using namespace framecheck::cli;
  if (argc >= 2 && std::string_view(argv[1]) == "diff") {
    // As run_cli runs it: the same guard, and the same main its table gives diff.
    return run_guarded(argc, argv,
                       [](int n, const char* const* args, std::ostream& out, std::ostream& err) {
                         return diff_main(n - 1, args + 1, out, err);
                       });
  }
  return run_commands_library(argc, argv);
}
