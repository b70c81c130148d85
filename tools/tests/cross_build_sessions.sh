#!/usr/bin/env bash
# Sessions crossed between two builds of framecheck (say g++ -O0 and clang -O3 -march=native):
# every committed session verifies with both; arena sessions recorded by each verify with the
# other; and 100 seeds of the arena record the same checksums with glibc's math on its non-FMA
# path (GLIBC_TUNABLES) as without. Exit 1 naming the first that does not.
#   cross_build_sessions.sh build/dev/tools/framecheck build/clang-native/tools/framecheck
set -euo pipefail
cd "$(dirname "$0")/../.."
a=$(realpath "$1")
b=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
verify() {  # verify BINARY SESSION
  "$1" replay "$2" --verify --no-progress >"$work/out" 2>&1 || fail "$1 does not verify $2: $(head -3 "$work/out")"
}
checksums() {
  grep -o '"checksum":"[0-9a-f]*"' "$1"
}

for session in golden/sessions/*.jsonl; do
  verify "$a" "$session"
  verify "$b" "$session"
done

# Each build's recordings, verified by the other: the scripted session, and seeds on autopilot.
for who in a b; do
  recorder=${!who}
  other=$([ "$who" = a ] && echo "$b" || echo "$a")
  "$recorder" record --frames 1800 --input cases/sessions/arena_hitch.input.jsonl \
    --out "$work/$who-hitch.jsonl" >/dev/null
  verify "$other" "$work/$who-hitch.jsonl"
  for seed in 2 3 4 5 6; do
    "$recorder" record --frames 3000 --seed "$seed" --out "$work/$who-$seed.jsonl" >/dev/null
    verify "$other" "$work/$who-$seed.jsonl"
  done
done
cmp -s <(checksums "$work/a-hitch.jsonl") <(checksums "$work/b-hitch.jsonl") ||
  fail "the two builds record different checksums from the same input script"

# libm's other path: the same checksums, seed by seed.
tunables=glibc.cpu.hwcaps=-AVX2,-FMA,-AVX512F
differing=0
for seed in $(seq 1 100); do
  "$b" record --frames 3000 --seed "$seed" --out "$work/plain.jsonl" >/dev/null
  GLIBC_TUNABLES=$tunables "$b" record --frames 3000 --seed "$seed" --out "$work/tuned.jsonl" >/dev/null
  if ! cmp -s <(checksums "$work/plain.jsonl") <(checksums "$work/tuned.jsonl"); then
    differing=$((differing + 1))
    [ "$differing" -eq 1 ] && fail "seed $seed records other checksums under GLIBC_TUNABLES=$tunables"
  fi
  rm -f "$work/plain.jsonl" "$work/tuned.jsonl"
done

if [ "$failures" -gt 0 ]; then
  echo "cross-build sessions: $failures failed ($differing of 100 seeds differ under $tunables)" >&2
  exit 1
fi
echo "cross-build sessions: $(ls golden/sessions/*.jsonl | wc -l) committed sessions verify with both builds; 12 recordings verify crossed; 100 of 100 seeds record the same checksums under $tunables"
