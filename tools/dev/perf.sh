#!/usr/bin/env bash
# Every figure in docs/performance.md, in one run: the Google Benchmark binaries (JSON in
# bench-results/), replay throughput, compressed sessions, keyframes, the diff against odiff and pixelmatch,
# peak memory, and explore's runs a second.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tools/dev/bench.sh
bash tools/dev/perf/replay_throughput.sh
bash tools/dev/perf/zstd_sessions.sh
bash tools/dev/perf/keyframes.sh
bash tools/dev/perf/diff_vs_tools.sh
bash tools/dev/perf/memory.sh
bash tools/dev/perf/explore_rate.sh
