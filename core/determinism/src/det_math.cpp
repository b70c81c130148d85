// Each function is compiled here, under framecheck's own flags (no contraction), so a game's
// -march or -ffp-contract cannot reach it. The kernels' tables below say which code each function
// runs (det_math_kernels.hpp); every kernel gives the same bits, so the choice is only speed.
#include <sleef.h>

#include <cmath>
#include <framecheck/determinism/det_math.hpp>

#include "det_math_kernels.hpp"

#ifdef FRAMECHECK_SIMD_X86
#include <emmintrin.h>
#endif

namespace framecheck::det_math {

namespace detail {
namespace {

using framecheck::detail::SimdKernel;

// SLEEF declares its results const-qualified; these give det_math's plain signatures.
template <auto f>
double pure(double x) {
  return f(x);
}
template <auto f>
double pure(double x, double y) {
  return f(x, y);
}

SinCos sincos_purec(double x) {
  const Sleef_double_2 r = Sleef_cinz_sincosd1_u10purec(x);
  return {r.x, r.y};
}

constexpr Functions kPureC = {
    pure<Sleef_cinz_sind1_u10purec>,  pure<Sleef_cinz_cosd1_u10purec>,
    pure<Sleef_cinz_tand1_u10purec>,  sincos_purec,
    pure<Sleef_cinz_asind1_u10purec>, pure<Sleef_cinz_acosd1_u10purec>,
    pure<Sleef_cinz_atand1_u10purec>, pure<Sleef_cinz_atan2d1_u10purec>,
    pure<Sleef_cinz_expd1_u10purec>,
};

#ifdef FRAMECHECK_SIMD_X86
// A vector function on x (and y) in the low lane; the high lane is a copy, never read.
template <auto f>
double lane(double x) {
  return _mm_cvtsd_f64(f(_mm_set1_pd(x)));
}
template <auto f>
double lane(double x, double y) {
  return _mm_cvtsd_f64(f(_mm_set1_pd(x), _mm_set1_pd(y)));
}
template <auto f>
SinCos lane_sincos(double x) {
  const Sleef___m128d_2 r = f(_mm_set1_pd(x));
  return {_mm_cvtsd_f64(r.x), _mm_cvtsd_f64(r.y)};
}

// asin and acos stay pure C (faster on the benchmark's inputs: det_math_bench).
constexpr Functions kSse2 = {
    lane<Sleef_cinz_sind2_u10sse2>,   lane<Sleef_cinz_cosd2_u10sse2>,
    lane<Sleef_cinz_tand2_u10sse2>,   lane_sincos<Sleef_cinz_sincosd2_u10sse2>,
    pure<Sleef_cinz_asind1_u10purec>, pure<Sleef_cinz_acosd1_u10purec>,
    lane<Sleef_cinz_atand2_u10sse2>,  lane<Sleef_cinz_atan2d2_u10sse2>,
    lane<Sleef_cinz_expd2_u10sse2>,
};
constexpr Functions kSse4 = {
    lane<Sleef_cinz_sind2_u10sse4>,   lane<Sleef_cinz_cosd2_u10sse4>,
    lane<Sleef_cinz_tand2_u10sse4>,   lane_sincos<Sleef_cinz_sincosd2_u10sse4>,
    pure<Sleef_cinz_asind1_u10purec>, pure<Sleef_cinz_acosd1_u10purec>,
    lane<Sleef_cinz_atand2_u10sse4>,  lane<Sleef_cinz_atan2d2_u10sse4>,
    lane<Sleef_cinz_expd2_u10sse4>,
};
#endif

}  // namespace

const Functions& functions(SimdKernel kernel) {
  switch (kernel) {
#ifdef FRAMECHECK_SIMD_X86
    case SimdKernel::kSse2:
      return kSse2;
    case SimdKernel::kAvx2:
      return kSse4;
#endif
    default:
      return kPureC;
  }
}

}  // namespace detail

namespace {

#ifdef FRAMECHECK_SIMD_X86
// Whether this CPU runs the SSE4.1 lane: the SIMD chooser's answer, copied once as the library
// loads, so that a call of det_math reads a byte (asking glibc per call, three calls into the
// loader, took hypot to 6x glibc's time). A static constructor elsewhere that calls det_math
// before this one has run reads false and takes the SSE2 lane: the same bits, as every kernel
// gives.
const bool runs_sse4 =
    framecheck::detail::best_simd_kernel() == framecheck::detail::SimdKernel::kAvx2;
#endif

// `f` of the kernel this CPU runs, called directly: the tables are constants, so each call
// compiles to one predicted branch on a byte and a direct call, which costs less than a call
// through a table chosen at run time (det_math_bench).
template <auto f, class... Args>
auto call(Args... args) {
#ifdef FRAMECHECK_SIMD_X86
  return runs_sse4 ? (detail::kSse4.*f)(args...) : (detail::kSse2.*f)(args...);
#else
  return (detail::kPureC.*f)(args...);
#endif
}

}  // namespace

double sin(double x) {
  return call<&detail::Functions::sin>(x);
}
double cos(double x) {
  return call<&detail::Functions::cos>(x);
}
double tan(double x) {
  return call<&detail::Functions::tan>(x);
}
SinCos sincos(double x) {
  return call<&detail::Functions::sincos>(x);
}
double asin(double x) {
  return call<&detail::Functions::asin>(x);
}
double acos(double x) {
  return call<&detail::Functions::acos>(x);
}
double atan(double x) {
  return call<&detail::Functions::atan>(x);
}
double atan2(double y, double x) {
  return call<&detail::Functions::atan2>(y, x);
}
double exp(double x) {
  return call<&detail::Functions::exp>(x);
}
// log, pow and hypot are framecheck's own, the same code on every machine: det_math_log_pow.cpp,
// det_math_hypot.cpp.

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
