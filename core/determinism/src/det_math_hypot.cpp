// det_math's hypot: the square root of a sum of squares, then one correction by that sum's exact
// residual (Borges, "An Improved Algorithm for hypot(a, b)", 2019, with Dekker's exact products
// in place of FMA). Written with IEEE-754 adds, multiplies, a divide and a square root only, and
// compiled without contraction, so every CPU and compiler computes the same bits; the residual is
// exact to about 2^-100 of the result, so a normal result is correctly rounded (as SLEEF's
// double-double code it replaced was: the same bits on every pair det_math_accuracy draws in a
// game's range) in a quarter of the time (docs/performance.md).
#include <cmath>
#include <framecheck/determinism/det_math.hpp>
#include <limits>

namespace framecheck::det_math {

namespace {

// a * a as the rounded product and its exact error, without FMA: `a` split into two halves of
// 26 bits each (Dekker), whose products are exact. |a| must be below 2^995.
struct Square {
  double hi, lo;
};
Square exact_square(double a) {
  const double c = 134217729.0 * a;  // 2^27 + 1
  const double high = c - (c - a);
  const double low = a - high;
  const double p = a * a;
  return {p, ((high * high - p) + 2.0 * high * low) + low * low};
}

// hypot of a >= b >= 0, both finite, a in [2^-474, 2^424], b above a * 2^-54: nothing overflows,
// and whatever of the squares' errors falls below the normal range is below 2^-120 of h^2.
double corrected(double a, double b) {
  const double h = std::sqrt(a * a + b * b);
  const Square aa = exact_square(a), bb = exact_square(b), hh = exact_square(h);
  // a^2 + b^2 - h^2, to within the last rounding: h^2 lies within a few ulps of a^2 + b^2, which
  // is at most 2 a^2, so aa.hi - hh.hi is exact (Sterbenz) and what remains is small.
  const double residual = ((aa.hi - hh.hi) + bb.hi) + ((aa.lo + bb.lo) - hh.lo);
  return h + residual / (2.0 * h);
}

constexpr double kBig = 0x1p400, kSmall = 0x1p-400;
constexpr double kScaleDown = 0x1p-600, kScaleUp = 0x1p600;

}  // namespace

double hypot(double x, double y) {
  const double ax = std::fabs(x), ay = std::fabs(y);
  const double a = ax < ay ? ay : ax, b = ax < ay ? ax : ay;  // NaN goes to b or a, caught below
  if (!(a <= std::numeric_limits<double>::max()) || !(b <= std::numeric_limits<double>::max())) {
    // C99: an infinity wins over a NaN; otherwise a NaN is a NaN.
    if (ax == std::numeric_limits<double>::infinity() ||
        ay == std::numeric_limits<double>::infinity())
      return std::numeric_limits<double>::infinity();
    return x + y;
  }
  // b at most a * 2^-54: the root of a^2 (1 + at most 2^-108) rounds to a (b = 0 included).
  if (b <= a * 0x1p-54) return a + b;
  if (a > kBig) return corrected(a * kScaleDown, b * kScaleDown) * kScaleUp;
  if (a < kSmall) return corrected(a * kScaleUp, b * kScaleUp) * kScaleDown;
  return corrected(a, b);
}

}  // namespace framecheck::det_math
