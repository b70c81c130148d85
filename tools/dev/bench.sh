#!/usr/bin/env bash
# Builds the release preset and runs every benchmark for real, writing one JSON file per binary
# into bench-results/ (or $1), 5 repetitions interleaved; tools/dev/perf/bench_tables.py makes
# the tables of docs/performance.md from them.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-bench-results}"
cmake --preset release >/dev/null
cmake --build --preset release --parallel "${FRAMECHECK_JOBS:-$(nproc)}"
mkdir -p "$out"
for bin in build/release/core/diagnostics/bench/framecheck_diagnostics_bench build/release/core/determinism/bench/framecheck_det_math_bench build/release/harness/image/framecheck_image_bench \
           build/release/cases/games/arena/bench/framecheck_session_bench; do
  name=$(basename "$bin")
  "$bin" --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true \
         --benchmark_report_aggregates_only=true \
         --benchmark_out="$out/$name.json" --benchmark_out_format=json
done
echo "results: $out/"
