#!/usr/bin/env bash
# Replay throughput: records a 216,000-frame arena session (an hour at 60 fps; kept in
# build/release/perf/ for reuse), then times `framecheck replay --verify` on it, overlay hidden,
# parsing included, 5 runs. Prints the median and frames per second, and its table.
#   bash tools/dev/perf/replay_throughput.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
mkdir -p build/release/perf
session=build/release/perf/hour.jsonl
# A session of an older format (an earlier framecheck's) is recorded afresh.
if [ -f "$session" ] && ! head -c 200 "$session" | grep -q '"format":6,'; then rm "$session"; fi
[ -f "$session" ] || "$fc" record --game arena --frames 216000 --width 320 --height 180 --out "$session" >/dev/null
times=()
for _ in 1 2 3 4 5; do times+=("$(seconds "$fc" replay "$session" --verify --no-progress)"); done
m=$(calc %.2f "$(median "${times[@]}")")
per_second=$(calc %.0f "216000 / $m")
rate=$(commas "$per_second")
size=$(calc %.0f "$(stat -c %s "$session") / 1e6")
echo "replay --verify of 216000 frames ($size MB of JSON Lines): median $m s, $rate frames per second"
{
  measured_by "bash tools/dev/perf/replay_throughput.sh"
  echo
  echo "| figure | result | target | met |"
  echo "|---|---|---|---|"
  echo "| \`replay --verify\` of a 216,000-frame arena session ($size MB), overlay hidden, parsing" \
    "included, end to end, median of 5 | $m s: $rate frames/s | ≥ 200,000 frames/s |" \
    "$(met "$per_second >= 200000") |"
} | table replay_throughput
