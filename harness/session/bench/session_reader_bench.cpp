// How the session reader's time grows with a line's size: a header whose fingerprint names N
// functions, read in time linear in N (a callback parser made it quadratic: 6.5 s at 30,000).
#include <benchmark/benchmark.h>

#include <framecheck/session/session_reader.hpp>
#include <string>

#include "bench_smoke.hpp"

namespace framecheck {
namespace {

std::string header_naming(std::int64_t functions) {
  std::string math;
  for (std::int64_t i = 0; i < functions; ++i)
    math += (i ? ",\"f" : "\"f") + std::to_string(i) +
            R"(":{"hash":"00000000000000ff","values":[0.5]})";
  return R"({"type":"header","format":5,"framecheck":"0.1.0","game":"arena","game_version":"1.0.0","seed":1,)"
         R"("surface":[640,360],"logical":[320,180],"tick_rate":60,"fps":60,"checkpoint_every":60,)"
         R"("fingerprint":{"compiler":"GCC","standard_library":"libstdc++","c_library":"glibc",)"
         R"("cpu_fma":true,"built_with_fma":false,"math":{)" +
         math + "}}}\n";
}

void BM_ReadAHeaderNamingFunctions(benchmark::State& state) {
  const std::string bytes = header_naming(state.range(0));
  for (auto _ : state) {
    auto reader = SessionReader::from_bytes(bytes, "bench.jsonl");
    if (!reader) {
      state.SkipWithError(reader.error().message().c_str());
      break;
    }
    benchmark::DoNotOptimize(reader);
  }
  state.SetComplexityN(state.range(0));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_ReadAHeaderNamingFunctions)
    ->RangeMultiplier(10)
    ->Range(1'000, bench_size(100'000, 10'000))
    ->Complexity(benchmark::oN)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace framecheck
