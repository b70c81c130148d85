# Sourced by every script of tools/dev/perf/: the one median, the machine it ran on, and the
# Markdown table each script leaves in perf-results/ for tools/dev/perf/page.py to put into
# docs/performance.md. Builds the release framecheck and sets root and fc.
#   source "$(dirname "$0")/lib.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
root=$PWD
results=$(realpath -m "${FRAMECHECK_PERF_RESULTS:-$root/perf-results}")
mkdir -p "$results"
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck >/dev/null
fc=$root/build/release/tools/framecheck
perf_load_at_start=$(cut -d' ' -f1 /proc/loadavg)

# The middle of the numbers given as arguments, or on standard input without any: the mean of
# the two middle ones when there is an even count.
median() {
  { if [ $# -gt 0 ]; then printf '%s\n' "$@"; else cat; fi; } | sort -g |
    awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# The wall seconds one run of a command takes, to the tenth of a millisecond (/usr/bin/time's
# 10 ms steps are a third of a small diff). Its output goes to $last_output, for a caller that
# checks it. A run whose exit status is not in $ok_statuses (default 0) stops the script: a
# command that refused its arguments must not pass for a fast one.
#   t=$(seconds "$fc" replay hour.jsonl --verify)
last_output=$results/last-output.txt
ok_statuses="0"
seconds() {
  local start=$EPOCHREALTIME status=0
  "$@" >"$last_output" 2>&1 || status=$?
  local end=$EPOCHREALTIME
  if [[ " $ok_statuses " != *" $status "* ]]; then
    echo "$*: exit $status: $(tail -3 "$last_output")" >&2
    return 1
  fi
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f\n", e - s }'
}

# A awk-formatted number: calc FORMAT EXPRESSION, with the shell's numbers as awk variables,
#   calc %.2f "$a / $b"
calc() { awk "BEGIN { printf \"$1\", $2 }"; }

# An integer with its thousands marked: commas 6498448 prints 6,498,448.
commas() { echo "$1" | sed ':a; s/\B[0-9]\{3\}\>/,&/; ta'; }

# The line every table opens with: which command measured it, when, and on what.
measured_by() {
  local cpu
  cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')
  echo "Measured by \`$1\` on $(date -u +%Y-%m-%d): $cpu, $(nproc) cores, load" \
    "$perf_load_at_start at the start and $(cut -d' ' -f1 /proc/loadavg) at the end."
}

# Writes standard input as perf-results/NAME.md, the table page.py puts between the page's
# `<!-- perf: NAME -->` and `<!-- /perf -->`, and prints it.
table() {
  tee "$results/$1.md.tmp" && mv "$results/$1.md.tmp" "$results/$1.md"
}

# "yes" when the comparison holds, "**no**" when it does not: met "$ratio >= 0.9"
met() { awk "BEGIN { exit !($1) }" && echo yes || echo "**no**"; }
