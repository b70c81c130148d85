#!/usr/bin/env bash
# Nothing installed keeps the build machine's folders: installs the build into a fresh prefix
# and looks for the checkout's absolute path in every file, libraries and the binary included.
#   no_build_paths.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build=$1
source=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix/install" >"$prefix/install.log" 2>&1 || {
  cat "$prefix/install.log" >&2
  exit 1
}
count=$(find "$prefix/install" -type f | wc -l)
[ "$count" -gt 0 ] || { echo "FAIL: nothing was installed" >&2; exit 1; }
found=$(grep -rlF -- "$source" "$prefix/install")
if [ -n "$found" ]; then
  echo "FAIL: installed files name the checkout $source:" >&2
  for f in $found; do
    echo "  ${f#"$prefix/install/"}: $(strings "$f" | grep -F -- "$source" | sort -u | head -3 | tr '\n' ' ')" >&2
  done
  exit 1
fi
echo "no_build_paths: $count installed files, none names $source"
