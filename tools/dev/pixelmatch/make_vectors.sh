#!/usr/bin/env bash
# Regenerates harness/image/tests/data/pixelmatch/ with the real pixelmatch 7.2.0 from npm, installed
# into a scratch folder that is removed afterwards.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../../../harness/image/tests/data/pixelmatch"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund pixelmatch@7.2.0 >/dev/null
cp "$here/make_vectors.mjs" "$scratch/"
node make_vectors.mjs "$out"
