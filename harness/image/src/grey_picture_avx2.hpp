// The faded grey's AVX2 kernel: four pixels a step, pixelmatch's drawGrayPixel arithmetic in
// its order, bit for bit the scalar reference's (grey_picture.cpp).
#pragma once

#include <framecheck/simd/simd.hpp>

#ifdef FRAMECHECK_SIMD_X86
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace framecheck::detail {

// Four pixels a step, returning the first it did not draw (the rest are the scalar
// reference's): bytes to int32 to doubles (exact), grey_of's operations in its order, and
// truncation toward zero (in 0..255 for an alpha in 0..1, where int32 and int64 agree). Four
// pixels equal to the four before (a rendered frame's flat areas) reuse their greys.
template <int kBytes>
__attribute__((target("avx2"))) inline std::size_t draw_avx2(const std::uint8_t* img,
                                                             std::size_t begin, std::size_t end,
                                                             double alpha, std::uint8_t* out) {
  const __m256d kr = _mm256_set1_pd(0.29889531), kg = _mm256_set1_pd(0.58662247),
                kb = _mm256_set1_pd(0.11448223), k255 = _mm256_set1_pd(255),
                fade = _mm256_set1_pd(alpha);
  const __m128i byte = _mm_set1_epi32(0xff);
  __m128i last = _mm_setzero_si128(), stored = _mm_setzero_si128();
  bool have_last = false;
  std::size_t i = begin;
  for (; i + 4 <= end; i += 4) {
    const __m128i px = _mm_loadu_si128(reinterpret_cast<const __m128i*>(img + 4 * i));
    if (!have_last || _mm_movemask_epi8(_mm_cmpeq_epi8(px, last)) != 0xffff) {
      const __m256d r = _mm256_cvtepi32_pd(_mm_and_si128(px, byte));
      const __m256d g = _mm256_cvtepi32_pd(_mm_and_si128(_mm_srli_epi32(px, 8), byte));
      const __m256d b = _mm256_cvtepi32_pd(_mm_and_si128(_mm_srli_epi32(px, 16), byte));
      const __m256d a = _mm256_cvtepi32_pd(_mm_srli_epi32(px, 24));
      const __m256d y = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(r, kr), _mm256_mul_pd(g, kg)),
                                      _mm256_mul_pd(b, kb));
      const __m256d faded =
          _mm256_div_pd(_mm256_mul_pd(_mm256_mul_pd(_mm256_sub_pd(y, k255), fade), a), k255);
      const __m128i grey = _mm256_cvttpd_epi32(_mm256_add_pd(k255, faded));
      if constexpr (kBytes == 4) {
        stored = _mm_or_si128(_mm_mullo_epi32(grey, _mm_set1_epi32(0x010101)),
                              _mm_set1_epi32(static_cast<int>(0xff000000u)));
      } else {
        stored = _mm_packus_epi16(_mm_packus_epi32(grey, grey), grey);
      }
      last = px;
      have_last = true;
    }
    if constexpr (kBytes == 4) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 4 * (i - begin)), stored);
    } else {
      const int levels = _mm_cvtsi128_si32(stored);
      std::memcpy(out + (i - begin), &levels, 4);
    }
  }
  _mm256_zeroupper();
  return i;
}

}  // namespace framecheck::detail

#endif
