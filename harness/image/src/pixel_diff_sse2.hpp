// The main loop's SSE2 kernel: the next differing pixel, four pixels (sixteen bytes) a step.
#pragma once

#include <framecheck/simd/simd.hpp>

#ifdef FRAMECHECK_SIMD_X86
#include <emmintrin.h>

#include <cstddef>
#include <cstdint>

namespace framecheck::detail {

// The first block of four pixels from i (i itself, then every fourth) holding a difference, and
// in it the first differing pixel; or the first i from which fewer than four are left.
inline std::size_t next_difference_sse2(const std::uint8_t* img1, const std::uint8_t* img2,
                                        std::size_t i, std::size_t end) {
  for (; i + 4 <= end; i += 4) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(img1 + 4 * i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(img2 + 4 * i));
    const unsigned equal = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)));
    if (equal != 0xffff) return i + static_cast<std::size_t>(__builtin_ctz(~equal)) / 4;
  }
  return i;
}

}  // namespace framecheck::detail

#endif
