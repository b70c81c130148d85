#!/usr/bin/env bash
# Regenerates harness/image/tests/data/pngsuite/: the corpus, written by make_corpus.cpp with libpng,
# and pngjs 7.0.0's decoding of every file (expected.json), with pngjs installed from npm into a
# scratch folder that is removed afterwards.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../../../harness/image/tests/data/pngsuite"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
c++ -std=c++20 -O1 "$here/make_corpus.cpp" -lpng -lz -o "$scratch/make_corpus"
rm -rf "$out"
mkdir -p "$out"
"$scratch/make_corpus" "$out"
mkdir -p "$out/hostile"
"$scratch/make_corpus" --hostile "$out/hostile"
cd "$scratch"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund pngjs@7.0.0 >/dev/null
cp "$here/decode_vectors.mjs" "$scratch/"
node decode_vectors.mjs "$out"
