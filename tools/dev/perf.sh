#!/usr/bin/env bash
# Every figure in docs/performance.md, in one run: the Google Benchmark binaries (JSON in
# bench-results/), then each script of tools/dev/perf/ that the page names: replay throughput,
# compressed sessions, keyframes, the diff against odiff and pixelmatch (four pairs, then the
# matrix), peak memory, explore's runs a second and guided against random play, and what
# check-determinism costs. Each script's output is printed and kept in perf-results/<script>.txt.
# docs.names_exist fails when the page names a script this one does not run.
#   bash tools/dev/perf.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts=(replay_throughput zstd_sessions keyframes diff_vs_tools diff_matrix memory explore_rate
         explore_guided check_determinism_cost)
mkdir -p perf-results
bash tools/dev/bench.sh
for script in "${scripts[@]}"; do
  echo "== tools/dev/perf/$script.sh"
  bash "tools/dev/perf/$script.sh" | tee "perf-results/$script.txt"
done
