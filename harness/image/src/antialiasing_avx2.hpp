// The anti-aliasing detector's AVX2 kernel: an opaque pixel's eight brightness deltas in two
// registers and no loop, bit for bit the scalar reference's.
#pragma once

#include <framecheck/simd/simd.hpp>

#ifdef FRAMECHECK_SIMD_X86
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "antialiasing_slopes.hpp"

#define FRAMECHECK_AVX2 __attribute__((target("avx2,popcnt,bmi")))

namespace framecheck::detail {

// One colour channel's differences, centre minus neighbour, as eight int32 (exact).
FRAMECHECK_AVX2 inline __m256i channel_delta(__m256i centre, __m256i neighbours, int shift) {
  const __m256i byte = _mm256_set1_epi32(0xff);
  return _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(centre, shift), byte),
                          _mm256_and_si256(_mm256_srli_epi32(neighbours, shift), byte));
}

// brightness_delta's last line for four neighbours: the same three products and two sums.
FRAMECHECK_AVX2 inline __m256d brightness(__m128i dr, __m128i dg, __m128i db) {
  const __m256d r = _mm256_mul_pd(_mm256_cvtepi32_pd(dr), _mm256_set1_pd(0.29889531));
  const __m256d g = _mm256_mul_pd(_mm256_cvtepi32_pd(dg), _mm256_set1_pd(0.58662247));
  const __m256d b = _mm256_mul_pd(_mm256_cvtepi32_pd(db), _mm256_set1_pd(0.11448223));
  return _mm256_add_pd(_mm256_add_pd(r, g), b);
}

// The eight lanes' bits of a comparison over two halves, neighbour k at bit k.
FRAMECHECK_AVX2 inline int lanes_where(__m256d lo, __m256d hi, __m256d value) {
  return _mm256_movemask_pd(_mm256_cmp_pd(lo, value, _CMP_EQ_OQ)) |
         _mm256_movemask_pd(_mm256_cmp_pd(hi, value, _CMP_EQ_OQ)) << 4;
}

// The eight neighbours of the pixel at c (rows `row` bytes apart) as words, in pixelmatch's
// order. With a fourth column to spare on the right, from three row loads put in order by two
// permutes and a blend (the words stored one by one and loaded as a vector would stall the load).
FRAMECHECK_AVX2 inline __m256i neighbours_in_order(const std::uint8_t* c, std::ptrdiff_t row,
                                                   bool column_to_spare) {
  const auto at = [c](std::ptrdiff_t offset) {
    std::int32_t w;
    std::memcpy(&w, c + offset, 4);
    return w;
  };
  if (!column_to_spare) {
    return _mm256_setr_epi32(at(-row - 4), at(-4), at(row - 4), at(-row), at(row), at(4 - row),
                             at(4), at(row + 4));
  }
  const auto load = [](const std::uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  };
  // above: a0 a1 a2 a3, level: l0 l1 l2 l3, below: b0 b1 b2 b3; wanted a0 l0 b0 a1 b1 a2 l2 b2.
  const __m256i above_level = _mm256_set_m128i(load(c - 4), load(c - row - 4));
  const __m256i below = _mm256_castsi128_si256(load(c + row - 4));
  const __m256i from_rows =
      _mm256_permutevar8x32_epi32(above_level, _mm256_setr_epi32(0, 4, 0, 1, 0, 2, 6, 0));
  const __m256i from_below =
      _mm256_permutevar8x32_epi32(below, _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 2));
  return _mm256_blend_epi32(from_rows, from_below, 0b10010100);
}

// The SSE2 kernel's opaque_slopes_sse2 with all eight deltas in two registers and no loop: the
// darkest delta is the minimum of the eight and zero, the first neighbour holding it is where
// pixelmatch's strict "<" leaves it, and likewise the lightest.
FRAMECHECK_AVX2 inline bool opaque_slopes_avx2(const std::uint8_t* img, int x1, int y1, int width,
                                               Slopes& s) {
  const std::uint8_t* c = img + (static_cast<std::size_t>(y1) * width + x1) * 4;
  const std::ptrdiff_t row = static_cast<std::ptrdiff_t>(width) * 4;
  const __m256i neighbours = neighbours_in_order(c, row, x1 + 2 < width);
  std::int32_t centre_word;
  std::memcpy(&centre_word, c, 4);
  const __m256i centre = _mm256_set1_epi32(centre_word);
  const __m256i opaque = _mm256_set1_epi32(static_cast<std::int32_t>(0xff000000u));
  const __m256i alphas = _mm256_and_si256(_mm256_and_si256(neighbours, centre), opaque);
  if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(alphas, opaque)) != -1) return false;

  const __m256i dr = channel_delta(centre, neighbours, 0);
  const __m256i dg = channel_delta(centre, neighbours, 8);
  const __m256i db = channel_delta(centre, neighbours, 16);
  const __m256d lo = brightness(_mm256_castsi256_si128(dr), _mm256_castsi256_si128(dg),
                                _mm256_castsi256_si128(db));
  const __m256d hi = brightness(_mm256_extracti128_si256(dr, 1), _mm256_extracti128_si256(dg, 1),
                                _mm256_extracti128_si256(db, 1));
  const __m256d zero = _mm256_setzero_pd();
  s.zeroes = __builtin_popcount(static_cast<unsigned>(lanes_where(lo, hi, zero)));

  __m256d low = _mm256_min_pd(lo, hi), high = _mm256_max_pd(lo, hi);
  low = _mm256_min_pd(low, _mm256_permute2f128_pd(low, low, 1));
  high = _mm256_max_pd(high, _mm256_permute2f128_pd(high, high, 1));
  low = _mm256_min_pd(_mm256_min_pd(low, _mm256_permute_pd(low, 0b0101)), zero);
  high = _mm256_max_pd(_mm256_max_pd(high, _mm256_permute_pd(high, 0b0101)), zero);
  s.min = _mm256_cvtsd_f64(low);
  s.max = _mm256_cvtsd_f64(high);
  // Where the value is 0 the position is never read: pixelmatch returns before it would be.
  const int min_k = __builtin_ctz(static_cast<unsigned>(lanes_where(lo, hi, low) | 0x100));
  const int max_k = __builtin_ctz(static_cast<unsigned>(lanes_where(lo, hi, high) | 0x100));
  s.min_x = x1 + kDx[min_k & 7];
  s.min_y = y1 + kDy[min_k & 7];
  s.max_x = x1 + kDx[max_k & 7];
  s.max_y = y1 + kDy[max_k & 7];
  // The upper halves left dirty would slow the legacy SSE code after this on some CPUs.
  _mm256_zeroupper();
  return true;
}

}  // namespace framecheck::detail

#undef FRAMECHECK_AVX2

#endif
