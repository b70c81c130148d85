// play and view in a framecheck built without SDL2.
#include <ostream>

#include "exit_codes.hpp"
#include "program_name.hpp"
#include "window/play_command.hpp"
#include "window/view_command.hpp"

namespace framecheck::cli {
namespace {

int unavailable(const char* command, std::ostream& err) {
  err << command_name(command)
      << ": this framecheck was built without SDL2, so it cannot open a window; install "
         "libsdl2-dev (tools/install-deps.sh does) and build again\n";
  return kExitBadInput;
}

}  // namespace

bool windows_available() {
  return false;
}

int run_play(const PlayCommandOptions&, std::ostream&, std::ostream& err, const WindowHooks&) {
  return unavailable("play", err);
}

int run_view(const ViewCommandOptions&, std::ostream&, std::ostream& err, const WindowHooks&) {
  return unavailable("view", err);
}

}  // namespace framecheck::cli
