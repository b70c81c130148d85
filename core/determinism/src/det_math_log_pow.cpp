// det_math's log and pow: table-driven, in the manner of the C libraries' own (a slice of a
// 128-entry table, a short polynomial, the error kept in a second double), written with IEEE-754
// adds, multiplies and divides only and compiled without contraction, so every CPU and compiler
// computes the same bits. Every product that must be exact is exact by the count of its bits:
// no FMA is needed, and none is allowed to creep in. Tables: det_math_tables.hpp.
//
// log(x) = k ln2 + log(1/invc) + log1p(r), x = 2^k z, r = z invc - 1 exact in two doubles (z's
// top 21 bits times invc's 9, and its low 32 times invc's 9). Its hi + lo is within about 2^-68
// of log x, relative, so pow's y log x loses nothing; exp(hi + lo) then takes 2^(k/128) from the
// second table. Error, by det_math_accuracy against MPFR: docs/determinism.md.
#include <bit>
#include <cstdint>
#include <framecheck/determinism/det_math.hpp>
#include <limits>

#include "det_math_tables.hpp"

namespace framecheck::det_math {

namespace {

using detail::kExp2Table;
using detail::kLogOffset;
using detail::kLogTable;
using detail::kTableBits;

constexpr double kInf = std::numeric_limits<double>::infinity();

std::uint64_t bits(double x) {
  return std::bit_cast<std::uint64_t>(x);
}
double from_bits(std::uint64_t u) {
  return std::bit_cast<double>(u);
}

// a + b as the rounded sum and its exact error (Knuth's TwoSum: no ordering of a and b needed).
struct Sum {
  double hi, lo;
};
Sum two_sum(double a, double b) {
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
// The same when |a| >= |b| (Dekker's Fast2Sum).
Sum fast_two_sum(double a, double b) {
  const double s = a + b;
  return {s, b - (s - a)};
}

// x = 2^k z, z within a slice of log's table, and z invc - 1 = rhi + rlo, both exact: zhi is
// z rounded to 21 bits, so zhi invc has 30 bits and is within 2^-7 of 1; zlo = z - zhi has 32
// and zlo invc 41. `ix` is a positive finite x's bits, normal (subnormals are scaled before).
struct Reduced {
  double k;
  const detail::LogEntry* e;
  double rhi, rlo;
};
Reduced reduce(std::uint64_t ix) {
  const std::uint64_t tmp = ix - kLogOffset;
  const int i = static_cast<int>((tmp >> (52 - kTableBits)) & ((1 << kTableBits) - 1));
  const double z = from_bits(ix - (tmp & (std::uint64_t{0xfff} << 52)));
  const detail::LogEntry& e = kLogTable[i];
  const double zhi = from_bits((bits(z) + (std::uint64_t{1} << 31)) & (~std::uint64_t{0} << 32));
  return {static_cast<double>(static_cast<std::int64_t>(tmp) >> 52), &e, zhi * e.invc - 1.0,
          (z - zhi) * e.invc};
}

// log of x, as reduce takes it, as hi + lo with |lo| at most half an ulp of hi.
Sum log_parts(std::uint64_t ix) {
  const auto [k, e, rhi, rlo] = reduce(ix);
  // r = rhi + rlo again as r + rr with |rr| at most half an ulp of r (rhi is 0 near 1, where
  // all of r is in rlo), and r cut to 26 bits, rh, whose square is exact.
  const Sum rs = two_sum(rhi, rlo);
  const double r = rs.hi, rr = rs.lo;
  const double rh = from_bits(bits(r) & (~std::uint64_t{0} << 27));
  const double rl = r - rh;

  // k ln2 + log(c) + r - rh^2/2, the large parts, summed with every rounding error kept:
  // k ln2hi is exact (ln2hi has 42 bits), and so is rh^2/2.
  const Sum t1 = fast_two_sum(k * detail::kLn2Hi, e->logc_hi);
  const Sum t2 = two_sum(t1.hi, r);
  const Sum t3 = fast_two_sum(t2.hi, -0.5 * rh * rh);
  // The rest of -(r + rr)^2/2, and log1p(r) - r + r^2/2 to r^9: |r| < 2^-7.4, so the first
  // term left out, r^10/10, is below 2^-77 of r.
  const double r2 = r * r;
  const double p = r2 * r *
                   (1.0 / 3 - r * 0.25 +
                    r2 * (0.2 - r * (1.0 / 6) + r2 * (1.0 / 7 - r * 0.125 + r2 * (1.0 / 9))));
  const double lo = t1.lo + t2.lo + t3.lo + k * detail::kLn2Lo + e->logc_lo + rr -
                    0.5 * rl * (r + rh) - r * rr + p;
  return fast_two_sum(t3.hi, lo);
}

// exp(x + tail) for |x| at most 746 and |tail| below 2^-15 of |x|, scaled so
// that a result past a double's range rounds once to infinity or to a subnormal at most twice.
double exp_parts(double x, double tail) {
  // k = round(x 128 / ln2), by the shift that leaves it in the low bits of kd's significand.
  constexpr double kShift = 0x1.8p52;
  double kd = x * detail::kNOverLn2 + kShift;
  const std::uint64_t ki = bits(kd);
  kd -= kShift;
  // r = x - k ln2/128, exact to its last bit: k ln2nhi is exact (35 bits), and x - k ln2nhi
  // loses nothing (Sterbenz).
  const double r = (x - kd * detail::kLn2NHi) - kd * detail::kLn2NLo + tail;
  const detail::Exp2Entry& t = kExp2Table[ki & ((1 << kTableBits) - 1)];
  const auto m = static_cast<std::int64_t>(ki << 13) >> 20;  // k >> 7, with k's sign
  // exp(r) - 1 to r^5: |r| < 2^-8.4, so r^6/720 is below 2^-59.9 of the result.
  const double p = r + r * r * (0.5 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120))));
  const double y = t.hi + (t.lo + t.hi * p + t.lo * p);
  if (m >= -1022 && m <= 1022) return y * from_bits(static_cast<std::uint64_t>(m + 1023) << 52);
  // Near the edges of the range: scale in two exact steps, the last one rounding.
  if (m > 0) return (y * from_bits(static_cast<std::uint64_t>(m - 1 + 1023) << 52)) * 2.0;
  return (y * from_bits(static_cast<std::uint64_t>(m + 1000 + 1023) << 52)) * 0x1p-1000;
}

