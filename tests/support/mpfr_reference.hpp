// Correctly rounded results from MPFR (200 bits, rounded once to double), and the distance in
// ulps between two doubles: det_math's tests and its accuracy measurement hold it to these.
#pragma once

#include <mpfr.h>

#include <bit>
#include <cstdint>
#include <limits>

namespace framecheck::testing {

// How many doubles lie between a and b (0 when they are the same bits).
inline std::uint64_t ulps_apart(double a, double b) {
  const auto key = [](double v) {
    const auto u = std::bit_cast<std::int64_t>(v);
    return u < 0 ? std::numeric_limits<std::int64_t>::min() - u : u;
  };
  const std::int64_t d = key(a) - key(b);
  return d < 0 ? static_cast<std::uint64_t>(-d) : static_cast<std::uint64_t>(d);
}

using MpfrFunction1 = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
using MpfrFunction2 = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

inline double correctly_rounded(MpfrFunction1 f, double x) {
  mpfr_t a, r;
  mpfr_inits2(200, a, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  f(r, a, MPFR_RNDN);
  const double out = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(a, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

inline double correctly_rounded(MpfrFunction2 f, double x, double y) {
  mpfr_t a, b, r;
  mpfr_inits2(200, a, b, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  mpfr_set_d(b, y, MPFR_RNDN);
  f(r, a, b, MPFR_RNDN);
  const double out = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(a, b, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

}  // namespace framecheck::testing
