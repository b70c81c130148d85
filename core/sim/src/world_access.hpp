// The engine's side of World, for the core's tests: one tick, the sweep of the dead, closing.
#pragma once

#include <framecheck/sim/world.hpp>

namespace framecheck::detail {

struct WorldAccess {
  static void advance(World& world, SimTime dt) { world.advance(dt); }
  static void sweep(World& world) { world.sweep(); }
  static void close(World& world) { world.close(); }
};

}  // namespace framecheck::detail
