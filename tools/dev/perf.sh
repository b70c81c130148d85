#!/usr/bin/env bash
# Every table of docs/performance.md, in one run, written into the page: the Google Benchmark
# binaries (tools/dev/bench.sh, JSON in bench-results/, tables by tools/dev/perf/bench_tables.py),
# then each script of tools/dev/perf/: replay throughput, compressed sessions, keyframes, the diff
# against odiff and pixelmatch (the 4K pairs, then the matrix), peak memory, explore's runs a
# second and guided against random play, and what check-determinism costs. Each leaves its
# output in perf-results/<name>.txt and its table in perf-results/<name>.md; tools/dev/perf/page.py
# then puts every table between its markers in docs/performance.md. Names given run only those
# (`bench` for the benchmarks), and the page takes the other tables from perf-results/ as they are.
# With FRAMECHECK_PERF_RESULTS set to a folder, the run is kept there and compared with the page
# (page.py compare) instead of written into it.
# docs.performance_tables fails when the page shows a table no script here writes.
#   bash tools/dev/perf.sh                       everything, about 25 minutes on 2 cores
#   bash tools/dev/perf.sh keyframes memory      two scripts, then the page
#   FRAMECHECK_PERF_RESULTS=/tmp/again bash tools/dev/perf.sh
#                                                a fresh run's figures against the page's
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts=(replay_throughput zstd_sessions keyframes diff_vs_tools diff_matrix memory explore_rate
         explore_guided check_determinism_cost)
[ $# -gt 0 ] || set -- bench "${scripts[@]}"
results=${FRAMECHECK_PERF_RESULTS:-perf-results}
mkdir -p "$results"
for name in "$@"; do
  if [ "$name" = bench ]; then
    echo "== tools/dev/bench.sh"
    bench=bench-results
    [ -n "${FRAMECHECK_PERF_RESULTS:-}" ] && bench=$results/bench
    bash tools/dev/bench.sh "$bench" | tee "$results/bench.txt"
    python3 tools/dev/perf/bench_tables.py "$bench" "$results" >/dev/null
  else
    echo "== tools/dev/perf/$name.sh"
    bash "tools/dev/perf/$name.sh" | tee "$results/$name.txt"
  fi
done
if [ -n "${FRAMECHECK_PERF_RESULTS:-}" ]; then
  python3 tools/dev/perf/page.py compare "$results"
else
  python3 tools/dev/perf/page.py write "$results"
fi
