// A line-for-line port of pixelmatch 7.2.0 (ISC licence, by Volodymyr Agafonkin), so that counts
// and diff pictures agree with it exactly. The floating-point expressions keep JavaScript's
// evaluation order, and this file is compiled without FMA contraction, for identical results.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <framecheck/pixel_diff.hpp>
#include <thread>
#include <vector>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace framecheck {
namespace {

std::uint32_t word(const std::uint8_t* img, std::size_t i) {
  std::uint32_t w;
  std::memcpy(&w, img + 4 * i, 4);
  return w;
}

// pixelmatch's blend background: k is the byte offset of the pixel being judged.
void background(std::size_t k, bool checkerboard, double& rb, double& gb, double& bb) {
  rb = gb = bb = 255;
  if (!checkerboard) return;
  const auto kd = static_cast<double>(k);
  rb = 48 + 159 * static_cast<double>(k % 2);
  gb = 48 + 159 * static_cast<double>(static_cast<std::int64_t>(kd / 1.618033988749895) % 2);
  bb = 48 + 159 * static_cast<double>(static_cast<std::int64_t>(kd / 2.618033988749895) % 2);
}

// Squared YIQ distance; negative when the second pixel is the lighter.
double color_delta(const std::uint8_t* img1, const std::uint8_t* img2, std::size_t k,
                   bool checkerboard) {
  const double r1 = img1[k], g1 = img1[k + 1], b1 = img1[k + 2], a1 = img1[k + 3];
  const double r2 = img2[k], g2 = img2[k + 1], b2 = img2[k + 2], a2 = img2[k + 3];
  double dr = r1 - r2, dg = g1 - g2, db = b1 - b2;
  const double da = a1 - a2;
  if (a1 < 255 || a2 < 255) {
    double rb, gb, bb;
    background(k, checkerboard, rb, gb, bb);
    dr = (r1 * a1 - r2 * a2 - rb * da) / 255;
    dg = (g1 * a1 - g2 * a2 - gb * da) / 255;
    db = (b1 * a1 - b2 * a2 - bb * da) / 255;
  }
  const double y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
  const double i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189;
  const double q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
  const double delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
  return y > 0 ? -delta : delta;
}

// The brightness part only, for the anti-aliasing detector; k is the centre pixel's offset.
double brightness_delta(const std::uint8_t* img, std::size_t k, std::size_t m, bool checkerboard) {
  const double r1 = img[k], g1 = img[k + 1], b1 = img[k + 2], a1 = img[k + 3];
  const double r2 = img[m], g2 = img[m + 1], b2 = img[m + 2], a2 = img[m + 3];
  double dr = r1 - r2, dg = g1 - g2, db = b1 - b2;
  const double da = a1 - a2;
  if (dr == 0 && dg == 0 && db == 0 && da == 0) return 0;
  if (a1 < 255 || a2 < 255) {
    double rb, gb, bb;
    background(k, checkerboard, rb, gb, bb);
    dr = (r1 * a1 - r2 * a2 - rb * da) / 255;
    dg = (g1 * a1 - g2 * a2 - gb * da) / 255;
    db = (b1 * a1 - b2 * a2 - bb * da) / 255;
  }
  return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
}

// Whether the pixel has three or more neighbours of exactly its colour (edges count as one).
bool has_many_siblings(const std::uint8_t* img, int x1, int y1, int width, int height) {
#ifdef __SSE2__
  // Away from the edges (and with a fourth word to spare on the right), each row's three
  // neighbours are compared at once; the count is the same, so is the answer.
  if (x1 > 0 && y1 > 0 && y1 + 1 < height && x1 + 2 < width) {
    const __m128i centre =
        _mm_set1_epi32(static_cast<int>(word(img, static_cast<std::size_t>(y1) * width + x1)));
    const auto row = [&](int y) {
      const std::uint8_t* p = img + (static_cast<std::size_t>(y) * width + x1 - 1) * 4;
      return _mm_movemask_ps(_mm_castsi128_ps(
          _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), centre)));
    };
    const int same = std::popcount(static_cast<unsigned>(row(y1 - 1) & 7)) +
                     std::popcount(static_cast<unsigned>(row(y1) & 5)) +
                     std::popcount(static_cast<unsigned>(row(y1 + 1) & 7));
    return same > 2;
  }
