// pixelmatch 7.2.0's colour arithmetic (ISC licence, by Volodymyr Agafonkin), line for line, so
// that counts and diff pictures agree with it exactly. The floating-point expressions keep
// JavaScript's evaluation order, and every file that includes this one is compiled without FMA
// contraction (harness/CMakeLists.txt), for identical results.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace framecheck::pixelmatch {

// Pixel i's four bytes as one word, for equality tests.
inline std::uint32_t word(const std::uint8_t* img, std::size_t i) {
  std::uint32_t w;
  std::memcpy(&w, img + 4 * i, 4);
  return w;
}

// The blend background: k is the byte offset of the pixel being judged.
inline void background(std::size_t k, bool checkerboard, double& rb, double& gb, double& bb) {
  rb = gb = bb = 255;
  if (!checkerboard) return;
  const auto kd = static_cast<double>(k);
  rb = 48 + 159 * static_cast<double>(k % 2);
  gb = 48 + 159 * static_cast<double>(static_cast<std::int64_t>(kd / 1.618033988749895) % 2);
  bb = 48 + 159 * static_cast<double>(static_cast<std::int64_t>(kd / 2.618033988749895) % 2);
}

// colorDelta(img1, img2, k, m, yOnly): the pixels at byte offsets k of img1 and m of img2,
// blended over the background where either is translucent. With y_only, the brightness
// difference; otherwise the squared YIQ distance, negative when the second is the lighter.
[[gnu::always_inline]] inline double delta(const std::uint8_t* img1, const std::uint8_t* img2,
                                           std::size_t k, std::size_t m, bool y_only,
                                           bool checkerboard) {
  const double r1 = img1[k], g1 = img1[k + 1], b1 = img1[k + 2], a1 = img1[k + 3];
  const double r2 = img2[m], g2 = img2[m + 1], b2 = img2[m + 2], a2 = img2[m + 3];
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
  const double y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
  if (y_only) return y;
  const double i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189;
  const double q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
  const double delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
  return y > 0 ? -delta : delta;
}

// The main loop's comparison of the same pixel (byte offset k) in two images.
[[gnu::always_inline]] inline double color_delta(const std::uint8_t* img1, const std::uint8_t* img2,
                                                 std::size_t k, bool checkerboard) {
  return delta(img1, img2, k, k, false, checkerboard);
}

// The anti-aliasing detector's: the centre (byte offset k) against a neighbour (m), one image.
[[gnu::always_inline]] inline double brightness_delta(const std::uint8_t* img, std::size_t k,
                                                      std::size_t m, bool checkerboard) {
  return delta(img, img, k, m, true, checkerboard);
}

}  // namespace framecheck::pixelmatch
