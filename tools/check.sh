#!/usr/bin/env bash
# Sets up a fresh machine, builds framecheck (dev preset: Debug, warnings as errors) and runs every
# test. With --asan, then builds the asan preset and runs the unit tests under ASan and UBSan.
# With --compilers, then builds g++ and clang 16 at -O3 -march=native (with contraction asked for)
# and clang 14, runs the tests with each, and verifies sessions each build records with the others.
# With --quick (the loop while working), rebuilds the dev preset and runs every test but the
# install, browser, benchmark and window ones; it installs nothing and takes no other option.
# Each stage prints one line with its seconds and the tests it ran, and the end a summary.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/stages.sh

# The presets fix no job count: one job a core, here as everywhere (FRAMECHECK_JOBS overrides).
jobs="${FRAMECHECK_JOBS:-$(nproc)}"

build() {  # build PRESET
  cmake --preset "$1" >/dev/null
  cmake --build --preset "$1" --parallel "$jobs"
}

if [ "${1:-}" = --quick ]; then
  [ $# -eq 1 ] || { echo "check.sh: --quick takes no other option" >&2; exit 2; }
  quick() {
    build dev
    ctest --preset dev --parallel "$jobs" --label-exclude 'install|browser|bench|window'
  }
  stage "dev, quick" quick
  stages_summary
  exit 0
fi

for option in "$@"; do
  case "$option" in
    --asan | --compilers) ;;
    *)
      echo "check.sh: unknown option $option (expected --quick, --asan or --compilers)" >&2
      exit 2
      ;;
  esac
done

bash tools/install-deps.sh

dev() {
  build dev
  ctest --preset dev --parallel "$jobs"
}
stage dev dev

asan() {
  build asan
  ctest --preset asan --parallel "$jobs"
}
native() {  # native PRESET
  build "$1"
  # The native builds build the tutorial's example and Plinko (and verify their sessions) as they
  # are built; the other consumer builds ran under dev.
  ctest --preset "$1" --parallel "$jobs" --label-exclude install
  if [ "$1" != clang14 ]; then
    ctest --preset "$1" --parallel "$jobs" -R '^install\.(tutorial_example|plinko_example)$'
  fi
}
for option in "$@"; do
  case "$option" in
    --asan) stage asan asan ;;
    --compilers)
      for preset in gcc-native clang-native clang14; do stage "$preset" native "$preset"; done
      stage "cross-build sessions" bash tools/tests/cross_build_sessions.sh \
        build/dev/tools/framecheck build/gcc-native/tools/framecheck \
        build/clang-native/tools/framecheck
      ;;
  esac
done
stages_summary
