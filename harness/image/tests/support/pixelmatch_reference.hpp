// pixelmatch 7.2.0's index.js (ISC licence, by Volodymyr Agafonkin), transcribed plainly and
// nothing else: no vectors, no fast paths, no shared code with the diff it checks. The tests hold
// every kernel, thread count and picture mode of framecheck's diff to it on random images.
// JavaScript's numbers are doubles, `| 0` is a truncation to int32, and a Uint8Array stores a
// double as its truncation modulo 256; those are written out where they happen.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace framecheck::testing::pixelmatch_js {

struct Options {
  double threshold = 0.1;
  bool include_aa = false;
  double alpha = 0.1;
  std::array<int, 3> aa_color{255, 255, 0};
  std::array<int, 3> diff_color{255, 0, 0};
  std::optional<std::array<int, 3>> diff_color_alt;
  bool diff_mask = false;
  bool checkerboard = true;
};

// `value | 0` for the small non-negative values pixelmatch applies it to.
inline double or_zero(double value) {
  return static_cast<double>(static_cast<std::int32_t>(value));
}

// A Uint8Array element assigned a double.
inline std::uint8_t to_uint8(double value) {
  if (!std::isfinite(value)) return 0;
  return static_cast<std::uint8_t>(static_cast<std::int64_t>(std::trunc(value)) & 0xff);
}

inline std::uint32_t u32(const std::uint8_t* img, std::size_t i) {
  std::uint32_t v;
  std::memcpy(&v, img + 4 * i, 4);
  return v;
}

inline void draw_pixel(std::uint8_t* output, std::size_t pos, double r, double g, double b) {
  output[pos] = to_uint8(r);
  output[pos + 1] = to_uint8(g);
  output[pos + 2] = to_uint8(b);
  output[pos + 3] = 255;
}

inline void draw_gray_pixel(const std::uint8_t* img, std::size_t i, double alpha,
                            std::uint8_t* output) {
  const double val =
      255 + (img[i] * 0.29889531 + img[i + 1] * 0.58662247 + img[i + 2] * 0.11448223 - 255) *
                alpha * img[i + 3] / 255;
  draw_pixel(output, i, val, val, val);
}

inline void blend_background(std::size_t k, bool checkerboard, double& rb, double& gb, double& bb) {
  rb = 255, gb = 255, bb = 255;
  if (checkerboard) {
    const double kd = static_cast<double>(k);
    rb = 48 + 159 * std::fmod(kd, 2);
    gb = 48 + 159 * std::fmod(or_zero(kd / 1.618033988749895), 2);
    bb = 48 + 159 * std::fmod(or_zero(kd / 2.618033988749895), 2);
  }
}

