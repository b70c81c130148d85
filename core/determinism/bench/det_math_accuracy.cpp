// det_math and the C library against MPFR's correctly rounded results (200 bits, rounded once to
// double), 200,000 seeded inputs a function: the worst error in ulps and the share of results
// that are not correctly rounded. Then det_math's hypot against SLEEF's, the code it replaced, on
// 10 million pairs of each kind. A measurement, run by hand (docs/determinism.md quotes it):
//   build/release/core/determinism/bench/det_math_accuracy
#include <sleef.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <framecheck/determinism/det_math.hpp>
#include <framecheck/determinism/rng.hpp>
#include <functional>
#include <limits>
#include <utility>

#include "mpfr_reference.hpp"

namespace {

namespace dm = framecheck::det_math;
using Function = std::function<double(double)>;

using framecheck::testing::correctly_rounded;
using framecheck::testing::ulps_apart;

// An MPFR function of one argument, or of two with the second fixed, as a correctly rounded one.
Function exact(framecheck::testing::MpfrFunction1 f) {
  return [f](double x) { return correctly_rounded(f, x); };
}
Function exact(framecheck::testing::MpfrFunction2 f, double second) {
  return [f, second](double x) { return correctly_rounded(f, x, second); };
}

struct Error {
  std::uint64_t worst = 0;
  int inexact = 0;  // results that are not the correctly rounded one
};

void row(const char* name, const Function& libc, const Function& ours, const Function& reference,
         double lo, double hi) {
  constexpr int kInputs = 200'000;
  framecheck::Rng rng(9);
  Error c, d;
  for (int i = 0; i < kInputs; ++i) {
    volatile double seen = rng.uniform(lo, hi);  // no call is folded at compile time
    const double x = seen, want = reference(x);
    const std::uint64_t by_c = ulps_apart(libc(x), want), by_d = ulps_apart(ours(x), want);
    c = {std::max(c.worst, by_c), c.inexact + (by_c != 0)};
    d = {std::max(d.worst, by_d), d.inexact + (by_d != 0)};
  }
  std::printf("| %s | [%g, %g] | %llu | %.2f%% | %llu | %.2f%% |\n", name, lo, hi,
              static_cast<unsigned long long>(c.worst), 100.0 * c.inexact / kInputs,
              static_cast<unsigned long long>(d.worst), 100.0 * d.inexact / kInputs);
}

// det_math's hypot against SLEEF's (what det_math ran before it had its own) on `pairs` drawn
// by `draw`: how many results differ, and of those how many each gives correctly rounded.
void against_sleef(const char* name, const std::function<std::pair<double, double>()>& draw) {
  constexpr int kPairs = 10'000'000;
  int differ = 0, ours_right = 0, sleef_right = 0;
  for (int i = 0; i < kPairs; ++i) {
    const auto [x, y] = draw();
    const double ours = dm::hypot(x, y), sleef = Sleef_cinz_hypotd1_u05purec(x, y);
    if (std::bit_cast<std::uint64_t>(ours) == std::bit_cast<std::uint64_t>(sleef)) continue;
    ++differ;
    const double want = correctly_rounded(mpfr_hypot, x, y);
    ours_right += ulps_apart(ours, want) == 0;
    sleef_right += ulps_apart(sleef, want) == 0;
  }
  std::printf("| %s | %d | %d | %d | %d |\n", name, kPairs, differ, ours_right, sleef_right);
}

}  // namespace

int main() {
  std::printf(
      "| function | inputs | std:: worst ulps | std:: not correctly rounded | det_math worst ulps "
      "| det_math not correctly rounded |\n|---|---|---|---|---|---|\n");
  using F = double (*)(double);
  row("sin", F(std::sin), dm::sin, exact(mpfr_sin), -100, 100);
  row("cos", F(std::cos), dm::cos, exact(mpfr_cos), -100, 100);
  row("tan", F(std::tan), dm::tan, exact(mpfr_tan), -1.5, 1.5);
  row("asin", F(std::asin), dm::asin, exact(mpfr_asin), -1, 1);
  row("acos", F(std::acos), dm::acos, exact(mpfr_acos), -1, 1);
  row("atan", F(std::atan), dm::atan, exact(mpfr_atan), -50, 50);
  row("exp", F(std::exp), dm::exp, exact(mpfr_exp), -700, 700);
  row("log", F(std::log), dm::log, exact(mpfr_log), 1e-3, 1e6);
  row("log", F(std::log), dm::log, exact(mpfr_log), 0.99, 1.01);
  row(
      "atan2(y, 1.5)", [](double y) { return std::atan2(y, 1.5); },
      [](double y) { return dm::atan2(y, 1.5); }, exact(mpfr_atan2, 1.5), -1000, 1000);
  row(
      "pow(x, 2.7)", [](double x) { return std::pow(x, 2.7); },
      [](double x) { return dm::pow(x, 2.7); }, exact(mpfr_pow, 2.7), 0.01, 100);
  // A large power multiplies log's error: the case pow's two-double log is for.
  row(
      "pow(x, 250)", [](double x) { return std::pow(x, 250.0); },
      [](double x) { return dm::pow(x, 250.0); }, exact(mpfr_pow, 250.0), 0.06, 16);
  row(
      "hypot(x, 3)", [](double x) { return std::hypot(x, 3.0); },
      [](double x) { return dm::hypot(x, 3.0); }, exact(mpfr_hypot, 3.0), -1000, 1000);

  std::printf(
      "\n| hypot(x, y) | pairs | differ from SLEEF's | of those, det_math correctly rounded "
      "| of those, SLEEF correctly rounded |\n|---|---|---|---|---|\n");
  framecheck::Rng rng(21);
  against_sleef("x, y in [-1000, 1000]", [&] {
    return std::pair{rng.uniform(-1000, 1000), rng.uniform(-1000, 1000)};
  });
  against_sleef("y = x / 2^k, k in [0, 60]", [&] {
    const double x = rng.uniform(-1000, 1000);
    return std::pair{x, x * std::exp2(-rng.uniform(0, 60))};
  });
  against_sleef("x, y over every binade", [&] {
    return std::pair{std::exp2(rng.uniform(-1074, 1024)), -std::exp2(rng.uniform(-1074, 1024))};
  });
  against_sleef("x, y below 2^-1000", [&] {
    return std::pair{std::exp2(rng.uniform(-1074, -1000)), std::exp2(rng.uniform(-1074, -1000))};
  });
}
