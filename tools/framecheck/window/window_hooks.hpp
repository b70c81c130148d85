// What play and view share: a way into a window's loop for tests, and whether this build has
// windows at all (SDL2 found when it was built; without it each says so and exits 2).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>

namespace framecheck::cli {

// A way into a window's loop for tests: called at the top of each pass, before the loop reads
// SDL's events, with the number of the frame about to run (play) or the pass (view). A test
// pushes synthetic events (SDL_PushEvent) from here, and SDL_QUIT to end the loop.
struct WindowHooks {
  std::function<void(std::uint64_t)> before_frame;
};

// True when this framecheck was built with SDL2, so play and view can open windows.
bool windows_available();

}  // namespace framecheck::cli
