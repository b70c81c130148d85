// The C library's float functions that Box2D calls (sinf, cosf, sincosf, atan2f, expf), given
// by this program instead, over framecheck's det_math. glibc picks their code by CPU (variants
// with and without FMA) and changes it between releases, so a Box2D world stepped on one machine
// would part from the same world on another in the last bit, and a session with it. Box2D's
// shared library calls them through its PLT; a definition in the executable comes first in the
// lookup, so it is the one Box2D gets (tests/box2d_libm_test.cpp checks that it is). sqrtf, the
// one other it calls, is correctly rounded everywhere already.
//
// Each is det_math's double function rounded to float: the same bits on every machine, and
// within an ulp of the exact result.
#include <framecheck/determinism/det_math.hpp>

namespace dm = framecheck::det_math;

extern "C" {

float sinf(float x) noexcept {
  return static_cast<float>(dm::sin(x));
}

float cosf(float x) noexcept {
  return static_cast<float>(dm::cos(x));
}

void sincosf(float x, float* s, float* c) noexcept {
  const dm::SinCos both = dm::sincos(x);
  *s = static_cast<float>(both.sin);
  *c = static_cast<float>(both.cos);
}

float atan2f(float y, float x) noexcept {
  return static_cast<float>(dm::atan2(y, x));
}

float expf(float x) noexcept {
  return static_cast<float>(dm::exp(x));
}

}  // extern "C"