#endif
  const int x0 = std::max(x1 - 1, 0), y0 = std::max(y1 - 1, 0);
  const int x2 = std::min(x1 + 1, width - 1), y2 = std::min(y1 + 1, height - 1);
  const std::uint32_t val = word(img, static_cast<std::size_t>(y1) * width + x1);
  int zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0;
  for (int x = x0; x <= x2; ++x) {
    for (int y = y0; y <= y2; ++y) {
      if (x == x1 && y == y1) continue;
      zeroes += val == word(img, static_cast<std::size_t>(y) * width + x);
      if (zeroes > 2) return true;
    }
  }
  return false;
}

// The detector's last step: with a darkest and a lightest neighbour both found, the pixel is
// anti-aliased when either of them has three or more siblings of its colour in both images.
bool slopes_are_flat_sided(const std::uint8_t* a, const std::uint8_t* b, int width, int height,
                           double min, int min_x, int min_y, double max, int max_x, int max_y) {
  if (min == 0 || max == 0) return false;
  return (has_many_siblings(a, min_x, min_y, width, height) &&
          has_many_siblings(b, min_x, min_y, width, height)) ||
         (has_many_siblings(a, max_x, max_y, width, height) &&
          has_many_siblings(b, max_x, max_y, width, height));
}

#ifdef __SSE2__
// The eight neighbours' brightness deltas of an interior pixel whose 3x3 block is opaque, two
// at a time, in pixelmatch's neighbour order (x outer, y inner). Each is the same IEEE
// arithmetic as brightness_delta, in the same order (the file is built without FMA
// contraction), so the values are identical bit for bit; false when the block is not opaque.
bool opaque_neighbour_deltas(const std::uint8_t* img, int x1, int y1, int width, double (&delta)[8],
                             int (&nx)[8], int (&ny)[8]) {
  const std::uint8_t* centre = img + (static_cast<std::size_t>(y1) * width + x1) * 4;
  if (centre[3] != 255) return false;
  // Differences of whole bytes, exact as int32 and exact again as doubles.
  alignas(16) std::int32_t dr[8], dg[8], db[8];
  int k = 0;
  for (int x = x1 - 1; x <= x1 + 1; ++x) {
    for (int y = y1 - 1; y <= y1 + 1; ++y) {
      if (x == x1 && y == y1) continue;
      const std::uint8_t* n = img + (static_cast<std::size_t>(y) * width + x) * 4;
      if (n[3] != 255) return false;
      dr[k] = centre[0] - n[0];
      dg[k] = centre[1] - n[1];
      db[k] = centre[2] - n[2];
      nx[k] = x;
      ny[k] = y;
      ++k;
    }
  }
  const __m128d kr = _mm_set1_pd(0.29889531), kg = _mm_set1_pd(0.58662247),
                kb = _mm_set1_pd(0.11448223);
  const auto pair = [](const std::int32_t* v) {
    return _mm_cvtepi32_pd(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(v)));
  };
  for (int i = 0; i < 8; i += 2) {
    const __m128d y =
        _mm_add_pd(_mm_add_pd(_mm_mul_pd(pair(dr + i), kr), _mm_mul_pd(pair(dg + i), kg)),
                   _mm_mul_pd(pair(db + i), kb));
    _mm_storeu_pd(delta + i, y);
  }
  return true;
}
#endif

