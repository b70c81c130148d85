// `framecheck play` and `framecheck view`: the commands that open a window. They are built when
// SDL2 is found; without it each says so and exits 2.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>

#include "cli_options.hpp"

namespace framecheck::cli {

// A way into a window's loop for tests: called at the top of each pass, before the loop reads
// SDL's events, with the number of the frame about to run (play) or the pass (view). A test
// pushes synthetic events (SDL_PushEvent) from here, and SDL_QUIT to end the loop.
struct WindowHooks {
  std::function<void(std::uint64_t)> before_frame;
};

// True when this framecheck was built with SDL2, so play and view can open windows.
bool windows_available();

// Returns 0, or 2 when the window cannot open, the game is unknown or the session cannot be
// written (the message says which).
int run_play(const PlayCommandOptions& options, std::ostream& out, std::ostream& err,
             const WindowHooks& hooks = {});

// Returns 0, or 2 when the session is bad input or the window cannot open.
int run_view(const ViewCommandOptions& options, std::ostream& out, std::ostream& err,
             const WindowHooks& hooks = {});

}  // namespace framecheck::cli
