#!/usr/bin/env bash
# Peak RSS of a 1,000,000-frame run against a 10,000-frame run of the same game (the live demo:
# wall-clock samples, a 64x48 surface so a million frames take seconds, overlay shown), and of
# `replay --verify` of a 1,000,000-frame session against a 10,000-frame one (the reader streams,
# so a session's length must not show), on one thread and in two stretches side by side
# (--jobs 2, each stretch reading as it goes). Prints them and its table.
#   bash tools/dev/perf/memory.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
rss() { /usr/bin/time -f "%M" "$fc" demo --frames "$1" --width 64 --height 48 2>&1 >/dev/null | tail -1; }
run_small=$(rss 10000)
run_large=$(rss 1000000)
echo "peak RSS: 10,000 frames ${run_small} KB; 1,000,000 frames ${run_large} KB"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$fc" record --frames 10000 --width 64 --height 48 --out "$work/s10k.jsonl" >/dev/null
"$fc" record --frames 1000000 --width 64 --height 48 --out "$work/s1m.jsonl" >/dev/null
replay_rss() {
  /usr/bin/time -f "%M" "$fc" replay "$1" --verify --no-progress "${@:2}" 2>&1 >/dev/null | tail -1
}
replay_small=$(replay_rss "$work/s10k.jsonl" --jobs 1)
replay_large=$(replay_rss "$work/s1m.jsonl" --jobs 1)
echo "replay --verify --jobs 1 peak RSS: 10,000 frames ${replay_small} KB; 1,000,000 frames ${replay_large} KB"
parts_small=$(replay_rss "$work/s10k.jsonl" --jobs 2)
parts_large=$(replay_rss "$work/s1m.jsonl" --jobs 2)
echo "replay --verify --jobs 2 peak RSS: 10,000 frames ${parts_small} KB; 1,000,000 frames ${parts_large} KB"
growth() { calc %+.1f "100 * ($2 - $1) / $1"; }
{
  measured_by "bash tools/dev/perf/memory.sh"
  echo
  echo "| figure | result | baseline, same run | growth | target | met |"
  echo "|---|---|---|---|---|---|"
  g=$(growth "$replay_small" "$replay_large")
  echo "| peak RSS of \`replay --verify --jobs 1\`, a 1,000,000-frame session (64x48) | $replay_large KB |" \
    "a 10,000-frame one: $replay_small KB | $g% | within 10% | $(met "$g < 10 && $g > -10") |"
  g=$(growth "$parts_small" "$parts_large")
  echo "| peak RSS of \`replay --verify --jobs 2\` (what \`--verify\` alone runs on 2 cores), the same 1,000,000 frames | $parts_large KB |" \
    "the same 10,000: $parts_small KB | $g% | within 10% | $(met "$g < 10 && $g > -10") |"
  g=$(growth "$run_small" "$run_large")
  echo "| peak RSS of \`demo\`, 1,000,000 frames (64x48, overlay shown) | $run_large KB |" \
    "10,000 frames: $run_small KB | $g% | within 10% | $(met "$g < 10 && $g > -10") |"
} | table memory