// "Anti-aliased Pixel and Intensity Slope Detector" (V. Vysniauskas, 2009), as pixelmatch has it.
//
// `in_a_run` is a hint, carried from one call to the next on the same image: whether the last
// pixel was answered by three zero deltas, which in practice are three neighbours of its own
// colour. Then this one likely has them too (rendered frames are runs of one colour), and three
// integer compares of whole rows find them without the deltas: three such neighbours are three
// zero deltas, so the answer is the same. On grainy content the hint stays off and costs one
// branch.
bool antialiased(const std::uint8_t* img, int x1, int y1, int width, int height,
                 const std::uint8_t* a, const std::uint8_t* b, bool checkerboard, bool& in_a_run) {
  if (in_a_run && has_many_siblings(img, x1, y1, width, height)) return false;
  in_a_run = false;
  const int x0 = std::max(x1 - 1, 0), y0 = std::max(y1 - 1, 0);
  const int x2 = std::min(x1 + 1, width - 1), y2 = std::min(y1 + 1, height - 1);
  const std::size_t pos4 = (static_cast<std::size_t>(y1) * width + x1) * 4;
  int zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0;
  double min = 0, max = 0;
  int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
#ifdef __SSE2__
  double deltas[8];
  int nx[8], ny[8];
  if (zeroes == 0 && opaque_neighbour_deltas(img, x1, y1, width, deltas, nx, ny)) {
    // The loop below without its branches: a delta below the minimum is negative and one above
    // the maximum positive, so at most one of them moves, ties keep the first, and a third zero
    // means "not anti-aliased" wherever it comes.
    int min_k = 0, max_k = 0;
    for (int k = 0; k < 8; ++k) {
      const double d = deltas[k];
      zeroes += d == 0 ? 1 : 0;
      const bool lower = d<min, higher = d> max;
      min = lower ? d : min;
      min_k = lower ? k : min_k;
      max = higher ? d : max;
      max_k = higher ? k : max_k;
    }
    if (zeroes > 2) {
      in_a_run = true;  // most likely three neighbours of the centre's own colour
      return false;
    }
    min_x = nx[min_k];
    min_y = ny[min_k];
    max_x = nx[max_k];
    max_y = ny[max_k];
    return slopes_are_flat_sided(a, b, width, height, min, min_x, min_y, max, max_x, max_y);
  }
#endif
  for (int x = x0; x <= x2; ++x) {
    for (int y = y0; y <= y2; ++y) {
      if (x == x1 && y == y1) continue;
      const double delta =
          brightness_delta(img, pos4, (static_cast<std::size_t>(y) * width + x) * 4, checkerboard);
      if (delta == 0) {
        if (++zeroes > 2) {
          in_a_run = true;
          return false;
        }
      } else if (delta < min) {
        min = delta;
        min_x = x;
        min_y = y;
      } else if (delta > max) {
        max = delta;
        max_x = x;
        max_y = y;
      }
    }
  }
  return slopes_are_flat_sided(a, b, width, height, min, min_x, min_y, max, max_x, max_y);
}

void draw_pixel(std::uint8_t* out, std::size_t pos, const std::array<std::uint8_t, 3>& c) {
  out[pos] = c[0];
  out[pos + 1] = c[1];
  out[pos + 2] = c[2];
  out[pos + 3] = 255;
}

// The expected pixel as grey, faded towards white; stored the way a JavaScript Uint8Array stores
// a double (truncation: the value is always within 0..255 here). The grey of the last pixel is
// kept: a function of the pixel's four bytes alone, and runs of one colour are the rule in
// rendered frames.
class GrayPixels {
 public:
  explicit GrayPixels(double alpha) : alpha_(alpha) {}
  void draw(const std::uint8_t* img, std::size_t i, std::uint8_t* out) {
    std::uint32_t w;
    std::memcpy(&w, img + i, 4);
    if (w != last_ || !valid_) {
      const double val =
          255 + (img[i] * 0.29889531 + img[i + 1] * 0.58662247 + img[i + 2] * 0.11448223 - 255) *
                    alpha_ * img[i + 3] / 255;
      grey_ = static_cast<std::uint8_t>(static_cast<std::int64_t>(val) & 0xff);
      last_ = w;
      valid_ = true;
    }
    out[i] = out[i + 1] = out[i + 2] = grey_;
    out[i + 3] = 255;
  }

 private:
  double alpha_;
  std::uint32_t last_ = 0;
  std::uint8_t grey_ = 0;
  bool valid_ = false;
};

bool ignored(const std::vector<IgnoreRegion>& regions, int x, int y) {
  for (const IgnoreRegion& r : regions) {
    if (x >= r.x1 && x <= r.x2 && y >= r.y1 && y <= r.y2) return true;
  }
  return false;
}

// Paints the ignored regions (clipped to the image) in the mask colour, over what was drawn.
void paint_ignored(const Image& image, std::uint8_t* out, const DiffOptions& options) {
  if (out == nullptr) return;
  for (const IgnoreRegion& r : options.ignore) {
    for (int y = std::max(r.y1, 0); y <= std::min(r.y2, image.height - 1); ++y) {
      for (int x = std::max(r.x1, 0); x <= std::min(r.x2, image.width - 1); ++x)
        draw_pixel(out, (static_cast<std::size_t>(y) * image.width + x) * 4, options.mask_color);
    }
  }
}

