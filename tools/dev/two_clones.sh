#!/usr/bin/env bash
# Proves the compiler cache shares work between clones and never mixes them up: clones a commit
# into two folders of different names and depths, builds the dev preset in one and then the
# other, and checks that
#   - the second build hit the cache (its hits and misses are printed),
#   - nothing in either build folder names the other clone, and the binaries that compile a path
#     in (golden folders, test data) name their own,
#   - the second clone's cases and session tests pass with the first clone deleted.
#   bash tools/dev/two_clones.sh [COMMIT]        (default HEAD)
# Exit 0 when all holds, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."
commit="$(git rev-parse "${1:-HEAD}")"
jobs="${FRAMECHECK_JOBS:-$(nproc)}"
root="$(mktemp -d "${TMPDIR:-/tmp}/framecheck-clones.XXXXXX")"
trap 'rm -rf "$root"' EXIT
first="$root/a"
second="$root/second/b-clone"
status=0

build() {
  local clone="$1"
  git clone -q --no-checkout "$PWD" "$clone"
  git -C "$clone" checkout -q "$commit"
  local start=$SECONDS
  (cd "$clone" && cmake --preset dev >/dev/null && cmake --build --preset dev --parallel "$jobs" >/dev/null)
  echo "two-clones: $clone built in $((SECONDS - start)) s"
}

build "$first"
export CCACHE_STATSLOG="$root/second.stats"
build "$second"
echo "two-clones: the second build through the cache:"
ccache --show-log-stats | grep -E "^ *(Hits|Misses|Uncacheable)" || true
unset CCACHE_STATSLOG

for pair in "$first:$second" "$second:$first"; do
  self="${pair%%:*}"
  other="${pair##*:}"
  if names=$(grep -rlF "$other" "$self/build/dev" 2>/dev/null); then
    echo "two-clones: FAIL: in $self/build/dev, these name $other:"
    echo "$names" | head -20
    status=1
  fi
  # The case binary compiles its golden folder in: it must be this clone's.
  if ! grep -qF "$self/golden" "$self/build/dev/cases/arena/arena_cases"; then
    echo "two-clones: FAIL: $self's arena_cases does not name $self/golden"
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "two-clones: neither build folder names the other clone"

rm -rf "$first"
if (cd "$second" && ctest --preset dev --parallel "$jobs" -L 'case|session' >"$root/ctest.log" 2>&1); then
  echo "two-clones: with $first deleted, $(grep -E 'tests passed' "$root/ctest.log")"
else
  echo "two-clones: FAIL: the second clone's case and session tests:"
  tail -30 "$root/ctest.log"
  status=1
fi
exit $status
