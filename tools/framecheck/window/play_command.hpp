// `framecheck play`: a game in a window, live, its input optionally recorded as a session.
// Its options are parsed in every build; the window itself is built when SDL2 is found.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "parsed.hpp"
#include "window_hooks.hpp"

namespace framecheck::cli {

// The longest simulated frame live play runs: a frame that took longer on the wall clock (a
// pause in a debugger, a dragged window) advances the game this much and no more.
inline constexpr std::int64_t kMaxPlayDtMs = 250;

// `framecheck play`: a game in a window, live, its input optionally recorded as a session.
struct PlayCommandOptions {
  std::string game;                   // empty: the catalog's only game
  std::optional<std::uint64_t> seed;  // unset: the game's (RunSpec)
  int width = 0;  // --size WxH: the window and the session's surface; 0: the game's
  int height = 0;
  std::vector<std::string> debug;  // --debug= lists, as given
  std::string record;              // the session to write; none if empty
  std::int64_t fps_cap = 0;        // frames a second at most; 0 for vsync's pace
  bool vsync = true;
  std::int64_t frames = 0;            // stop after this many; 0 for when the window closes
  std::int64_t checkpoint_every = 0;  // frames; 0 means each simulated second (the run's fps)
};

// Parses the arguments after `play` (argv[0] is "play").
Parsed<PlayCommandOptions> parse_play(int argc, const char* const* argv);

// Returns 0, or 2 when the window cannot open, the game is unknown or the session cannot be
// written (the message says which).
int run_play(const PlayCommandOptions& options, std::ostream& out, std::ostream& err,
             const WindowHooks& hooks = {});

}  // namespace framecheck::cli
