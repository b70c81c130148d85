// `framecheck view`: a recorded session in a window at its recorded pace.
// Its options are parsed in every build; the window itself is built when SDL2 is found.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "parsed.hpp"
#include "window_hooks.hpp"

namespace framecheck::cli {

// `framecheck view FILE`: a recorded session in a window at its recorded pace.
struct ViewCommandOptions {
  std::string file;
  std::vector<std::string> debug;  // --debug= lists, as given
  int width = 0;                   // --size WxH; the session's surface if 0
  int height = 0;
  double speed = 1;     // 1/16 to 16
  bool paused = false;  // start paused on the first frame
};

// Parses the arguments after `view` (argv[0] is "view").
Parsed<ViewCommandOptions> parse_view(int argc, const char* const* argv);

// Returns 0, or 2 when the session is bad input or the window cannot open.
int run_view(const ViewCommandOptions& options, std::ostream& out, std::ostream& err,
             const WindowHooks& hooks = {});

}  // namespace framecheck::cli
