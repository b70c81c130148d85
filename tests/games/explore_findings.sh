#!/usr/bin/env bash
# framecheck explore on Kite: each planted bug is found once, shrunk to a few events and written
# (input.jsonl, finding.txt, and a session of the frames before it, which verifies); --check runs
# the written input to the same finding; Kite without bugs explores clean. kite-combo's NaN needs
# four inputs in order and in time: found and shrunk to those four.
#   explore_findings.sh <kite-framecheck> <scratch folder>
set -euo pipefail
cli=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch"
fail() { echo "FAIL: $*"; exit 1; }

"$cli" explore --game kite --runs 60 --frames 300 --out "$scratch/clean" --no-progress \
  || fail "kite without bugs: explore exited $?"

# explores `game` with the options after it; one finding, at most `most` events, rerun the same
found_once() {
  local game=$1 most=$2
  shift 2
  local out="$scratch/$game" status=0
  "$cli" explore --game "$game" --out "$out" --no-progress "$@" > "$out.txt" || status=$?
  cat "$out.txt"
  [ "$status" -eq 1 ] || fail "$game: explore exited $status, not 1"
  local folders=("$out"/*/)
  [ "${#folders[@]}" -eq 1 ] || fail "$game: ${#folders[@]} findings, not one"
  local finding=${folders[0]%/}
  [ -s "$finding/finding.txt" ] && [ -s "$finding/input.jsonl" ] || fail "$game: files missing"
  local events
  events=$(grep -vc '^#' "$finding/input.jsonl")
  [ "$events" -le "$most" ] || fail "$game: shrunk to $events events, not at most $most"
  local first frame again
  first=$(head -1 "$finding/finding.txt")
  frame=$(sed -n 's/^frame \([0-9]*\):.*/\1/p' <<<"$first")
  again=$("$cli" explore --game "$game" --check "$finding/input.jsonl" --frames "$frame" \
    --hang-ms 300) && fail "$game: --check found nothing"
  [ "$again" = "$finding/input.jsonl: $first" ] || fail "$game: --check says '$again', not '$first'"
  if [ -e "$finding/session.jsonl" ]; then
    "$cli" replay "$finding/session.jsonl" --verify --no-progress >/dev/null \
      || fail "$game: the finding's session does not verify"
  fi
  echo "$game: $first"
}

for game in kite-throws kite-crashes kite-not-finite kite-leaves-field kite-hangs; do
  found_once "$game" 4 --runs 60 --frames 300 --hang-ms 300
done
found_once kite-combo 4 --runs 300 --frames 600 --seed 1
