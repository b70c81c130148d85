// A game's file built with -ffast-math: framecheck's headers refuse it (core.fast_math_refused),
// unless it defines FRAMECHECK_ALLOW_FAST_MATH (core.fast_math_allowed).
#include <framecheck/sim/world.hpp>

double speed(const framecheck::Actor& a) {
  return a.velocity.x * a.velocity.x + a.velocity.y * a.velocity.y;
}
