// det_math: the elementary functions a game's simulation may call, the same bits on every CPU,
// compiler and flag. std::sin and friends come from the C library, which picks its code by CPU
// (glibc's differ with and without FMA), so a session recorded on one machine diverges on
// another. These are SLEEF's functions without FMA ("cinz", at most 1 ulp from the exact result),
// whose pure-C and vector versions give the same bits, and framecheck's own log, pow and hypot in
// IEEE-754 arithmetic alone (docs/determinism.md):
//   using namespace framecheck;
//   Vec2 v{det_math::cos(angle) * speed, det_math::sin(angle) * speed};
#pragma once

#include <framecheck/determinism/float_rules.hpp>

namespace framecheck::det_math {

// The trigonometric functions, arguments in radians.
double sin(double x);
double cos(double x);
double tan(double x);
// Sine and cosine of one angle in one call (cheaper than the two).
struct SinCos {
  double sin;
  double cos;
};
SinCos sincos(double x);
double asin(double x);
double acos(double x);
double atan(double x);
// The angle of (x, y) from the x axis, in [-pi, pi].
double atan2(double y, double x);

// Exponentials and logarithms.
double exp(double x);
double log(double x);
double pow(double x, double y);

// sqrt(x*x + y*y) without overflow or underflow on the way, correctly rounded (a subnormal
// result within 1 ulp).
double hypot(double x, double y);
// IEEE-754's correctly rounded square root: one answer on every machine already.
double sqrt(double x);

// Exact on every machine: the result is always representable.
double floor(double x);
double ceil(double x);
double fmod(double x, double y);

}  // namespace framecheck::det_math
