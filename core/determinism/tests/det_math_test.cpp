#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <framecheck/determinism/det_math.hpp>
#include <framecheck/determinism/rng.hpp>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "det_math_kernels.hpp"
#include "mpfr_reference.hpp"
#include "simd_kernels.hpp"

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

// log and pow are det_math's own (det_math_log_pow.cpp): held to 1 ulp where they are hardest.
// log over every binade, subnormals included, and close to 1; pow close to 1 with a large
// power (where log's error is multiplied most), with results near overflow and in the
// subnormals, and negative bases with integer powers.
TEST(DetMath, LogAndPowAreWithinOneUlpWhereTheyAreHardest) {
  Rng rng(13);
  std::uint64_t log_worst = 0, pow_worst = 0;
  for (int i = 0; i < 4000; ++i) {
    const double x = i % 3 == 0   ? std::exp2(rng.uniform(-1074, 1024))
                     : i % 3 == 1 ? 1 + rng.uniform(-0.01, 0.01)
                                  : 1 + rng.uniform(-1e-9, 1e-9);
    log_worst = std::max(log_worst, ulps_apart(det_math::log(x), correctly_rounded(mpfr_log, x)));
    const double result_log = i % 4 == 0   ? rng.uniform(700, 709.7)
                              : i % 4 == 1 ? rng.uniform(-745, -708)
                                           : rng.uniform(-700, 700);
    double base = x, power = result_log / std::log(x);
    if (i % 5 == 0) {
      power = std::round(rng.uniform(-60, 60));
      base = -std::exp2(rng.uniform(-8, 8));
    }
    pow_worst = std::max(pow_worst, ulps_apart(det_math::pow(base, power),
                                               correctly_rounded(mpfr_pow, base, power)));
  }
  EXPECT_LE(log_worst, 1u);
  EXPECT_LE(pow_worst, 1u);
}

// C99's special cases (Annex F), which every C library follows: each pair of these values gives
// std::pow's exact result (0, infinity, 1, NaN, a sign), or one within 1 ulp of MPFR's.
TEST(DetMath, PowAndLogFollowC99sSpecialCases) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double values[] = {0.0,
                           -0.0,
                           1.0,
                           -1.0,
                           0.5,
                           -0.5,
                           2.0,
                           -2.0,
                           3.0,
                           -3.0,
                           kInf,
                           -kInf,
                           1e-310,
                           -1e-310,
                           1e308,
                           -1e308,
                           0x1p53,
                           -0x1p53,
                           0x1p52 + 1,
                           -(0x1p52 + 1),
                           2.5,
                           -2.5,
                           std::numeric_limits<double>::quiet_NaN()};
  const auto agree = [](double ours, double libc, double reference) {
    return (ours != ours && libc != libc) ||
           std::bit_cast<std::uint64_t>(ours) == std::bit_cast<std::uint64_t>(libc) ||
           (std::isfinite(libc) && libc != 0 && ulps_apart(ours, reference) <= 1);
  };
  for (const double x : values) {
    EXPECT_TRUE(agree(det_math::log(x), std::log(x), correctly_rounded(mpfr_log, x))) << x;
    for (const double y : values)
      EXPECT_TRUE(agree(det_math::pow(x, y), std::pow(x, y), correctly_rounded(mpfr_pow, x, y)))
          << "pow(" << x << ", " << y << ") = " << det_math::pow(x, y) << ", not "
          << std::pow(x, y);
  }
}

// hypot is det_math's own (det_math_hypot.cpp): within 1 ulp over every binade of both
// arguments, near overflow and in the subnormals, and correctly rounded wherever the result is a
// normal number; C99's special cases as the C library gives them.
TEST(DetMath, HypotIsWithinOneUlpOverTheWholeRange) {
  Rng rng(17);
  std::uint64_t worst = 0, normal_worst = 0;
  for (int i = 0; i < 20000; ++i) {
    const double x = (i % 2 ? -1 : 1) * std::exp2(rng.uniform(-1074, 1024));
    // Half the pairs a few binades apart, where the two squares both count.
    const double y =
        i % 4 < 2 ? std::exp2(rng.uniform(-1074, 1024)) : x * std::exp2(rng.uniform(-30, 30));
    const double reference = correctly_rounded(mpfr_hypot, x, y);
    const std::uint64_t apart = ulps_apart(det_math::hypot(x, y), reference);
    worst = std::max(worst, apart);
    if (reference >= std::numeric_limits<double>::min())
      normal_worst = std::max(normal_worst, apart);
  }
  EXPECT_LE(worst, 1u);
  EXPECT_EQ(normal_worst, 0u) << "a normal result is correctly rounded";
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double max = std::numeric_limits<double>::max();
  for (const double x : {0.0, -0.0, 1.0, -3.0, 1e-310, max, -max, kInf, -kInf, nan}) {
    for (const double y : {0.0, -0.0, 4.0, -1e-320, 1e300, max, kInf, -kInf, nan}) {
      const double ours = det_math::hypot(x, y), libc = std::hypot(x, y);
      EXPECT_TRUE((ours != ours && libc != libc) ||
                  std::bit_cast<std::uint64_t>(ours) == std::bit_cast<std::uint64_t>(libc) ||
                  ulps_apart(ours, correctly_rounded(mpfr_hypot, x, y)) <= 1)
          << "hypot(" << x << ", " << y << ") = " << ours << ", not " << libc;
    }
  }
}

