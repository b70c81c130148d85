// Loads the commands library from beside the running binary (its real path, so a symlink to the
// binary in PATH still finds it) and runs the command line there.
#include "commands_library.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>

#include "exit_codes.hpp"
#include "program_name.hpp"

namespace framecheck::cli {

int run_commands_library(int argc, const char* const* argv) {
  if (argc > 0 && argv[0] != nullptr) set_program_name(argv[0]);
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) {
    std::cerr << program_name() << ": cannot find its own binary (/proc/self/exe): " << ec.message()
              << '\n';
    return kExitBadInput;
  }
  const std::filesystem::path library =
      (self.parent_path() / FRAMECHECK_COMMANDS_LIBRARY).lexically_normal();
  // Lazy binding, as the binary's own libraries are bound; local, as nothing else looks it up.
  void* handle = dlopen(library.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (handle == nullptr) {
    // dlerror names the file and why (not there, not readable, a library it needs missing).
    std::cerr << program_name() << ": cannot load its commands: " << dlerror()
              << " (is the installation complete?)\n";
    return kExitBadInput;
  }
  const auto entry = reinterpret_cast<decltype(&framecheck_commands_main)>(
      dlsym(handle, "framecheck_commands_main"));
  if (entry == nullptr) {
    std::cerr << program_name() << ": " << library.string()
              << " is not framecheck's commands library: " << dlerror() << '\n';
    return kExitBadInput;
  }
  // Not closed: the library's objects (the standard streams' buffers among them) live until exit.
  return entry(argc, argv);
}

}  // namespace framecheck::cli
