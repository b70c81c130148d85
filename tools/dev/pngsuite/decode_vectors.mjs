// Decodes every PNG in a folder exactly as the pixelmatch CLI reads its inputs (pngjs 7's
// PNG.sync.read) and records what it gives: the size, an FNV-1a hash of the RGBA bytes, and the
// same hash with the colour of fully transparent pixels zeroed (the one difference allowed).
// Run through make_vectors.sh, which installs pngjs@7.0.0 into a scratch folder.
//   node decode_vectors.mjs DIR
import fs from 'fs';
import path from 'path';
import {PNG} from 'pngjs';

const dir = process.argv[2];
const fnv = (buf) => {
  let h = 0xcbf29ce484222325n;
  for (const b of buf) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
  return h.toString(16).padStart(16, '0');
};
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
const results = [];
for (const file of files) {
  const png = PNG.sync.read(fs.readFileSync(path.join(dir, file)));
  const data = Buffer.from(png.data);
  const cleared = Buffer.from(data);
  for (let i = 0; i < cleared.length; i += 4) {
    if (cleared[i + 3] === 0) cleared[i] = cleared[i + 1] = cleared[i + 2] = 0;
  }
  results.push({file, width: png.width, height: png.height, rgba_fnv1a: fnv(data),
                rgba_clear_fnv1a: fnv(cleared)});
}
fs.writeFileSync(path.join(dir, 'expected.json'),
                 JSON.stringify({pngjs: '7.0.0', results}, null, 1) + '\n');
console.log(`${results.length} files decoded by pngjs 7.0.0`);
