#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <framecheck/determinism/det_math.hpp>
#include <framecheck/determinism/rng.hpp>
#include <functional>
#include <string>
#include <vector>

#include "mpfr_reference.hpp"

namespace framecheck {
namespace {

using testing::correctly_rounded;
using testing::MpfrFunction1;
using testing::ulps_apart;

struct OneArgument {
  const char* name;
  double (*ours)(double);
  MpfrFunction1 reference;
  double lo, hi;
};

TEST(DetMath, EveryOneArgumentFunctionIsWithinOneUlpOfTheCorrectlyRoundedResult) {
  const OneArgument functions[] = {
      {"sin", det_math::sin, mpfr_sin, -100, 100},
      {"cos", det_math::cos, mpfr_cos, -100, 100},
      {"tan", det_math::tan, mpfr_tan, -1.5, 1.5},
      {"asin", det_math::asin, mpfr_asin, -1, 1},
      {"acos", det_math::acos, mpfr_acos, -1, 1},
      {"atan", det_math::atan, mpfr_atan, -50, 50},
      {"exp", det_math::exp, mpfr_exp, -700, 700},
      {"log", det_math::log, mpfr_log, 1e-300, 1e300},
      {"sqrt", det_math::sqrt, mpfr_sqrt, 0, 1e300},
      {"floor", det_math::floor, mpfr_rint_floor, -1e6, 1e6},
  };
  for (const OneArgument& f : functions) {
    Rng rng(7);
    std::uint64_t worst = 0;
    for (int i = 0; i < 4000; ++i) {
      // Log-spaced for log and sqrt's wide ranges, uniform elsewhere.
      const double x = f.lo > 0    ? std::exp2(rng.uniform(std::log2(f.lo), std::log2(f.hi)))
                       : f.lo == 0 ? std::exp2(rng.uniform(-1000, 996))
                                   : rng.uniform(f.lo, f.hi);
      worst = std::max(worst, ulps_apart(f.ours(x), correctly_rounded(f.reference, x)));
    }
    const std::uint64_t allowed =
        std::string(f.name) == "sqrt" || std::string(f.name) == "floor" ? 0 : 1;
    EXPECT_LE(worst, allowed) << f.name;
  }
}

TEST(DetMath, TwoArgumentFunctionsAreWithinOneUlpOfTheCorrectlyRoundedResult) {
  Rng rng(11);
  std::uint64_t atan2_worst = 0, pow_worst = 0, hypot_worst = 0, fmod_worst = 0;
  for (int i = 0; i < 4000; ++i) {
    const double y = rng.uniform(-1000, 1000), x = rng.uniform(-1000, 1000);
    atan2_worst = std::max(atan2_worst,
                           ulps_apart(det_math::atan2(y, x), correctly_rounded(mpfr_atan2, y, x)));
    hypot_worst = std::max(hypot_worst,
                           ulps_apart(det_math::hypot(x, y), correctly_rounded(mpfr_hypot, x, y)));
    fmod_worst =
        std::max(fmod_worst, ulps_apart(det_math::fmod(x, y), correctly_rounded(mpfr_fmod, x, y)));
    const double base = rng.uniform(0.01, 100), power = rng.uniform(-100, 100);
    pow_worst = std::max(pow_worst, ulps_apart(det_math::pow(base, power),
                                               correctly_rounded(mpfr_pow, base, power)));
  }
  EXPECT_LE(atan2_worst, 1u);
  EXPECT_LE(pow_worst, 1u);
  EXPECT_LE(hypot_worst, 1u);
  EXPECT_EQ(fmod_worst, 0u) << "fmod is exact";
}

TEST(DetMath, SincosIsSinAndCos) {
  for (double x : {0.0, 0.5, -3.0, 1e5}) {
    const det_math::SinCos sc = det_math::sincos(x);
    EXPECT_LE(ulps_apart(sc.sin, correctly_rounded(mpfr_sin, x)), 1u) << x;
    EXPECT_LE(ulps_apart(sc.cos, correctly_rounded(mpfr_cos, x)), 1u) << x;
  }
}

// The cross-machine check: 1000 draws of each function folded into one hash, which every CPU,
// compiler and flag must reproduce to the bit (SLEEF's pure-C code without FMA has one answer).
// CI checks it under g++ and under clang -O3 -march=native; a libm would fail it between CPUs.
TEST(DetMath, TheSameBitsOnEveryMachine) {
  Rng rng(2024);
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto fold = [&](double v) { h = (h ^ std::bit_cast<std::uint64_t>(v)) * 0x100000001b3ULL; };
  for (int i = 0; i < 1000; ++i) {
    const double x = rng.uniform(-10, 10), y = rng.uniform(-10, 10);
    fold(det_math::sin(x));
    fold(det_math::cos(x));
    fold(det_math::tan(x));
    fold(det_math::asin(x / 10));
    fold(det_math::acos(y / 10));
    fold(det_math::atan(x));
    fold(det_math::atan2(y, x));
    fold(det_math::exp(x));
    fold(det_math::log(std::abs(x) + 1e-3));
    fold(det_math::pow(std::abs(x), y));
    fold(det_math::hypot(x, y));
    fold(det_math::sqrt(std::abs(y)));
  }
  EXPECT_EQ(h, 0x30ee7d42fc72e8fcULL) << std::hex << h;
}

// 1 + 2^-27 squared is 1 + 2^-26 + 2^-54: rounded, the 2^-54 is lost, so x*x - (1 + 2^-26) is 0;
// fused into one multiply-add it is 2^-54.
TEST(FloatRules, ThisFileIsCompiledWithoutContraction) {
  volatile double x_in = 1 + std::ldexp(1.0, -27), c_in = -(1 + std::ldexp(1.0, -26));
  const double x = x_in, c = c_in;
  EXPECT_EQ(x * x + c, 0.0) << "-ffp-contract=off, framecheck::core's usage requirement, is off";
}

}  // namespace
}  // namespace framecheck
