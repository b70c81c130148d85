#!/usr/bin/env bash
# Checks that every ```cpp and ```cmake block of a page, indented under a list item or not,
# appears, to the letter, in one of the files under the folders given: a page cannot show code that the project (which ctest builds
# and runs) does not have.
#   check_doc_snippets.sh docs/tutorial.md examples/breakout
#   check_doc_snippets.sh docs/harness.md cases/arena examples/breakout
set -euo pipefail
tutorial=$1
shift
folders=("$@")
blocks=$(mktemp -d)
trap 'rm -rf "$blocks"' EXIT
# A block indented under a list item is compared without its indent.
# A block after a line "<!-- an example, not the project's code -->" shows what a studio might
# write, and is not looked for.
awk -v dir="$blocks" '
  /^ *```(cpp|cmake)$/ && !inside {
    if (example) { example = 0; skipping = 1; next }
    n++; file = sprintf("%s/%03d", dir, n); inside = 1
    match($0, /^ */); indent = RLENGTH; next
  }
  /^ *```$/ && skipping { skipping = 0; next }
  /^ *```$/ && inside { inside = 0; close(file); next }
  inside { print substr($0, 1, indent) ~ /^ *$/ ? substr($0, indent + 1) : $0 > file; next }
  /<!-- an example, not the project.s code -->/ { example = 1; next }
  /[^ ]/ && !skipping { example = 0 }
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
