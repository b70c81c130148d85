#!/usr/bin/env bash
# Sessions crossed between builds of framecheck (say g++ -O0, g++ and clang -O3 -march=native):
# every committed session verifies with each; arena sessions recorded by each verify with every
# other, with the same checksums; and 100 seeds of the arena record the same checksums with
# glibc's math on its non-FMA path (GLIBC_TUNABLES) as without. Exit 1 naming what does not.
#   cross_build_sessions.sh build/dev/tools/framecheck build/gcc-native/tools/framecheck \
#                           build/clang-native/tools/framecheck
set -euo pipefail
cd "$(dirname "$0")/../.."
builds=()
for binary in "$@"; do builds+=("$(realpath "$binary")"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
checks=0
verify() {  # verify BINARY SESSION
  checks=$((checks + 1))
  "$1" replay "$2" --verify --no-progress >"$work/out" 2>&1 || fail "$1 does not verify $2: $(head -3 "$work/out")"
}
checksums() {
  case $1 in
    *.zst) zstd -dc "$1" ;;
    *) cat "$1" ;;
  esac | grep -o '"checksum":"[0-9a-f]*"'
}

for session in golden/sessions/*.jsonl golden/sessions/*.jsonl.zst; do
  for build in "${builds[@]}"; do verify "$build" "$session"; done
done

# Each build's recordings, verified by every other: the scripted sessions (keys, and two gamepads'
# sticks written compressed), and seeds on autopilot.
crossed=0
for i in "${!builds[@]}"; do
  recorder=${builds[$i]}
  "$recorder" record --frames 1800 --input cases/sessions/arena_hitch.input.jsonl \
    --out "$work/$i-hitch.jsonl" >/dev/null
  "$recorder" record --frames 900 --input cases/sessions/arena_gamepad.input.jsonl \
    --out "$work/$i-gamepad.jsonl.zst" >/dev/null
  for seed in 2 3 4 5 6; do
    "$recorder" record --frames 3000 --seed "$seed" --out "$work/$i-$seed.jsonl" >/dev/null
  done
  for j in "${!builds[@]}"; do
    [ "$i" = "$j" ] && continue
    for recording in "$work/$i"-*.jsonl "$work/$i"-*.jsonl.zst; do
      verify "${builds[$j]}" "$recording"
      crossed=$((crossed + 1))
    done
  done
  cmp -s <(checksums "$work/0-hitch.jsonl") <(checksums "$work/$i-hitch.jsonl") ||
    fail "${builds[$i]} records other checksums than ${builds[0]} from the same input script"
  cmp -s <(checksums "$work/0-gamepad.jsonl.zst") <(checksums "$work/$i-gamepad.jsonl.zst") ||
    fail "${builds[$i]} records other checksums than ${builds[0]} from the same gamepad script"
done

# libm's other path: the same checksums, seed by seed. On a 320x180 surface: the surface only
# sizes the pictures record draws, never a checksum, and drawing 1280x720 was 9/10 of this part.
tunables=glibc.cpu.hwcaps=-AVX2,-FMA,-AVX512F
differing=0
for seed in $(seq 1 100); do
  last=${builds[${#builds[@]} - 1]}
  small=(--frames 3000 --seed "$seed" --width 320 --height 180)
  "$last" record "${small[@]}" --out "$work/plain.jsonl" >/dev/null
  GLIBC_TUNABLES=$tunables "$last" record "${small[@]}" --out "$work/tuned.jsonl" >/dev/null
  checks=$((checks + 1))
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
echo "cross-build sessions: $(ls golden/sessions/*.jsonl golden/sessions/*.jsonl.zst | wc -l) committed sessions verify with each of ${#builds[@]} builds; $crossed recordings verify crossed; 100 of 100 seeds record the same checksums under $tunables ($checks checks)"