// Pixels [begin, end) of pixelmatch's main loop; `identical` says whether the whole images are.
std::size_t match_range(const Image& expected, const Image& actual, std::uint8_t* out,
                        const DiffOptions& options, bool identical, std::size_t begin,
                        std::size_t end) {
  const int width = expected.width;
  const int height = expected.height;
  const std::uint8_t* img1 = expected.rgba.data();
  const std::uint8_t* img2 = actual.rgba.data();
  GrayPixels grey(options.alpha);
  if (identical) {
    if (out != nullptr && !options.diff_mask) {
      for (std::size_t pos = 4 * begin; pos < 4 * end; pos += 4)
        grey.draw(img1, pos, out);
    }
    return 0;
  }
  const double max_delta = 35215 * options.threshold * options.threshold;
  const auto& alt = options.diff_color_alt ? *options.diff_color_alt : options.diff_color;
  std::size_t diff = 0;
  bool run1 = false, run2 = false;  // antialiased()'s hints, one per image
  for (std::size_t i = begin, pos = 4 * begin; i < end; ++i, pos += 4) {
    const double delta =
        word(img1, i) == word(img2, i) ? 0 : color_delta(img1, img2, pos, options.checkerboard);
    if (std::fabs(delta) > max_delta) {
      const int x = static_cast<int>(i % width);
      const int y = static_cast<int>(i / width);
      if (!options.ignore.empty() && ignored(options.ignore, x, y)) continue;  // painted after
      const bool excluded_aa =
          !options.include_aa &&
          (antialiased(img1, x, y, width, height, img1, img2, options.checkerboard, run1) ||
           antialiased(img2, x, y, width, height, img2, img1, options.checkerboard, run2));
      if (excluded_aa) {
        if (out != nullptr && !options.diff_mask) draw_pixel(out, pos, options.aa_color);
      } else {
        if (out != nullptr) draw_pixel(out, pos, delta < 0 ? alt : options.diff_color);
        ++diff;
      }
    } else if (out != nullptr && !options.diff_mask) {
      grey.draw(img1, pos, out);
    }
  }
  return diff;
}

std::uint8_t* prepare_output(const Image& expected, Image* diff_output,
                             const DiffOptions& options) {
  if (diff_output == nullptr) return nullptr;
  *diff_output = Image(expected.width, expected.height);
  // pixelmatch draws every pixel unless it draws a mask; a mask starts transparent.
  if (options.diff_mask) std::memset(diff_output->rgba.data(), 0, diff_output->rgba.size());
  return diff_output->rgba.data();
}

bool same_pixels(const Image& a, const Image& b) {
  return std::memcmp(a.rgba.data(), b.rgba.data(), a.pixels() * 4) == 0;
}

}  // namespace

std::size_t count_mismatched(const Image& expected, const Image& actual, Image* diff_output,
                             const DiffOptions& options) {
  std::uint8_t* out = prepare_output(expected, diff_output, options);
  const std::size_t diff = match_range(expected, actual, out, options,
                                       same_pixels(expected, actual), 0, expected.pixels());
  paint_ignored(expected, out, options);
  return diff;
}

std::size_t count_mismatched_parallel(const Image& expected, const Image& actual,
                                      Image* diff_output, const DiffOptions& options,
                                      unsigned threads) {
  std::uint8_t* out = prepare_output(expected, diff_output, options);
  const bool identical = same_pixels(expected, actual);
  const auto rows = static_cast<std::size_t>(expected.height);
  const auto width = static_cast<std::size_t>(expected.width);
  threads =
      static_cast<unsigned>(std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(rows, 1)));
  std::vector<std::size_t> counts(threads);
  std::vector<std::thread> workers;
  const auto run = [&](unsigned t) {
    counts[t] = match_range(expected, actual, out, options, identical, rows * t / threads * width,
                            rows * (t + 1) / threads * width);
  };
  for (unsigned t = 1; t < threads; ++t)
    workers.emplace_back(run, t);
  run(0);
  for (std::thread& w : workers)
    w.join();
  paint_ignored(expected, out, options);
  std::size_t total = 0;
  for (std::size_t c : counts)
    total += c;
  return total;
}

}  // namespace framecheck
