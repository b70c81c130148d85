// pixelmatch's colour delta's AVX2 kernel: four opaque pixels a step, the scalar code's IEEE
// operations in its order (pixelmatch_colour.hpp, the scalar reference), so each delta is the
// scalar one to the bit.
#pragma once

#include <framecheck/simd/simd.hpp>

#ifdef FRAMECHECK_SIMD_X86
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "colour_deltas.hpp"

namespace framecheck::detail {

// One channel's difference of four pixels as doubles: bytes to int32, subtracted, converted;
// exact, as the scalar code's difference of two doubles holding bytes is.
[[gnu::always_inline, gnu::target("avx2")]] inline __m256d channel(__m128i a, __m128i b,
                                                                   int shift) {
  const __m128i byte = _mm_set1_epi32(0xff);
  return _mm256_cvtepi32_pd(_mm_sub_epi32(_mm_and_si128(_mm_srli_epi32(a, shift), byte),
                                          _mm_and_si128(_mm_srli_epi32(b, shift), byte)));
}

__attribute__((target("avx2"))) inline DeltaBlock deltas_avx2(const std::uint8_t* img1,
                                                              const std::uint8_t* img2,
                                                              std::size_t i, std::size_t n,
                                                              double max_delta) {
  const __m128i opaque = _mm_set1_epi32(static_cast<int>(0xff000000u));
  const __m256d sign = _mm256_set1_pd(-0.0), most = _mm256_set1_pd(max_delta);
  DeltaBlock block;
  std::size_t& done = block.pixels;
  for (; done + 4 <= n; done += 4) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(img1 + 4 * (i + done)));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(img2 + 4 * (i + done)));
    const __m128i alpha = _mm_and_si128(_mm_and_si128(a, b), opaque);
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(alpha, opaque)) != 0xffff) break;
    const __m256d dr = channel(a, b, 0), dg = channel(a, b, 8), db = channel(a, b, 16);
    // colorDelta's expressions, left to right, as JavaScript evaluates them.
    const __m256d y = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(dr, _mm256_set1_pd(0.29889531)),
                                                  _mm256_mul_pd(dg, _mm256_set1_pd(0.58662247))),
                                    _mm256_mul_pd(db, _mm256_set1_pd(0.11448223)));
    const __m256d in_phase =
        _mm256_sub_pd(_mm256_sub_pd(_mm256_mul_pd(dr, _mm256_set1_pd(0.59597799)),
                                    _mm256_mul_pd(dg, _mm256_set1_pd(0.27417610))),
                      _mm256_mul_pd(db, _mm256_set1_pd(0.32180189)));
    const __m256d quadrature =
        _mm256_add_pd(_mm256_sub_pd(_mm256_mul_pd(dr, _mm256_set1_pd(0.21147017)),
                                    _mm256_mul_pd(dg, _mm256_set1_pd(0.52261711))),
                      _mm256_mul_pd(db, _mm256_set1_pd(0.31114694)));
    const __m256d delta = _mm256_add_pd(
        _mm256_add_pd(_mm256_mul_pd(_mm256_mul_pd(_mm256_set1_pd(0.5053), y), y),
                      _mm256_mul_pd(_mm256_mul_pd(_mm256_set1_pd(0.299), in_phase), in_phase)),
        _mm256_mul_pd(_mm256_mul_pd(_mm256_set1_pd(0.1957), quadrature), quadrature));
    // |delta| > max_delta; and delta < 0, which is y > 0 (colorDelta returns -delta there) for
    // a delta over any threshold, as it is not zero.
    const __m256d over = _mm256_cmp_pd(_mm256_andnot_pd(sign, delta), most, _CMP_GT_OQ);
    const __m256d darker = _mm256_cmp_pd(y, _mm256_setzero_pd(), _CMP_GT_OQ);
    block.over |= static_cast<std::uint32_t>(_mm256_movemask_pd(over)) << done;
    block.darker |= static_cast<std::uint32_t>(_mm256_movemask_pd(_mm256_and_pd(over, darker)))
                    << done;
  }
  _mm256_zeroupper();
  return block;
}

}  // namespace framecheck::detail

#endif
