#!/usr/bin/env bash
# Checks that docs/performance.md shows no figure without the command that measures it: every
# table line lies between a `<!-- perf: NAME -->` marker and its `<!-- /perf -->`, every NAME is
# a table that tools/dev/perf.sh writes (a script of tools/dev/perf/ it runs, or one of
# bench_tables.py's), and every table opens with the command, day and machine that measured it.
#   check_perf_tables.sh SOURCE_DIR
set -euo pipefail
root=$1
page=$root/docs/performance.md
failures=0
fail() {
  echo "FAIL: docs/performance.md:$1"
  failures=$((failures + 1))
}

inside="" opened=0 first=""
line_number=0
while IFS= read -r line; do
  line_number=$((line_number + 1))
  if [[ "$line" =~ ^\<!--\ perf:\ ([a-z0-9_]+)\ --\>$ ]]; then
    [ -n "$inside" ] && fail "$line_number: a table opened inside $inside"
    inside=${BASH_REMATCH[1]} opened=$line_number first=""
    if [ -f "$root/tools/dev/perf/$inside.sh" ]; then
      grep -qw "$inside" "$root/tools/dev/perf.sh" ||
        fail "$line_number: $inside, whose script tools/dev/perf.sh does not run"
    elif ! grep -q "(\"$inside\"," "$root/tools/dev/perf/bench_tables.py"; then
      fail "$line_number: $inside, which no script of tools/dev/perf/ writes"
    fi
  elif [ "$line" = "<!-- /perf -->" ]; then
    [ -z "$inside" ] && fail "$line_number: a table closed that was not opened"
    [[ "$first" == "Measured by \`"* ]] ||
      fail "$opened: $inside does not open with the command that measured it"
    inside=""
  elif [ -n "$inside" ]; then
    [ -z "$first" ] && first=$line
  elif [[ "$line" == "|"* ]]; then
    fail "$line_number: a table no command writes: $line"
  fi
done <"$page"
[ -n "$inside" ] && fail "$opened: $inside is never closed"
tables=$(grep -c '^<!-- perf: ' "$page" || true)
[ "$tables" -gt 0 ] || fail "1: no table between perf markers"
echo "$tables tables, $failures failures"
[ "$failures" -eq 0 ]