TEST(DetMath, SincosIsSinAndCos) {
  for (double x : {0.0, 0.5, -3.0, 1e5}) {
    const det_math::SinCos sc = det_math::sincos(x);
    EXPECT_LE(ulps_apart(sc.sin, correctly_rounded(mpfr_sin, x)), 1u) << x;
    EXPECT_LE(ulps_apart(sc.cos, correctly_rounded(mpfr_cos, x)), 1u) << x;
  }
}

// The cross-machine check: 1000 draws of each function folded into one hash, which every CPU,
// compiler and flag must reproduce to the bit (SLEEF's code without FMA, and det_math's own log
// and pow in IEEE adds and multiplies, have one answer).
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
  EXPECT_EQ(h, 0xd2ad872b35ab39caULL) << std::hex << h;
}

class DetMathKernels : public ::testing::TestWithParam<detail::SimdKernel> {};

// Whatever kernel a machine runs, its bits are those of SLEEF's pure-C functions without FMA:
// the reference every other machine runs. Uniform and log-spaced draws of either sign, and the
// values where functions branch: zeros, infinities, NaN, subnormals, the largest double, and
// multiples of pi/2 where the range reduction changes.
TEST_P(DetMathKernels, GiveThePureCReferenceBits) {
  FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(GetParam());
  const det_math::detail::Functions& f = det_math::detail::functions(GetParam());
  const det_math::detail::Functions& c = det_math::detail::functions(detail::SimdKernel::kScalar);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  std::vector<double> xs = {0.0,
                            -0.0,
                            1.0,
                            -1.0,
                            0.5,
                            -0.5,
                            1e-310,
                            -1e-310,
                            1e300,
                            -1e300,
                            709.78,
                            -745.2,
                            1e16,
                            -1e16,
                            1e22,
                            kInf,
                            -kInf,
                            std::numeric_limits<double>::quiet_NaN(),
                            std::numeric_limits<double>::max(),
                            std::numeric_limits<double>::denorm_min()};
  for (int k = -64; k <= 64; ++k)
    xs.push_back(k * 1.5707963267948966);
  Rng rng(5);
  for (int i = 0; i < 20000; ++i) {
    xs.push_back(rng.uniform(-10, 10));
    xs.push_back((i % 2 ? -1 : 1) * std::exp2(rng.uniform(-1070, 1023)));
  }
  // Any NaN is the same NaN: a game's state keeps the one canonical NaN (game_state.hpp), and
  // SLEEF's vector and scalar sincos set the sign of cos(inf) differently.
  const auto same = [](double a, double b) {
    return (a != a && b != b) || std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  };
  int differ = 0;
  const auto check = [&](const char* name, double got, double want, double x, double y) {
    if (!same(got, want) && ++differ <= 10)
      ADD_FAILURE() << name << "(" << x << ", " << y << "): " << got << " against " << want;
  };
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double x = xs[i], y = xs[(i * 7919 + 3) % xs.size()];
    check("sin", f.sin(x), c.sin(x), x, 0);
    check("cos", f.cos(x), c.cos(x), x, 0);
    check("tan", f.tan(x), c.tan(x), x, 0);
    check("sincos.sin", f.sincos(x).sin, c.sincos(x).sin, x, 0);
    check("sincos.cos", f.sincos(x).cos, c.sincos(x).cos, x, 0);
    check("asin", f.asin(x / 1e3), c.asin(x / 1e3), x / 1e3, 0);
    check("acos", f.acos(x / 1e3), c.acos(x / 1e3), x / 1e3, 0);
    check("atan", f.atan(x), c.atan(x), x, 0);
    check("atan2", f.atan2(y, x), c.atan2(y, x), y, x);
    check("exp", f.exp(x), c.exp(x), x, 0);
  }
  EXPECT_EQ(differ, 0) << "of " << xs.size() << " inputs a function";
}

INSTANTIATE_TEST_SUITE_P(DetMath, DetMathKernels, framecheck::testing::every_simd_kernel(),
                         framecheck::testing::simd_kernel_test_name);

// 1 + 2^-27 squared is 1 + 2^-26 + 2^-54: rounded, the 2^-54 is lost, so x*x - (1 + 2^-26) is 0;
// fused into one multiply-add it is 2^-54.
TEST(FloatRules, ThisFileIsCompiledWithoutContraction) {
  volatile double x_in = 1 + std::ldexp(1.0, -27), c_in = -(1 + std::ldexp(1.0, -26));
  const double x = x_in, c = c_in;
  EXPECT_EQ(x * x + c, 0.0) << "-ffp-contract=off, framecheck::core's usage requirement, is off";
}

}  // namespace
}  // namespace framecheck
