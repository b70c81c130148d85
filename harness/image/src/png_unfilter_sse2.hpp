// PNG unfiltering's SSE2 kernels (the technique of libpng's own SSE2 filters), each the scalar
// reference's bytes (png_fast_path.cpp's unfilter). SSE2 is every x86-64's, so no probe.
#pragma once

#include <framecheck/simd/simd.hpp>

#ifdef FRAMECHECK_SIMD_X86
#include <emmintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace framecheck::detail {

// Four-byte pixels, one at a time in a vector register: the row's dependency runs pixel to
// pixel, so this is as parallel as unfiltering gets (the technique of libpng's own SSE2 filters).
inline __m128i load4(const unsigned char* p) {
  std::int32_t v;
  std::memcpy(&v, p, 4);
  return _mm_cvtsi32_si128(v);
}

inline void store4(unsigned char* p, __m128i v) {
  const std::int32_t out = _mm_cvtsi128_si32(v);
  std::memcpy(p, &out, 4);
}

inline void sub4(unsigned char* row, std::size_t n) {
  __m128i a = _mm_setzero_si128();
  for (std::size_t i = 0; i < n; i += 4) {
    a = _mm_add_epi8(a, load4(row + i));
    store4(row + i, a);
  }
}

// The left pixel is carried complemented, which makes the dependency two instructions long:
// floor((a + b) / 2) is ~avg(~a, ~b) (avg rounds up), so with na = ~a the next
// ~(x + ~avg(na, ~b)) is avg(na, ~b) - x, all modulo 256.
inline void avg4(unsigned char* row, const unsigned char* prior, std::size_t n) {
  const __m128i all = _mm_set1_epi8(-1);
  __m128i na = all;  // ~0: no pixel to the left
  for (std::size_t i = 0; i < n; i += 4) {
    const __m128i nb = _mm_xor_si128(load4(prior + i), all);
    na = _mm_sub_epi8(_mm_avg_epu8(na, nb), load4(row + i));
    store4(row + i, _mm_xor_si128(na, all));
  }
}

inline __m128i abs16(__m128i x) {
  return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x));
}

inline __m128i select(__m128i mask, __m128i yes, __m128i no) {
  return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

inline void paeth4(unsigned char* row, const unsigned char* prior, std::size_t n) {
  const __m128i zero = _mm_setzero_si128();
  __m128i a = zero, b = zero, c = zero, d = zero;  // left, above, above-left, this
  for (std::size_t i = 0; i < n; i += 4) {
    c = b;
    b = _mm_unpacklo_epi8(load4(prior + i), zero);
    a = d;
    d = _mm_unpacklo_epi8(load4(row + i), zero);
    // With p = a + b - c: |p - a| = |b - c|, |p - b| = |a - c|, |p - c| = |(b - c) + (a - c)|.
    __m128i pa = _mm_sub_epi16(b, c);
    __m128i pb = _mm_sub_epi16(a, c);
    __m128i pc = _mm_add_epi16(pa, pb);
    pa = abs16(pa);
    pb = abs16(pb);
    pc = abs16(pc);
    const __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
    const __m128i nearest =
        select(_mm_cmpeq_epi16(smallest, pa), a, select(_mm_cmpeq_epi16(smallest, pb), b, c));
    d = _mm_and_si128(_mm_add_epi8(d, nearest), _mm_set1_epi16(0xff));
    store4(row + i, _mm_packus_epi16(d, d));
  }
}

// Up: bytes are independent, sixteen at a time (the row and the one above never overlap);
// returns how many it did.
inline std::size_t up16(unsigned char* row, const unsigned char* prior, std::size_t n) {
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i up = _mm_loadu_si128(reinterpret_cast<const __m128i*>(prior + i));
    __m128i* at = reinterpret_cast<__m128i*>(row + i);
    _mm_storeu_si128(at, _mm_add_epi8(_mm_loadu_si128(at), up));
  }
  return i;
}

}  // namespace framecheck::detail

#endif
