#!/usr/bin/env bash
# Keyframes: what they cost in a compressed session and what they save a seek. Records a
# 216,000-frame arena session (an hour at 60 fps) with a keyframe every 600 frames (kept in
# build/release/perf/ for reuse), derives from it the same session with a keyframe every 600,
# 1800, 3600 and 7200 frames and with none (keyframe lines dropped, the header's keyframe_every
# changed), each compressed alike (zstd level 9, record's; the same samples in every one, which
# two recordings would not have), then times, medians of 3:
# a full `replay --verify`, `replay --verify --from 210000`, `replay --at 200000`, and the worst
# seek each spacing allows (`--at` the frame before a keyframe). Prints them and its tables.
#   bash tools/dev/perf/keyframes.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
dir=build/release/perf/keyframes
mkdir -p "$dir"
base=$dir/recorded-k600.jsonl.zst
if [ -f "$base" ] && ! zstd -dc "$base" | head -c 200 | grep -q '"format":6,'; then rm "$base"; fi
[ -f "$base" ] || "$fc" record --game arena --frames 216000 --width 320 --height 180 \
  --keyframe-every 600 --out "$base" >/dev/null

# The session with a keyframe every K frames (0: none), from the K=600 one.
derive() {
  local k=$1 out=$dir/hour-k$1.jsonl.zst
  [ -f "$out" ] && [ "$out" -nt "$base" ] && return 0
  zstd -dc "$base" | awk -v k="$k" '
    NR == 1 { sub(/"keyframe_every":[0-9]+/, "\"keyframe_every\":" k); print; next }
    /^\{"type":"keyframe","frame":/ {
      split($0, a, /[:,]/); if (k == 0 || a[4] % k != 0) next
    }
    { print }' | zstd -q -f -9 -o "$out"
}

# The median of 3 runs of a command, in seconds to the millisecond.
median3() { calc %.3f "$(median "$(seconds "$@")" "$(seconds "$@")" "$(seconds "$@")")"; }

for k in 0 600 1800 3600 7200; do derive "$k"; done
none=$(stat -c %s "$dir/hour-k0.jsonl.zst")
session=$dir/hour-k1800.jsonl.zst
full=$(median3 "$fc" replay "$session" --verify --no-progress)
from=$(median3 "$fc" replay "$session" --verify --no-progress --from 210000)
at=$(median3 "$fc" replay "$session" --at 200000)
{
  measured_by "bash tools/dev/perf/keyframes.sh"
  echo
  echo "| keyframe every | bytes (zstd level 9) | growth | worst seek (\`--at\` the frame before a keyframe), median of 3 |"
  echo "|---|---|---|---|"
  for k in 0 600 1800 3600 7200; do
    f=$dir/hour-k$k.jsonl.zst
    size=$(stat -c %s "$f")
    if [ "$k" = 0 ]; then worst=$(median3 "$fc" replay "$f" --at 215999); else
      worst=$(median3 "$fc" replay "$f" --at $(((216000 / k - 1) * k - 1)))
    fi
    [ "$k" = 1800 ] && size_1800=$size
    echo "| $([ "$k" = 0 ] && echo none || echo "$k") | $(commas "$size") |" \
      "$(calc %.2f "100 * ($size - $none) / $none")% | $worst s |"
  done
  echo
  echo "| figure | result | baseline, same run | ratio | target | met |"
  echo "|---|---|---|---|---|---|"
  echo "| \`replay --verify --from 210000\`, the hour compressed, a keyframe every 1800 frames" \
    "(record's default), median of 3 | $from s | the full \`replay --verify\`: $full s |" \
    "$(calc %.3f "$from / $full") | ≤ 1/10 of the full verify | $(met "$from * 10 <= $full") |"
  echo "| \`replay --at 200000\`, the same file | $at s | the same | $(calc %.3f "$at / $full") |" \
    "≤ 1/10 | $(met "$at * 10 <= $full") |"
  echo "| the compressed hour with a keyframe every 1800 frames | $(commas "$size_1800") bytes |" \
    "without keyframes: $(commas "$none") | $(calc %.4f "$size_1800 / $none") | ≤ 10% larger |" \
    "$(met "$size_1800 <= 1.1 * $none") |"
} | table keyframes
