// Each function is compiled here, under framecheck's own flags (no contraction), so a game's
// -march or -ffp-contract cannot reach it; SLEEF's "cinz" functions are its pure-C code without
// FMA, the same arithmetic on x86-64 and ARM.
#include <sleef.h>

#include <cmath>
#include <framecheck/determinism/det_math.hpp>

namespace framecheck::det_math {

double sin(double x) {
  return Sleef_cinz_sind1_u10purec(x);
}
double cos(double x) {
  return Sleef_cinz_cosd1_u10purec(x);
}
double tan(double x) {
  return Sleef_cinz_tand1_u10purec(x);
}
SinCos sincos(double x) {
  const Sleef_double_2 r = Sleef_cinz_sincosd1_u10purec(x);
  return {r.x, r.y};
}
double asin(double x) {
  return Sleef_cinz_asind1_u10purec(x);
}
double acos(double x) {
  return Sleef_cinz_acosd1_u10purec(x);
}
double atan(double x) {
  return Sleef_cinz_atand1_u10purec(x);
}
double atan2(double y, double x) {
  return Sleef_cinz_atan2d1_u10purec(y, x);
}
double exp(double x) {
  return Sleef_cinz_expd1_u10purec(x);
}
double log(double x) {
  return Sleef_cinz_logd1_u10purec(x);
}
double pow(double x, double y) {
  return Sleef_cinz_powd1_u10purec(x, y);
}
double hypot(double x, double y) {
  return Sleef_cinz_hypotd1_u05purec(x, y);
}
// IEEE-754 defines these exactly, and no C library rounds them otherwise: the compiler's own
// instruction (sqrtsd, roundsd or a libm call) gives the one right answer.
double sqrt(double x) {
  return std::sqrt(x);
}
double floor(double x) {
  return std::floor(x);
}
double ceil(double x) {
  return std::ceil(x);
}
double fmod(double x, double y) {
  return std::fmod(x, y);
}

}  // namespace framecheck::det_math
