// Writes diff pairs for one size: a photo-like frame (smooth colour fields with grain, poorly
// compressible: decoding costs what it costs on real screenshots) and, when a UI-like frame is
// given as a PNG, that too; for each, a copy with a few pixels changed (2,000, or one in 50 where
// that is fewer) and a copy with the left half changed. Run by diff_vs_tools.sh and diff_matrix.sh with pngjs installed beside it.
//   node make_matrix.mjs OUT_DIR WIDTH HEIGHT [UI.png]
import fs from 'fs';
import path from 'path';
import {PNG} from 'pngjs';

const [out, w, h, uiFile] = [process.argv[2], +process.argv[3], +process.argv[4], process.argv[5]];
let seed = 0x1234567;
const rand = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0; return seed / 4294967296; };
const photo = () => {
  const png = new PNG({width: w, height: h});
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = (y * w + x) * 4;
    const grain = rand() * 24 - 12;
    png.data[i] = Math.max(0, Math.min(255, 128 + 90 * Math.sin(x / 170) * Math.cos(y / 130) + grain));
    png.data[i + 1] = Math.max(0, Math.min(255, 110 + 80 * Math.sin((x + y) / 260) + grain));
    png.data[i + 2] = Math.max(0, Math.min(255, 90 + 70 * Math.cos(x / 90 - y / 210) + grain));
    png.data[i + 3] = 255;
  }
  return png;
};
const write = (name, png) => fs.writeFileSync(path.join(out, name), PNG.sync.write(png));
const variants = (name, base) => {
  write(`${name}.png`, base);
  const few = new PNG({width: w, height: h}); base.data.copy(few.data);
  for (let k = 0; k < Math.min(2000, Math.floor(w * h / 50)); k++) { const i = ((rand() * w * h) | 0) * 4; few.data[i] = 255 - few.data[i]; }
  write(`${name}_few.png`, few);
  const half = new PNG({width: w, height: h}); base.data.copy(half.data);
  for (let i = 0; i < half.data.length; i += 4) if (((i / 4) % w) < w / 2) { half.data[i] = 255 - half.data[i]; half.data[i + 2] = 255 - half.data[i + 2]; }
  write(`${name}_half.png`, half);
};
variants('photo', photo());
if (uiFile) variants('ui', PNG.sync.read(fs.readFileSync(uiFile)));
