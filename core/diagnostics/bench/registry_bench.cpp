// read() over 100 sources of each value type, against calling the same 100 sources directly:
// the difference is what the registry costs per source.
#include <benchmark/benchmark.h>

#include <framecheck/diagnostics/diagnostics.hpp>
#include <string>
#include <vector>

namespace framecheck {
namespace {

enum class Kind { kNumber, kBool, kString };

struct Fixture {
  Diagnostics diagnostics;
  std::vector<std::function<DiagnosticValue()>> direct;
  std::vector<double> numbers = std::vector<double>(100);
  explicit Fixture(Kind kind) {
    for (int i = 0; i < 100; ++i) {
      numbers[i] = i * 1.25;
      const std::string name = "source " + std::to_string(i);
      std::function<DiagnosticValue()> f;
      switch (kind) {
        case Kind::kNumber:
          f = [this, i] { return DiagnosticValue(numbers[i]); };
          break;
        case Kind::kBool:
          f = [i] { return DiagnosticValue(i % 2 == 0); };
          break;
        case Kind::kString:
          f = [i] { return DiagnosticValue(i % 2 ? "ready" : "none"); };  // short: no allocation
          break;
      }
      diagnostics.instance_registry().register_source(name, f);
      direct.push_back(f);
    }
  }
};

void BM_Read100(benchmark::State& state) {
  Fixture fx(static_cast<Kind>(state.range(0)));
  std::vector<DiagnosticReading> readings;
  for (auto _ : state) {
    fx.diagnostics.read_reusing(readings);
    benchmark::DoNotOptimize(readings.data());
  }
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_Read100)->Arg(0)->Arg(1)->Arg(2)->ArgName("kind(number,bool,string)");

// The sources' own work: the same 100 callables, called directly, results kept.
void BM_Direct100(benchmark::State& state) {
  Fixture fx(static_cast<Kind>(state.range(0)));
  std::vector<DiagnosticValue> values(100);
  for (auto _ : state) {
    for (std::size_t i = 0; i < 100; ++i)
      values[i] = fx.direct[i]();
    benchmark::DoNotOptimize(values.data());
  }
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_Direct100)->Arg(0)->Arg(1)->Arg(2)->ArgName("kind(number,bool,string)");

// read() as the spec has it: a fresh vector of readings each call.
void BM_ReadFresh100(benchmark::State& state) {
  Fixture fx(static_cast<Kind>(state.range(0)));
  for (auto _ : state)
    benchmark::DoNotOptimize(fx.diagnostics.read());
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_ReadFresh100)->Arg(0)->Arg(1)->Arg(2)->ArgName("kind(number,bool,string)");

}  // namespace
}  // namespace framecheck
