// Writes photo-like 3840x2160 PNG pairs (smooth colour fields with grain: they compress poorly,
// so decoding costs what it costs on real screenshots), one with a few pixels changed and one
// with half of them changed. Run by diff_vs_tools.sh with pngjs installed beside it.
//   node make_pairs.mjs OUT_DIR
import fs from 'fs';
import path from 'path';
import {PNG} from 'pngjs';

const out = process.argv[2];
const W = 3840, H = 2160;
let seed = 0x1234567;
const rand = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0; return seed / 4294967296; };
const photo = () => {
  const png = new PNG({width: W, height: H});
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    const grain = rand() * 24 - 12;
    png.data[i] = Math.max(0, Math.min(255, 128 + 90 * Math.sin(x / 170) * Math.cos(y / 130) + grain));
    png.data[i + 1] = Math.max(0, Math.min(255, 110 + 80 * Math.sin((x + y) / 260) + grain));
    png.data[i + 2] = Math.max(0, Math.min(255, 90 + 70 * Math.cos(x / 90 - y / 210) + grain));
    png.data[i + 3] = 255;
  }
  return png;
};
const base = photo();
const write = (name, png) => fs.writeFileSync(path.join(out, name), PNG.sync.write(png));
write('photo.png', base);
const few = new PNG({width: W, height: H}); base.data.copy(few.data);
for (let k = 0; k < 2000; k++) { const i = ((rand() * W * H) | 0) * 4; few.data[i] = 255 - few.data[i]; }
write('photo_few.png', few);
const half = new PNG({width: W, height: H}); base.data.copy(half.data);
for (let i = 0; i < half.data.length; i += 4) if (((i / 4) % W) < W / 2) { half.data[i] = 255 - half.data[i]; half.data[i + 2] = 255 - half.data[i + 2]; }
write('photo_half.png', half);
