// `framecheck play`'s options, parsed in every build (the window is built only with SDL2).
#include <limits>

#include "option_reader.hpp"
#include "play_command.hpp"
#include "program_name.hpp"

namespace framecheck::cli {

Parsed<PlayCommandOptions> parse_play(int argc, const char* const* argv) {
  cxxopts::Options options(command_name("play"),
                           "Play a game in a window with the live overlay (` toggles it); "
                           "optionally record every input as a session.");
  options.add_options()  //
      ("game", "game to run (default: the only game this binary knows)",
       cxxopts::value<std::string>()->default_value(""))                                //
      ("seed", "random seed (default: the game's own)", cxxopts::value<std::string>())  //
      ("size", "WxH: the window, in pixels (default: the game's own surface)",
       cxxopts::value<std::string>())                                                  //
      ("record", "write the session here as you play", cxxopts::value<std::string>())  //
      ("fps-cap",
       "at most this many frames a second (0: the display's pace, or the game's frame rate "
       "without vsync)",
       cxxopts::value<std::string>()->default_value("0"))  //
      ("vsync",
       "wait for the display between frames; --vsync=false does not, and frames are then "
       "paced at --fps-cap, else at the game's own frame rate",
       cxxopts::value<bool>()->default_value("true")->implicit_value("true"))  //
      ("frames", "stop after this many frames (0: when the window closes)",
       cxxopts::value<std::string>()->default_value("0"))  //
      ("checkpoint-every", "frames between checkpoints (default: one second's worth)",
       cxxopts::value<std::string>()->default_value("0"))  //
      ("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
       cxxopts::value<std::vector<std::string>>())  //
      ("h,help", "show this help");
  return parse_command<PlayCommandOptions>(
      options, "play", argc, argv, false, [](OptionReader& o, PlayCommandOptions& c) {
        const cxxopts::ParseResult& r = o.result();
        c.game = o.text("game");
        if (o.has("seed"))
          c.seed = o.whole<std::uint64_t>("seed", 0, std::numeric_limits<std::uint64_t>::max());
        o.size("size", c.width, c.height);
        c.record = o.path("record");
        c.fps_cap = o.whole<std::int64_t>("fps-cap", 0, 1000);
        c.vsync = r["vsync"].as<bool>();
        c.frames = o.whole<std::int64_t>("frames", 0, kMaxFrames);
        c.checkpoint_every = o.whole<std::int64_t>("checkpoint-every", 0, 1'000'000'000);
        c.debug = o.list("debug");
      });
}

}  // namespace framecheck::cli
