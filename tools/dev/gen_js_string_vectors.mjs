// Writes the format_js_number test vectors: JavaScript's own String(v) for every double of the
// format_number vectors. Run with Node from the repository's top:
//   node tools/dev/gen_js_string_vectors.mjs > core/diagnostics/tests/data/js_string_vectors.tsv
// Each line: the double's 64 bits in hex, a tab, String(v).
import { readFileSync } from 'node:fs';

const view = new DataView(new ArrayBuffer(8));
const lines = readFileSync('core/diagnostics/tests/data/format_vectors.tsv', 'utf8').split('\n');
for (const line of lines) {
  if (line === '') continue;
  const hex = line.split('\t')[0];
  view.setBigUint64(0, BigInt('0x' + hex));
  process.stdout.write(`${hex}\t${String(view.getFloat64(0))}\n`);
}
