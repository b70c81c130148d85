// pixel_over's AVX2 kernel: eight pixels a step, the SSE2 kernel's arithmetic in wider lanes.
#pragma once

#include <framecheck/simd/simd.hpp>

#ifdef FRAMECHECK_SIMD_X86
#include <immintrin.h>

#include <cstdint>

namespace framecheck::detail {

__attribute__((target("avx2"))) inline __m256i mul_un8_avx2(__m256i d, __m256i a) {
  const __m256i t = _mm256_adds_epu16(_mm256_mullo_epi16(d, a), _mm256_set1_epi16(0x80));
  return _mm256_mulhi_epu16(t, _mm256_set1_epi16(0x101));
}

__attribute__((target("avx2"))) inline __m256i inverse_alpha_avx2(__m256i s) {
  const __m256i a = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xff), 0xff);
  return _mm256_xor_si256(a, _mm256_set1_epi16(0xff));
}

// Eight pixels of s over eight of d. The unpacks work within each 128-bit lane and the pack
// undoes them the same way, so the pixels come back in their order.
__attribute__((target("avx2"))) inline __m256i over_avx2(__m256i s, __m256i d) {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i d_lo = mul_un8_avx2(_mm256_unpacklo_epi8(d, zero),
                                    inverse_alpha_avx2(_mm256_unpacklo_epi8(s, zero)));
  const __m256i d_hi = mul_un8_avx2(_mm256_unpackhi_epi8(d, zero),
                                    inverse_alpha_avx2(_mm256_unpackhi_epi8(s, zero)));
  return _mm256_adds_epu8(s, _mm256_packus_epi16(d_lo, d_hi));
}

// The row's pixels eight at a time; returns how many it did (the rest are the caller's).
__attribute__((target("avx2"))) inline int over_row_avx2(std::uint8_t* dst, const std::uint8_t* src,
                                                         const std::int32_t* heights,
                                                         std::int32_t level, int w) {
  int x = 0;
  for (; x + 8 <= w; x += 8) {
    const __m256i s = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + 4 * x));
    const __m256i d = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(dst + 4 * x));
    __m256i out = over_avx2(s, d);
    if (heights != nullptr) {
      const __m256i reach =
          _mm256_cmpgt_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(heights + x)),
                             _mm256_set1_epi32(level - 1));
      out = _mm256_blendv_epi8(d, out, reach);
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 4 * x), out);
  }
  // Left dirty, the upper halves would slow every legacy SSE instruction after this (pixman's
  // and ours) on some CPUs; the compiler does not clear them before a tail call.
  _mm256_zeroupper();
  return x;
}

}  // namespace framecheck::detail

#endif
