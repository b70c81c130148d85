// The anti-aliasing detector's SSE2 kernel: three neighbours compared at once, and an opaque
// pixel's eight brightness deltas two at a time, each bit for bit the scalar reference's.
#pragma once

#include <framecheck/simd/simd.hpp>

#ifdef FRAMECHECK_SIMD_X86
#include <emmintrin.h>

#include <cstddef>
#include <cstdint>

#include "antialiasing_slopes.hpp"
#include "pixelmatch_colour.hpp"

namespace framecheck::detail {

using pixelmatch::word;

// has_many_siblings for a pixel away from the edges, with a fourth word to spare on the right
// (x1 > 0, y1 > 0, y1 + 1 < height, x1 + 2 < width): each row's three neighbours are compared at
// once; the count is the scalar loop's, and so is the answer.
inline bool many_siblings_sse2(const std::uint8_t* img, int x1, int y1, int width) {
  const __m128i centre =
      _mm_set1_epi32(static_cast<int>(word(img, static_cast<std::size_t>(y1) * width + x1)));
  const auto row = [&](int y) {
    const std::uint8_t* p = img + (static_cast<std::size_t>(y) * width + x1 - 1) * 4;
    return _mm_movemask_ps(_mm_castsi128_ps(
        _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), centre)));
  };
  return kBits[row(y1 - 1) & 7] + kBits[row(y1) & 5] + kBits[row(y1 + 1) & 7] > 2;
}

// The same for an interior pixel whose 3x3 block is opaque, two deltas at a time: each is the
// same IEEE arithmetic as brightness_delta in the same order, so identical bit for bit. Then the
// loop without its branches: a delta below the minimum is negative and one above the maximum
// positive, so at most one of them moves, ties keep the first, and a third zero means "not
// anti-aliased" wherever it comes. False when the block is not opaque.
inline bool opaque_slopes_sse2(const std::uint8_t* img, int x1, int y1, int width, Slopes& s) {
  const std::uint8_t* centre = img + (static_cast<std::size_t>(y1) * width + x1) * 4;
  if (centre[3] != 255) return false;
  // Differences of whole bytes, exact as int32 and exact again as doubles.
  alignas(16) std::int32_t dr[8], dg[8], db[8];
  for (int k = 0; k < 8; ++k) {
    const std::uint8_t* n = centre + (static_cast<std::ptrdiff_t>(kDy[k]) * width + kDx[k]) * 4;
    if (n[3] != 255) return false;
    dr[k] = centre[0] - n[0];
    dg[k] = centre[1] - n[1];
    db[k] = centre[2] - n[2];
  }
  const __m128d kr = _mm_set1_pd(0.29889531), kg = _mm_set1_pd(0.58662247),
                kb = _mm_set1_pd(0.11448223);
  const auto pair = [](const std::int32_t* v) {
    return _mm_cvtepi32_pd(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(v)));
  };
  double deltas[8];
  for (int i = 0; i < 8; i += 2) {
    const __m128d y =
        _mm_add_pd(_mm_add_pd(_mm_mul_pd(pair(dr + i), kr), _mm_mul_pd(pair(dg + i), kg)),
                   _mm_mul_pd(pair(db + i), kb));
    _mm_storeu_pd(deltas + i, y);
  }
  int min_k = 0, max_k = 0;
  for (int k = 0; k < 8; ++k) {
    const double d = deltas[k];
    s.zeroes += d == 0 ? 1 : 0;
    const bool lower = d<s.min, higher = d> s.max;
    s.min = lower ? d : s.min;
    min_k = lower ? k : min_k;
    s.max = higher ? d : s.max;
    max_k = higher ? k : max_k;
  }
  s.min_x = x1 + kDx[min_k];
  s.min_y = y1 + kDy[min_k];
  s.max_x = x1 + kDx[max_k];
  s.max_y = y1 + kDy[max_k];
  return true;
}

}  // namespace framecheck::detail

#endif
