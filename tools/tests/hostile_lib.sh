# The checks the CLI's shell tests share (sourced by hostile.sh, hostile_trust.sh and
# two_files.sh): each runs commands in its scratch folder and counts what went wrong in $failures.
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
# expect STATUS DESCRIPTION -- COMMAND...: runs it, keeps stdout in out.txt and stderr in err.txt.
expect() {
  local want=$1 what=$2
  shift 3
  "$@" >out.txt 2>err.txt
  local got=$?
  if [ "$got" -ne "$want" ]; then
    fail "$what: exit $got, expected $want"
    sed 's/^/    stderr: /' err.txt | head -5
    sed 's/^/    stdout: /' out.txt | head -3
  else
    echo "ok: $what (exit $got)"
  fi
}
# says FILE TEXT: FILE holds TEXT.
says() {
  grep -qF -- "$2" "$1" || fail "$(basename "$1") does not say '$2': $(head -c 300 "$1")"
}
unchanged() {
  cmp -s "$1" "$2" || fail "$1 was changed"
}
no_leftovers() {
  local left
  left=$(find . -name '*.tmp-*' | head -5)
  [ -z "$left" ] || fail "temporaries left behind: $left"
}
# finish CLASS: the class's verdict as the exit status.
finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$1: $failures failed"
    exit 1
  fi
  echo "$1: all passed"
}
