// pixel_over's SSE2 kernel: four pixels a step, pixman's arithmetic in 16-bit lanes.
#pragma once

#include <framecheck/simd/simd.hpp>

#ifdef FRAMECHECK_SIMD_X86
#include <immintrin.h>

#include <cstdint>

namespace framecheck::detail {

// Eight 16-bit lanes, each an 8-bit value: mul_un8 of d and a, as pixman computes it.
inline __m128i mul_un8_sse2(__m128i d, __m128i a) {
  const __m128i t = _mm_adds_epu16(_mm_mullo_epi16(d, a), _mm_set1_epi16(0x80));
  return _mm_mulhi_epu16(t, _mm_set1_epi16(0x101));
}

// Two pixels widened to 16-bit lanes: each lane becomes 255 minus its pixel's alpha.
inline __m128i inverse_alpha_sse2(__m128i s) {
  const __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xff), 0xff);
  return _mm_xor_si128(a, _mm_set1_epi16(0xff));
}

// Four pixels of s over four of d.
inline __m128i over_sse2(__m128i s, __m128i d) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i d_lo =
      mul_un8_sse2(_mm_unpacklo_epi8(d, zero), inverse_alpha_sse2(_mm_unpacklo_epi8(s, zero)));
  const __m128i d_hi =
      mul_un8_sse2(_mm_unpackhi_epi8(d, zero), inverse_alpha_sse2(_mm_unpackhi_epi8(s, zero)));
  return _mm_adds_epu8(s, _mm_packus_epi16(d_lo, d_hi));
}

// The row's pixels four at a time; returns how many it did (the rest are the caller's).
inline int over_row_sse2(std::uint8_t* dst, const std::uint8_t* src, const std::int32_t* heights,
                         std::int32_t level, int w) {
  int x = 0;
  for (; x + 4 <= w; x += 4) {
    const __m128i s = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 4 * x));
    const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(dst + 4 * x));
    __m128i out = over_sse2(s, d);
    if (heights != nullptr) {
      const __m128i reach =
          _mm_cmpgt_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(heights + x)),
                          _mm_set1_epi32(level - 1));
      out = _mm_or_si128(_mm_and_si128(reach, out), _mm_andnot_si128(reach, d));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 4 * x), out);
  }
  return x;
}

}  // namespace framecheck::detail

#endif
