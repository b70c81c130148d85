// An arena frame with its overlay for the benchmarks: runs of flat colour, soft edges, text; two
// a second apart (600 and 660 frames in) are a pair as a game's CI compares them.
#pragma once

#include <framecheck/driver.hpp>
#include <framecheck/image.hpp>
#include <framecheck/png_io.hpp>

#include "arena.hpp"

namespace framecheck {

inline Image arena_frame(int width, int height, int frames) {
  games::Arena game;
  Driver driver(game, {.width = width, .height = height});
  driver.diagnostics().set_enabled(true);
  driver.step(frames);
  return *decode_png(driver.render_png(), "arena");
}

}  // namespace framecheck
