#!/usr/bin/env bash
# A suite split over three CI machines and read as one page, as docs/ci.md sets it up: the arena's
# cases and its sessions registered for ctest as framecheck_add_cases and framecheck_add_sessions
# register them, run as three separate ctest runs (-I k,,3), each with its own JUnit and its own
# artifacts folder; the three folders then merged as a CI's artifact download merges them, and
# `framecheck report` given the three files. Fails unless every case and every session is on the
# page exactly once, each shard ran some, and together they ran them all.
#   shards_report.sh FRAMECHECK ARENA_CASES GOLDEN_DIR OUT SESSION...
set -uo pipefail
fc=$(realpath "$1")
cases=$(realpath "$2")
golden=$(realpath "$3")
out=$4
shift 4
sessions=()
for s in "$@"; do
  sessions+=("$(realpath "$s")")
done

rm -rf "$out"
mkdir -p "$out/build" "$out/merged"
out=$(cd "$out" && pwd)
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# The suite's ctest file. Each shard's cases write to the artifacts folder named in the
# environment, as each CI machine has its own build folder.
ids=$("$cases" --gtest_list_tests | awk '/^[^ ]/ {suite=$1} /^  / {print suite $1}')
{
  for id in $ids; do
    echo "add_test(arena.$id \"$cases\" --gtest_filter=$id --golden-dir=$golden)"
  done
  for s in "${sessions[@]}"; do
    echo "add_test(session.$(basename "$s" .jsonl).verify \"$fc\" replay \"$s\" --verify --no-progress)"
  done
} >"$out/build/CTestTestfile.cmake"
total=$(($(echo "$ids" | wc -w) + ${#sessions[@]}))

for k in 1 2 3; do
  FRAMECHECK_ARTIFACTS_DIR="$out/shard-$k/artifacts" \
    ctest --test-dir "$out/build" -I "$k,,3" --output-junit "$out/shard-$k/junit.xml" \
    >"$out/shard-$k.log" 2>&1 || fail "shard $k failed: $(tail -5 "$out/shard-$k.log")"
  ran=$(grep -c '<testcase ' "$out/shard-$k/junit.xml")
  [ "$ran" -gt 0 ] || fail "shard $k ran nothing"
  echo "shard $k: $ran tests"
  # The CI's download: every machine's files into one tree (they never collide: one a case).
  mkdir -p "$out/merged/shard-$k"
  cp "$out/shard-$k/junit.xml" "$out/merged/shard-$k/junit.xml"
  cp -r "$out/shard-$k/artifacts/." "$out/merged/artifacts/" 2>/dev/null ||
    cp -r "$out/shard-$k/artifacts" "$out/merged/artifacts"
done

"$fc" report --junit "$out/merged/shard-1/junit.xml" --junit "$out/merged/shard-2/junit.xml" \
  --junit "$out/merged/shard-3/junit.xml" --golden-dir "$golden" \
  --artifacts-dir "$out/merged/artifacts" --out "$out/report" >"$out/report.log" 2>&1 ||
  fail "the report failed: $(cat "$out/report.log")"
page="$out/report/index.html"
for id in $ids; do
  n=$(grep -cF "<td>arena.$id</td>" "$page")
  [ "$n" -eq 1 ] || fail "arena.$id is on the page $n times, not once"
done
for s in "${sessions[@]}"; do
  name="session.$(basename "$s" .jsonl).verify"
  n=$(grep -cF "<td>$name</td>" "$page")
  [ "$n" -eq 1 ] || fail "$name is on the page $n times, not once"
done
listed=$(grep -oE '<td>(arena|session)\.[^<]*</td>' "$page" | wc -l)
[ "$listed" -eq "$total" ] || fail "the page lists $listed cases and sessions; the suite has $total"
grep -qF "From junit.xml junit.xml junit.xml." "$page" || fail "the page does not name its three sources"

if [ "$failures" -gt 0 ]; then
  echo "shards_report: $failures failed (the shards, the merged tree and the page are in $out)"
  exit 1
fi
echo "ok: $total cases and sessions over 3 shards, each on the merged page once: $page"
