// `framecheck view`'s options, parsed in every build (the window is built only with SDL2).
#include <limits>

#include "option_reader.hpp"
#include "program_name.hpp"
#include "view_command.hpp"

namespace framecheck::cli {

Parsed<ViewCommandOptions> parse_view(int argc, const char* const* argv) {
  cxxopts::Options options(command_name("view"),
                           "Watch a recorded session in a window at its recorded pace. Space "
                           "pauses; . and , step a frame; the arrows seek a second; + and - change "
                           "speed; ` toggles the overlay.");
  options.positional_help("FILE");
  options.add_options()  //
      ("size", "WxH: the window, in pixels (default: the session's surface)",
       cxxopts::value<std::string>())                                                             //
      ("speed", "playback speed, 1/16 to 16", cxxopts::value<std::string>()->default_value("1"))  //
      ("paused", "start paused on the first frame")                                               //
      ("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
       cxxopts::value<std::vector<std::string>>())  //
      ("h,help", "show this help")                  //
      ("file", "", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"file"});
  return parse_command<ViewCommandOptions>(
      options, "view", argc, argv, true, [](OptionReader& o, ViewCommandOptions& c) {
        const auto files = o.list("file");
        if (files.size() != 1) return o.fail("expected one session file");
        c.file = files[0];
        if (c.file.empty()) return o.fail("the session file name is empty");
        o.size("size", c.width, c.height);
        c.speed = o.decimal("speed", 1.0 / 16, 16, "0.0625 to 16");
        c.paused = o.flag("paused");
        c.debug = o.list("debug");
      });
}

}  // namespace framecheck::cli
