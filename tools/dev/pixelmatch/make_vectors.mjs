// Makes image pairs and records what pixelmatch 7.2.0 says of each under several option sets:
// the mismatch count and an FNV-1a hash of its diff picture. The C++ port must agree exactly.
// Run through make_vectors.sh, which installs pixelmatch@7.2.0 into a scratch folder.
//   node make_vectors.mjs OUT_DIR
// Pairs already in OUT_DIR as NAME.expected.png / NAME.actual.png (renders of the overlay, say)
// are measured too.
import fs from 'fs';
import path from 'path';
import {PNG} from 'pngjs';
import pixelmatch from 'pixelmatch';

const out = process.argv[2];
let seed = 0x2545f491;
const rand = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0; return seed / 4294967296; };

function image(w, h, fn) {
  const png = new PNG({width: w, height: h});
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const [r, g, b, a] = fn(x, y);
    const i = (y * w + x) * 4;
    png.data[i] = r; png.data[i + 1] = g; png.data[i + 2] = b; png.data[i + 3] = a;
  }
  return png;
}
const clamp = (v) => Math.max(0, Math.min(255, Math.round(v)));
// A disc with an anti-aliased rim: coverage from the distance to the edge.
const disc = (cx, cy, rad, fg, bg) => (x, y) => {
  const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
  const c = Math.max(0, Math.min(1, rad - d + 0.5));
  return [0, 1, 2].map((k) => clamp(bg[k] * (1 - c) + fg[k] * c)).concat([255]);
};

const pairs = {};
{
  const base = Array.from({length: 64 * 48}, () => [rand() * 256 | 0, rand() * 256 | 0, rand() * 256 | 0, 255]);
  const changed = base.map((p) => (rand() < 0.05 ? p.map((v, k) => (k === 3 ? 255 : clamp(v + (rand() - 0.5) * 120))) : p));
  pairs.noise = [image(64, 48, (x, y) => base[y * 64 + x]), image(64, 48, (x, y) => changed[y * 64 + x])];
}
pairs.discs_shifted = [image(80, 60, disc(40, 30, 18, [20, 20, 20], [240, 240, 240])),
                       image(80, 60, disc(41, 30, 18, [20, 20, 20], [240, 240, 240]))];
pairs.discs_recoloured = [image(80, 60, disc(40, 30, 18, [200, 40, 40], [30, 30, 60])),
                          image(80, 60, disc(40, 30, 18, [190, 60, 50], [30, 30, 60]))];
pairs.alpha = [image(48, 48, (x, y) => [200, 100, 50, (x * 5 + y) & 255]),
               image(48, 48, (x, y) => [200, 100, 50, ((x * 5 + y) & 255) ^ (x > 24 ? 8 : 0)])];
pairs.gradient = [image(96, 32, (x, y) => [x * 2, y * 6, 128, 255]),
                  image(96, 32, (x, y) => [x * 2 + (x % 7 === 0 ? 9 : 0), y * 6, 128 + (y % 5), 255])];
pairs.lines = [image(64, 64, (x, y) => ((x + y) % 9 === 0 ? [0, 0, 0, 255] : [255, 255, 255, 255])),
               image(64, 64, (x, y) => ((x + y + (y > 32 ? 1 : 0)) % 9 === 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]))];
{
  const same = image(40, 30, (x, y) => [x * 6, y * 8, 90, 200]);
  pairs.identical = [same, image(40, 30, (x, y) => [x * 6, y * 8, 90, 200])];
}
{
  // Discs cut by every border and moved a pixel: soft rims meet the first and last rows and
  // columns, where the detector's neighbourhood is clipped.
  const scene = (dx) => (x, y) => {
    const layers = [disc(68 + dx, 24, 13, [20, 20, 20], [240, 240, 240]),
                    disc(1 - dx, 12, 9, [220, 60, 40], [240, 240, 240]),
                    disc(35, 49 + dx, 8, [30, 90, 200], [240, 240, 240]),
                    disc(30, 0 - dx, 7, [250, 250, 250], [240, 240, 240])];
    const painted = layers.map((f) => f(x, y)).filter((p) => p[0] !== 240 || p[1] !== 240);
    return painted.length ? painted[0] : [240, 240, 240, 255];
  };
  pairs.edges = [image(70, 50, scene(0)), image(70, 50, scene(1))];
}
for (const [name, [a, b]] of Object.entries(pairs)) {
  fs.writeFileSync(path.join(out, `${name}.expected.png`), PNG.sync.write(a));
  fs.writeFileSync(path.join(out, `${name}.actual.png`), PNG.sync.write(b));
}

const optionSets = [
  {}, {threshold: 0}, {threshold: 0.05}, {threshold: 0.3}, {includeAA: true}, {alpha: 0.5},
  {checkerboard: false}, {diffMask: true}, {diffColorAlt: [0, 255, 0]}, {threshold: 0, includeAA: true},
  {diffColor: [0, 0, 255]}, {aaColor: [0, 255, 255]}, {alpha: 0}, {alpha: 1},
  {diffColor: [10, 200, 30], diffColorAlt: [200, 10, 200], diffMask: true},
  {aaColor: [255, 128, 0], diffColor: [20, 20, 20], threshold: 0.02},
];
const fnv = (buf) => { let h = 0xcbf29ce484222325n; for (const b of buf) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n); return h.toString(16).padStart(16, '0'); };

const names = fs.readdirSync(out).filter((f) => f.endsWith('.expected.png')).map((f) => f.slice(0, -'.expected.png'.length)).sort();
const results = [];
for (const name of names) {
  const a = PNG.sync.read(fs.readFileSync(path.join(out, `${name}.expected.png`)));
  const b = PNG.sync.read(fs.readFileSync(path.join(out, `${name}.actual.png`)));
  for (const options of optionSets) {
    const diff = new PNG({width: a.width, height: a.height});
    const mismatched = pixelmatch(a.data, b.data, diff.data, a.width, a.height, options);
    results.push({pair: name, options, mismatched, diff_fnv1a: fnv(diff.data)});
  }
}
fs.writeFileSync(path.join(out, 'expected.json'), JSON.stringify({pixelmatch: '7.2.0', results}, null, 1) + '\n');
console.log(`${results.length} results over ${names.length} pairs`);
