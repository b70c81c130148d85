#!/usr/bin/env bash
# Checks that every benchmark, benchmark binary, script and source file a page names exists, so
# that a figure's command cannot outlive what it runs:
#   check_doc_names.sh SOURCE_DIR README.md docs/*.md
# A `BM_Name` must be defined in a .cpp of the tree, a `framecheck_x_bench` must be a
# framecheck_add_benchmark target, and a path under tools/, core/, harness/, cases/, tests/ or
# examples/ must be a file, and a script of tools/dev/perf/ one that tools/dev/perf.sh runs.
set -euo pipefail
root=$1
shift
failures=0
checked=0
fail() {
  echo "FAIL: $page names $1"
  failures=$((failures + 1))
}

for page in "$@"; do
  while read -r name; do
    checked=$((checked + 1))
    grep -rqw --include='*.cpp' "$name" "$root"/core "$root"/harness "$root"/cases "$root"/tools \
      "$root"/tests "$root"/examples || fail "benchmark $name, which no source defines"
  done < <(grep -o 'BM_[A-Za-z0-9_]*' "$page" | sort -u)

  while read -r name; do
    checked=$((checked + 1))
    grep -rq --include=CMakeLists.txt "framecheck_add_benchmark($name\b" "$root" ||
      fail "benchmark binary $name, which no CMakeLists.txt builds"
  done < <(grep -o 'framecheck_[a-z0-9_]*_bench\b' "$page" | sort -u)

  while read -r path; do
    checked=$((checked + 1))
    [ -f "$root/$path" ] || fail "$path, which does not exist"
    # A figure's script is run by the one command that measures them all.
    if [[ "$path" == tools/dev/perf/*.sh ]] && ! grep -qw "$(basename "$path" .sh)" "$root/tools/dev/perf.sh"; then
      fail "$path, which tools/dev/perf.sh does not run"
    fi
  done < <(grep -oE '(tools|core|harness|cases|tests|examples)/[A-Za-z0-9_/.-]+\.(sh|mjs|js|cpp|hpp)\b' \
    "$page" | sort -u)
done

if [ "$checked" -eq 0 ]; then
  echo "FAIL: the pages name no benchmark, script or source"
  exit 1
fi
echo "$((checked - failures)) names found, $failures missing"
[ "$failures" -eq 0 ]
