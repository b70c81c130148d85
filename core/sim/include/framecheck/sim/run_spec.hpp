// RunSpec: what one run of a game is made of, with every default in one place. A game states its
// own (Game::run_spec()); the engine, the driver, the case kit, sessions and every command take
// it from there, and a command-line option or a case changes one field of it for one run.
#pragma once

#include <cstdint>
#include <framecheck/determinism/geometry.hpp>
#include <functional>

namespace framecheck {

// A game's sizes, rates and seed.
//   RunSpec run_spec() const override { return {.logical_size = {480, 270}, .tick_rate = 50}; }
struct RunSpec {
  Vec2 logical_size{320, 180};  // the game's own coordinates, letterboxed onto the surface
  int surface_width = 1280;     // the surface a frame is drawn on, device pixels
  int surface_height = 720;
  std::int64_t tick_rate = 60;  // fixed simulation ticks per simulated second
  std::int64_t fps = 60;        // frames per simulated second: frame n ends at n * 1e9 / fps ns
  std::uint64_t seed = 1;       // every world's random numbers derive from it
  friend bool operator==(const RunSpec&, const RunSpec&) = default;
};

// A change to a game's own RunSpec for one run, applied to the spec the game states:
//   driver options {.run = [](RunSpec& r) { r.fps = 240; }}
using RunEdit = std::function<void(RunSpec&)>;

// The spec a run uses: the game's own, changed by `edit` if there is one.
inline RunSpec edited(RunSpec spec, const RunEdit& edit) {
  if (edit) edit(spec);
  return spec;
}

}  // namespace framecheck