inline double color_delta(const std::uint8_t* img1, const std::uint8_t* img2, std::size_t k,
                          std::size_t m, bool checkerboard) {
  const double r1 = img1[k], g1 = img1[k + 1], b1 = img1[k + 2], a1 = img1[k + 3];
  const double r2 = img2[m], g2 = img2[m + 1], b2 = img2[m + 2], a2 = img2[m + 3];
  double dr = r1 - r2;
  double dg = g1 - g2;
  double db = b1 - b2;
  const double da = a1 - a2;
  if (a1 < 255 || a2 < 255) {
    double rb, gb, bb;
    blend_background(k, checkerboard, rb, gb, bb);
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

inline double brightness_delta(const std::uint8_t* img, std::size_t k, std::size_t m, double r1,
                               double g1, double b1, double a1, bool checkerboard) {
  const double r2 = img[m], g2 = img[m + 1], b2 = img[m + 2], a2 = img[m + 3];
  double dr = r1 - r2;
  double dg = g1 - g2;
  double db = b1 - b2;
  const double da = a1 - a2;
  if (dr == 0 && dg == 0 && db == 0 && da == 0) return 0;
  if (a1 < 255 || a2 < 255) {
    double rb, gb, bb;
    blend_background(k, checkerboard, rb, gb, bb);
    dr = (r1 * a1 - r2 * a2 - rb * da) / 255;
    dg = (g1 * a1 - g2 * a2 - gb * da) / 255;
    db = (b1 * a1 - b2 * a2 - bb * da) / 255;
  }
  return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
}

inline bool has_many_siblings(const std::uint8_t* img, int x1, int y1, int width, int height) {
  const int x0 = std::max(x1 - 1, 0);
  const int y0 = std::max(y1 - 1, 0);
  const int x2 = std::min(x1 + 1, width - 1);
  const int y2 = std::min(y1 + 1, height - 1);
  const std::uint32_t val = u32(img, static_cast<std::size_t>(y1) * width + x1);
  int zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0;
  for (int x = x0; x <= x2; x++) {
    for (int y = y0; y <= y2; y++) {
      if (x == x1 && y == y1) continue;
      zeroes += val == u32(img, static_cast<std::size_t>(y) * width + x) ? 1 : 0;
      if (zeroes > 2) return true;
    }
  }
  return false;
}

inline bool antialiased(const std::uint8_t* img, int x1, int y1, int width, int height,
                        const std::uint8_t* a32, const std::uint8_t* b32, bool checkerboard) {
  const int x0 = std::max(x1 - 1, 0);
  const int y0 = std::max(y1 - 1, 0);
  const int x2 = std::min(x1 + 1, width - 1);
  const int y2 = std::min(y1 + 1, height - 1);
  const std::size_t pos4 = (static_cast<std::size_t>(y1) * width + x1) * 4;
  const double cr = img[pos4], cg = img[pos4 + 1], cb = img[pos4 + 2], ca = img[pos4 + 3];
  int zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0;
  double min = 0, max = 0;
  int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
  for (int x = x0; x <= x2; x++) {
    for (int y = y0; y <= y2; y++) {
      if (x == x1 && y == y1) continue;
      const double delta = brightness_delta(
          img, pos4, (static_cast<std::size_t>(y) * width + x) * 4, cr, cg, cb, ca, checkerboard);
      if (delta == 0) {
        zeroes++;
        if (zeroes > 2) return false;
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
  if (min == 0 || max == 0) return false;
  return (has_many_siblings(a32, min_x, min_y, width, height) &&
          has_many_siblings(b32, min_x, min_y, width, height)) ||
         (has_many_siblings(a32, max_x, max_y, width, height) &&
          has_many_siblings(b32, max_x, max_y, width, height));
}

// pixelmatch(img1, img2, output, width, height, options): `output`, when given, holds
// width * height * 4 bytes as the caller made them (pixelmatch writes only what it draws).
inline std::size_t pixelmatch(const std::uint8_t* img1, const std::uint8_t* img2,
                              std::uint8_t* output, int width, int height, const Options& o) {
  const std::size_t len = static_cast<std::size_t>(width) * height;
  bool identical = true;
  for (std::size_t i = 0; i < len; i++) {
    if (u32(img1, i) != u32(img2, i)) {
      identical = false;
      break;
    }
  }
  if (identical) {
    if (output != nullptr && !o.diff_mask) {
      for (std::size_t i = 0, pos = 0; i < len; i++, pos += 4)
        draw_gray_pixel(img1, pos, o.alpha, output);
    }
    return 0;
  }
  const double max_delta = 35215 * o.threshold * o.threshold;
  const std::array<int, 3> alt = o.diff_color_alt.value_or(o.diff_color);
  std::size_t diff = 0;
  for (std::size_t i = 0, pos = 0; i < len; i++, pos += 4) {
    const double delta =
        u32(img1, i) == u32(img2, i) ? 0 : color_delta(img1, img2, pos, pos, o.checkerboard);
    if (std::fabs(delta) > max_delta) {
      const int x = static_cast<int>(i % static_cast<std::size_t>(width));
      const int y = static_cast<int>(i / static_cast<std::size_t>(width));
      const bool is_excluded_aa =
          !o.include_aa && (antialiased(img1, x, y, width, height, img1, img2, o.checkerboard) ||
                            antialiased(img2, x, y, width, height, img2, img1, o.checkerboard));
      if (is_excluded_aa) {
        if (output != nullptr && !o.diff_mask)
          draw_pixel(output, pos, o.aa_color[0], o.aa_color[1], o.aa_color[2]);
      } else {
        if (output != nullptr) {
          if (delta < 0) {
            draw_pixel(output, pos, alt[0], alt[1], alt[2]);
          } else {
            draw_pixel(output, pos, o.diff_color[0], o.diff_color[1], o.diff_color[2]);
          }
        }
        diff++;
      }
    } else if (output != nullptr && !o.diff_mask) {
      draw_gray_pixel(img1, pos, o.alpha, output);
    }
  }
  return diff;
}

}  // namespace framecheck::testing::pixelmatch_js
