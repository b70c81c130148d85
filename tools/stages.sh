# Sourced by tools/check.sh and .ci/run: runs a check in named stages and times each.
#   stage NAME COMMAND [ARGS...]   runs COMMAND with its output shown, then prints one line,
#                                  "stage NAME   S s   N tests" in columns; on failure prints the
#                                  summary so far and exits with COMMAND's status
#   stages_summary                 prints every stage of the run and the total
# A run's stages are kept in $FRAMECHECK_STAGES (a file), so that a script calling another adds
# to one summary; the first script to source this file makes it.
if [ -z "${FRAMECHECK_STAGES:-}" ]; then
  FRAMECHECK_STAGES="$(mktemp "${TMPDIR:-/tmp}/framecheck-stages.XXXXXX")"
  export FRAMECHECK_STAGES
  date +%s >"$FRAMECHECK_STAGES"
  trap 'rm -f "$FRAMECHECK_STAGES"' EXIT
fi

# How many tests a stage's output says it ran: ctest's "out of N", GoogleTest's own counts when
# a case binary runs alone, and the cross-build check's "N checks".
stage_count_tests() {
  local log="$1"
  {
    grep -oE "tests failed out of [0-9]+" "$log" | grep -oE "[0-9]+$" || true
    grep -oE "^\[  (PASSED|FAILED)  \] [0-9]+ tests?[,.]" "$log" | grep -oE "[0-9]+" || true
    grep -oE "\([0-9]+ checks\)" "$log" | grep -oE "[0-9]+" || true
  } | awk '{n += $1} END {print n + 0}'
}

stage() {
  local name="$1"
  shift
  local log
  log="$(mktemp "${TMPDIR:-/tmp}/framecheck-stage.XXXXXX")"
  local start=$SECONDS status
  # Not in a condition: bash ignores set -e inside one, and a failed build would go on to test.
  set +e
  (
    set -e
    "$@"
  ) 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  set -e
  local line
  line="$(printf '%-22s %5d s %6d tests' "$name" $((SECONDS - start)) "$(stage_count_tests "$log")")"
  rm -f "$log"
  if [ "$status" -ne 0 ]; then line="$line   FAILED (exit $status)"; fi
  echo "$line" >>"$FRAMECHECK_STAGES"
  echo "stage $line"
  if [ "$status" -ne 0 ]; then
    stages_summary
    exit "$status"
  fi
}

stages_summary() {
  local began
  began="$(head -1 "$FRAMECHECK_STAGES")"
  echo
  echo "== stages"
  tail -n +2 "$FRAMECHECK_STAGES"
  printf '%-22s %5d s\n' total $(($(date +%s) - began))
}
