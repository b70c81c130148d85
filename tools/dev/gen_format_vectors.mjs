// Writes the format_number test vectors from JavaScript's own String(v) and v.toFixed(3), the
// rule the overlay's number display follows. Run with Node: node tools/dev/gen_format_vectors.mjs > \
//   core/diagnostics/tests/data/format_vectors.tsv
// Each line: the double's 64 bits in hex, a tab, the display form.

const buf = new DataView(new ArrayBuffer(8));
const bits = (v) => { buf.setFloat64(0, v); return buf.getBigUint64(0).toString(16).padStart(16, '0'); };
const fromBits = (b) => { buf.setBigUint64(0, b); return buf.getFloat64(0); };
const display = (v) => (Number.isInteger(v) || !Number.isFinite(v) ? String(v) : v.toFixed(3));

// A seeded xorshift so the file is the same on every run.
let s = 0x9e3779b97f4a7c15n;
const next = () => { s ^= (s << 13n) & 0xffffffffffffffffn; s ^= s >> 7n; s ^= (s << 17n) & 0xffffffffffffffffn; return s; };
const unit = () => Number(next() >> 11n) / 2 ** 53;

const values = [
  0, -0, 1, -1, 0.5, -0.5, 0.0625, -0.0625, 0.1875, 1.0625, 2.5, 1e-7, -1.5e-7, -4e-4, -5e-4, 5e-4,
  0.0005, 0.0015, 1.0005, 2.0005, -0.0004999, 16.6666666, 33.3, 16.7, 1 / 3, -2 / 3,
  2 ** 53, 2 ** 53 - 1, -(2 ** 53), 2 ** 53 + 2, 2 ** 60, -(2 ** 60), 2 ** 64, 123456789012345680000,
  1e20, 1e21, -1e21, 1e22, 1.5e21, 1e100, 2 ** 70, 999999999999999900000,
  Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE, 2.2250738585072014e-308,
  NaN, Infinity, -Infinity, 4503599627370495.5, -4503599627370495.5, 0.9995, 0.9994999, 9.9995,
];
// Every odd multiple of 1/16 up to 64 either way: the exact ties of toFixed(3).
for (let n = 1; n < 64 * 16; n += 2) { values.push(n / 16, -n / 16); }
// Frame-time-like values: milliseconds with a few decimals and noise.
for (let i = 0; i < 400; i++) values.push(4 + unit() * 60, Math.round(unit() * 40000) / 1000);
// Random magnitudes across the whole range, and random bit patterns.
for (let i = 0; i < 400; i++) values.push((unit() - 0.5) * 10 ** Math.floor(unit() * 40 - 10));
for (let i = 0; i < 400; i++) values.push(fromBits(next()));
// Integers across every width.
for (let i = 0; i < 200; i++) values.push(Math.floor((unit() - 0.5) * 2 ** Math.floor(unit() * 80)));

for (const v of values) console.log(`${bits(v)}\t${display(v)}`);