// 0 when y (finite, not 0) is not an integer, 1 when it is odd, 2 when even.
int integer_kind(double y) {
  const std::uint64_t iy = bits(y);
  const int e = static_cast<int>((iy >> 52) & 0x7ff);
  if (e < 0x3ff) return 0;
  if (e > 0x3ff + 52) return 2;
  const std::uint64_t unit = std::uint64_t{1} << (0x3ff + 52 - e);
  if (iy & (unit - 1)) return 0;
  return iy & unit ? 1 : 2;
}

// A positive finite x's bits with a normal significand, and the power of two taken out.
std::uint64_t normal_bits(double x) {
  if (x >= 0x1p-1022) return bits(x);
  return bits(x * 0x1p52) - (std::uint64_t{52} << 52);
}

}  // namespace

// log needs one double, not pow's two: the same reduction, with the rounding errors that fall
// below half an ulp of the result left out (the neighbours of 1 still sum exactly, as t2).
double log(double x) {
  std::uint64_t ix = bits(x);
  // Zero, negative, subnormal, infinite and NaN x in one unsigned comparison.
  if (ix - 0x0010000000000000 >= 0x7ff0000000000000 - 0x0010000000000000) [[unlikely]] {
    if (x != x || x == kInf) return x;
    if (x == 0) return -kInf;
    if (x < 0) return std::numeric_limits<double>::quiet_NaN();
    ix = normal_bits(x);
  }
  const auto [k, e, rhi, rlo] = reduce(ix);
  const double r = rhi + rlo;
  const Sum t1 = fast_two_sum(k * detail::kLn2Hi, e->logc_hi);
  const Sum t2 = two_sum(t1.hi, rhi);
  // log1p(r) - r to r^8, in pairs so that the multiplies overlap: |r| < 2^-7.6 and the result
  // is r or above 2^-9, so r^9/9 is below 2^-62 of it.
  const double r2 = r * r, r4 = r2 * r2;
  const double p = r2 * (-0.5 + r * (1.0 / 3)) +
                   r4 * ((-0.25 + r * 0.2) + r2 * (-1.0 / 6 + r * (1.0 / 7)) + r4 * -0.125);
  return t2.hi + (t1.lo + t2.lo + k * detail::kLn2Lo + e->logc_lo + rlo + p);
}

// The special cases are C99's (Annex F.9.4.4), in its order.
double pow(double x, double y) {
  if (y == 0 || x == 1) return 1.0;
  if (x != x || y != y) return x + y;
  const double ax = x < 0 ? -x : x;
  if (y == kInf || y == -kInf) {
    if (ax == 1) return 1.0;
    return (ax > 1) == (y > 0) ? kInf : 0.0;
  }
  bool negative = false;
  if (bits(x) >> 63) {
    const int kind = integer_kind(y);
    if (kind == 0 && x != 0 && x != -kInf) return std::numeric_limits<double>::quiet_NaN();
    negative = kind == 1;
  }
  if (ax == 0) return negative ? (y < 0 ? -kInf : -0.0) : (y < 0 ? kInf : 0.0);
  if (ax == kInf) return negative ? (y < 0 ? -0.0 : -kInf) : (y < 0 ? 0.0 : kInf);

  const Sum l = log_parts(normal_bits(ax));
  // y (hi + lo) as ehi + elo without an FMA: y and hi cut to 26 bits, whose product is exact.
  const double yhi = from_bits(bits(y) & (~std::uint64_t{0} << 27));
  const double ylo = y - yhi;
  const double lhi = from_bits(bits(l.hi) & (~std::uint64_t{0} << 27));
  const double llo = (l.hi - lhi) + l.lo;
  const double ehi = yhi * lhi;
  const double elo = ylo * lhi + y * llo;
  double result;
  if (ehi > 710)
    result = kInf;
  else if (ehi < -746)
    result = 0.0;
  else
    result = exp_parts(ehi, elo);
  return negative ? -result : result;
}

}  // namespace framecheck::det_math
