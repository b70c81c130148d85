#!/usr/bin/env bash
# framecheck explore on Kite: each planted bug is found once, shrunk to a few events and written
# (input.jsonl, finding.txt, and a session that `replay --verify` plays to the same finding at the
# same frame, and that verifies once the bug is gone); --check runs the written input to the same
# finding; Kite without bugs explores clean. kite-combo's NaN needs four inputs in order and in
# time: found and shrunk to those four.
#   explore_findings.sh <kite-framecheck> <scratch folder>
set -euo pipefail
cli=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch"
fail() { echo "FAIL: $*"; exit 1; }

"$cli" explore --game kite --runs 60 --frames 300 --out "$scratch/clean" --no-progress \
  || fail "kite without bugs: explore exited $?"

# A twin's values are drawn from the machine's entropy, different each time: compared without them.
norm() { sed -E 's/ is [^ ]+ in one run and [^ ]+ in its twin/ differs from its twin/'; }

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
  [ "$(norm <<<"$again")" = "$(norm <<<"$finding/input.jsonl: $first")" ] \
    || fail "$game: --check says '$again', not '$first'"
  # The finding's session replays to the same finding at the same frame (exit 1) while the bug is
  # there, and verifies (exit 0) on Kite without it: the session as a regression test.
  local session="$finding/session.jsonl" replayed fixed
  [ -s "$session" ] || fail "$game: no session"
  replayed=$("$cli" replay "$session" --verify --no-progress) \
    && fail "$game: the finding's session replays without its finding"
  [ "$(norm <<<"$replayed")" = "$(norm <<<"$session: $first
  the finding it was written for, at the same frame")" ] \
    || fail "$game: replay --verify says '$replayed', not '$first' at its frame"
  sed '1s/"game":"[a-z-]*"/"game":"kite"/' "$session" > "$out-fixed.jsonl"
  fixed=$("$cli" replay "$out-fixed.jsonl" --verify --no-progress) \
    || fail "$game: the session on Kite without the bug exits $?: $fixed"
  [[ "$fixed" == *"no longer shows"* ]] || fail "$game: on Kite without the bug: '$fixed'"
  echo "$game: $first"
}

for game in kite-throws kite-crashes kite-not-finite kite-leaves-field kite-hangs kite-unseeded; do
  found_once "$game" 4 --runs 60 --frames 300 --hang-ms 300
done
found_once kite-combo 4 --runs 300 --frames 600 --seed 1
