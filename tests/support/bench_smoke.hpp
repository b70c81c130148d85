// Whether a benchmark runs as ctest's smoke pass: FRAMECHECK_BENCH_SMOKE is set by
// framecheck_add_benchmark's test, so every benchmark runs once on small inputs (none can rot,
// and the pass takes about a second); a benchmark run by hand measures its full inputs.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace framecheck {

inline bool bench_smoke() {
  return std::getenv("FRAMECHECK_BENCH_SMOKE") != nullptr;
}

// `full` in a measurement, `smoke` in the smoke pass.
inline std::int64_t bench_size(std::int64_t full, std::int64_t smoke) {
  return bench_smoke() ? smoke : full;
}

}  // namespace framecheck
