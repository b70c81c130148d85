#!/usr/bin/env bash
# Checks that every ```cpp and ```cmake block of a page appears, to the letter, in one of the
# files under the folders given: a page cannot show code that the project (which ctest builds
# and runs) does not have.
#   check_doc_snippets.sh docs/tutorial.md examples/breakout
#   check_doc_snippets.sh docs/harness.md cases/arena examples/breakout
set -euo pipefail
tutorial=$1
shift
folders=("$@")
blocks=$(mktemp -d)
trap 'rm -rf "$blocks"' EXIT
awk -v dir="$blocks" '
  /^```(cpp|cmake)$/ { n++; file = sprintf("%s/%03d", dir, n); inside = 1; next }
  /^```$/ && inside { inside = 0; close(file); next }
  inside { print > file }
' "$tutorial"
count=0
failures=0
for block in "$blocks"/*; do
  [ -e "$block" ] || continue
  count=$((count + 1))
  text=$(cat "$block")
  found=0
  while IFS= read -r -d '' file; do
    content=$(cat "$file")
    if [[ "$content" == *"$text"* ]]; then
      found=1
      break
    fi
  done < <(find "${folders[@]}" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name 'CMakeLists.txt' \) -print0)
  if [ "$found" -eq 0 ]; then
    echo "FAIL: this block of $tutorial is in no file under ${folders[*]}:"
    sed 's/^/    /' "$block"
    failures=$((failures + 1))
  fi
done
if [ "$count" -eq 0 ]; then
  echo "FAIL: $tutorial has no cpp or cmake blocks"
  exit 1
fi
echo "$((count - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
