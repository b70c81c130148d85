#!/usr/bin/env bash
# Every figure in docs/performance.md, in one run: the Google Benchmark binaries (JSON in
# bench-results/), replay throughput, compressed sessions, the diff against odiff and pixelmatch,
# and peak memory.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/bench.sh
bash tools/perf/replay_throughput.sh
bash tools/perf/zstd_sessions.sh
bash tools/perf/diff_vs_tools.sh
bash tools/perf/memory.sh
