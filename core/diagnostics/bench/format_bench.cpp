// format_value on frame-time-like and random doubles, against snprintf("%.3f") on the same.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <framecheck/diagnostics/format.hpp>
#include <random>
#include <vector>

namespace framecheck {
namespace {

std::vector<double> corpus(bool frame_times) {
  std::mt19937_64 rng(7);
  std::vector<double> v;
  for (int i = 0; i < 4096; ++i) {
    if (frame_times) {
      v.push_back(static_cast<double>(rng() % 40'000'000) / 1e6);  // 0 to 40 ms, ns resolution
    } else {
      v.push_back((static_cast<double>(rng() >> 11) / 9007199254740992.0 - 0.5) * 2e6);
    }
  }
  return v;
}

void BM_FormatNumber(benchmark::State& state) {
  const auto values = corpus(state.range(0) == 0);
  std::string out;
  out.reserve(64);
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    append_number(out, values[i++ & 4095]);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_FormatNumber)->Arg(0)->Arg(1)->ArgName("corpus(frame_times,random)");

void BM_Snprintf3f(benchmark::State& state) {
  const auto values = corpus(state.range(0) == 0);
  char buf[64];
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(std::snprintf(buf, sizeof buf, "%.3f", values[i++ & 4095]));
    benchmark::DoNotOptimize(buf);
  }
}
BENCHMARK(BM_Snprintf3f)->Arg(0)->Arg(1)->ArgName("corpus(frame_times,random)");

}  // namespace
}  // namespace framecheck
