#!/usr/bin/env bash
# The main job, on a fresh machine: installs what is needed, builds framecheck (release preset),
# then runs the bundled arena case suite against its golden images, replays and verifies the
# bundled session, runs the live demo, and writes it all as one page with `framecheck report`:
#   bash tools/demo.sh [OUT_DIR]        (default: framecheck-report)
# Exits 1 if a case failed or the session diverged; the report is written either way.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-framecheck-report}"
session=golden/sessions/arena_hitch.jsonl

bash tools/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --parallel "${FRAMECHECK_JOBS:-$(nproc)}" --target framecheck arena_cases

bin=build/release
rm -rf "$out"
mkdir -p "$out/run"
status=0

echo "== the arena case suite"
if ! "$bin/cases/arena/arena_cases" --gtest_brief=1 --artifacts-dir="$out/run/artifacts" \
     --gtest_output="xml:$out/run/cases.xml"; then
  status=1
fi

echo "== replaying $session"
if ! "$bin/tools/framecheck" replay "$session" --verify --no-progress \
     --png 700:"$out/run/frame_0700.png" --png 1520:"$out/run/frame_1520.png" \
     --metrics-csv "$out/metrics.csv"; then
  status=1
fi

echo "== the live demo"
"$bin/tools/framecheck" demo --png "$out/run/demo.png"

echo "== the report"
"$bin/tools/framecheck" report --title "framecheck: the arena suite, its session, the live demo" \
  --junit "$out/run/cases.xml" --golden-dir golden --artifacts-dir "$out/run/artifacts" \
  --session "$session" --picture "$out/run/frame_0700.png" --picture "$out/run/frame_1520.png" \
  --picture "$out/run/demo.png" --out "$out" || status=1
echo
echo "report: $(cd "$out" && pwd)/index.html"
exit $status
