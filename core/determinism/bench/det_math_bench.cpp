// det_math against the C library, each function both ways on the same 4096 inputs in one
// process: the ratio of the two is what docs/performance.md quotes.
#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <framecheck/determinism/det_math.hpp>
#include <framecheck/determinism/rng.hpp>

namespace {

using framecheck::Rng;
namespace dm = framecheck::det_math;

std::array<double, 4096> inputs(double lo, double hi) {
  std::array<double, 4096> out{};
  Rng rng(3);
  for (double& x : out)
    x = rng.uniform(lo, hi);
  return out;
}

// Both sides are called through a pointer, so neither is inlined where the other is not.
void one(benchmark::State& state, double (*f)(double), double lo, double hi) {
  const auto in = inputs(lo, hi);
  for (auto _ : state) {
    for (const double x : in)
      benchmark::DoNotOptimize(f(x));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(in.size()));
}

void two(benchmark::State& state, double (*f)(double, double), double lo, double hi) {
  const auto a = inputs(lo, hi), b = inputs(-lo, hi + 1);
  for (auto _ : state) {
    for (std::size_t i = 0; i < a.size(); ++i)
      benchmark::DoNotOptimize(f(a[i], b[i]));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(a.size()));
}

double std_sin(double x) {
  return std::sin(x);
}
double std_cos(double x) {
  return std::cos(x);
}
double std_tan(double x) {
  return std::tan(x);
}
double std_asin(double x) {
  return std::asin(x);
}
double std_atan(double x) {
  return std::atan(x);
}
double std_exp(double x) {
  return std::exp(x);
}
double std_log(double x) {
  return std::log(x);
}
double std_atan2(double y, double x) {
  return std::atan2(y, x);
}
double std_pow(double x, double y) {
  return std::pow(x, y);
}
double std_hypot(double x, double y) {
  return std::hypot(x, y);
}

#define FRAMECHECK_BOTH1(name, lo, hi)                    \
  BENCHMARK_CAPTURE(one, std_##name, std_##name, lo, hi); \
  BENCHMARK_CAPTURE(one, det_math_##name, dm::name, lo, hi)
#define FRAMECHECK_BOTH2(name, lo, hi)                    \
  BENCHMARK_CAPTURE(two, std_##name, std_##name, lo, hi); \
  BENCHMARK_CAPTURE(two, det_math_##name, dm::name, lo, hi)

FRAMECHECK_BOTH1(sin, -10, 10);
FRAMECHECK_BOTH1(cos, -10, 10);
FRAMECHECK_BOTH1(tan, -1.5, 1.5);
FRAMECHECK_BOTH1(asin, -1, 1);
FRAMECHECK_BOTH1(atan, -50, 50);
FRAMECHECK_BOTH1(exp, -50, 50);
FRAMECHECK_BOTH1(log, 0.001, 1000);
FRAMECHECK_BOTH2(atan2, -100, 100);
FRAMECHECK_BOTH2(pow, 0.01, 10);
FRAMECHECK_BOTH2(hypot, -100, 100);

}  // namespace
