#!/usr/bin/env bash
# Keyframes: what they cost in a compressed session and what they save a seek. Records a
# 216,000-frame arena session (an hour at 60 fps) with a keyframe every 600 frames (kept in
# build/release/perf/ for reuse), derives from it the same session with a keyframe every 600,
# 1800, 3600 and 7200 frames and with none (keyframe lines dropped, the header's keyframe_every
# changed), each compressed alike (zstd level 9, record's; the same samples in every one, which
# two recordings would not have), then times, medians of 3:
# a full `replay --verify`, `replay --verify --from 210000`, `replay --at 200000`, and the worst
# seek each spacing allows (`--at` the frame before a keyframe).
set -euo pipefail
cd "$(dirname "$0")/../../.."
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck >/dev/null
fc=$PWD/build/release/tools/framecheck
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
median3() {
  local times
  times=$(for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    echo $(((t1 - t0) / 1000000))
  done | sort -n)
  awk -v ms="$(echo "$times" | sed -n 2p)" 'BEGIN { printf "%.3f", ms / 1000 }'
}

for k in 0 600 1800 3600 7200; do derive "$k"; done
none=$(stat -c %s "$dir/hour-k0.jsonl.zst")
session=$dir/hour-k1800.jsonl.zst
full=$(median3 "$fc" replay "$session" --verify --no-progress)
from=$(median3 "$fc" replay "$session" --verify --no-progress --from 210000)
at=$(median3 "$fc" replay "$session" --at 200000)
echo "216000 arena frames, a keyframe every 1800 (record's default), medians of 3:"
echo "  replay --verify:               ${full} s"
awk -v t="$from" -v f="$full" 'BEGIN { printf "  replay --verify --from 210000: %s s (%.3f of the full verify)\n", t, t / f }'
awk -v t="$at" -v f="$full" 'BEGIN { printf "  replay --at 200000:            %s s (%.3f of the full verify)\n", t, t / f }'
echo "keyframe spacing against size (zstd level 9) and the worst seek (--at the frame before a keyframe):"
printf "  %-8s %12s %8s %12s\n" every bytes growth "worst --at"
for k in 0 600 1800 3600 7200; do
  f=$dir/hour-k$k.jsonl.zst
  size=$(stat -c %s "$f")
  if [ "$k" = 0 ]; then worst=$(median3 "$fc" replay "$f" --at 215999); else
    worst=$(median3 "$fc" replay "$f" --at $((216000 - k - 1 > 0 ? (216000 / k - 1) * k - 1 : 1)))
  fi
  awk -v k="$k" -v s="$size" -v n="$none" -v w="$worst" \
    'BEGIN { printf "  %-8s %12d %7.2f%% %10s s\n", (k == 0 ? "none" : k), s, 100 * (s - n) / n, w }'
done
