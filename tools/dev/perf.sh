#!/usr/bin/env bash
# Every table of docs/performance.md, in one run, written into the page: the Google Benchmark
# binaries (tools/dev/bench.sh, JSON in bench-results/, tables by tools/dev/perf/bench_tables.py),
# then each script of tools/dev/perf/: replay throughput, compressed sessions, keyframes, the diff
# against odiff and pixelmatch (the 4K pairs, then the matrix), peak memory, explore's runs a
# second and guided against random play, and what check-determinism costs. Each leaves its
# output in perf-results/<name>.txt and its table in perf-results/<name>.md; tools/dev/perf/page.py
# then puts every table between its markers in docs/performance.md. Names given run only those
# (`bench` for the benchmarks), and the page takes the other tables from perf-results/ as they are.
# docs.performance_tables fails when the page shows a table no script here writes.
#   bash tools/dev/perf.sh                       everything, about 25 minutes on 2 cores
#   bash tools/dev/perf.sh keyframes memory      two scripts, then the page
#   python3 tools/dev/perf/page.py compare       a fresh run's figures against the page's
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts=(replay_throughput zstd_sessions keyframes diff_vs_tools diff_matrix memory explore_rate
         explore_guided check_determinism_cost)
[ $# -gt 0 ] && scripts=("$@") || set -- bench "${scripts[@]}"
mkdir -p perf-results
for name in "$@"; do
  if [ "$name" = bench ]; then
    echo "== tools/dev/bench.sh"
    bash tools/dev/bench.sh | tee perf-results/bench.txt
    python3 tools/dev/perf/bench_tables.py bench-results perf-results >/dev/null
  else
    echo "== tools/dev/perf/$name.sh"
    bash "tools/dev/perf/$name.sh" | tee "perf-results/$name.txt"
  fi
done
python3 tools/dev/perf/page.py write perf-results
