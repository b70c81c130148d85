#include "pixel_over.hpp"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) || defined(_M_X64)
#define FRAMECHECK_OVER_X86 1
#include <immintrin.h>
#endif

namespace framecheck {
namespace {

std::uint32_t over_pixel(std::uint32_t s, std::uint32_t d) {
  const std::uint32_t inverse_alpha = 255 - (s >> 24);
  std::uint32_t out = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    const std::uint32_t t = ((d >> shift) & 0xff) * inverse_alpha + 0x80;
    const std::uint32_t sum = ((s >> shift) & 0xff) + ((t + (t >> 8)) >> 8);
    out |= (sum > 255 ? 255 : sum) << shift;
  }
  return out;
}

// A row of OVER: each pixel x of dst gets src's pixel x composited over it, or, given heights,
// only those whose height reaches `level` (a row of bars; the rest stay as they are).
void over_row_scalar(std::uint8_t* dst, const std::uint8_t* src, const std::int32_t* heights,
                     std::int32_t level, int w) {
  for (int x = 0; x < w; ++x) {
    if (heights != nullptr && heights[x] < level) continue;
    std::uint32_t s;
    std::uint32_t d;
    std::memcpy(&s, src + 4 * x, 4);
    std::memcpy(&d, dst + 4 * x, 4);
    d = over_pixel(s, d);
    std::memcpy(dst + 4 * x, &d, 4);
  }
}

#ifdef FRAMECHECK_OVER_X86

// Eight 16-bit lanes, each an 8-bit value: mul_un8 of d and a, as pixman computes it.
__m128i mul_un8_sse2(__m128i d, __m128i a) {
  const __m128i t = _mm_adds_epu16(_mm_mullo_epi16(d, a), _mm_set1_epi16(0x80));
  return _mm_mulhi_epu16(t, _mm_set1_epi16(0x101));
}

// Two pixels widened to 16-bit lanes: each lane becomes 255 minus its pixel's alpha.
__m128i inverse_alpha_sse2(__m128i s) {
  const __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xff), 0xff);
  return _mm_xor_si128(a, _mm_set1_epi16(0xff));
}

// Four pixels of s over four of d.
__m128i over_sse2(__m128i s, __m128i d) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i d_lo =
      mul_un8_sse2(_mm_unpacklo_epi8(d, zero), inverse_alpha_sse2(_mm_unpacklo_epi8(s, zero)));
  const __m128i d_hi =
      mul_un8_sse2(_mm_unpackhi_epi8(d, zero), inverse_alpha_sse2(_mm_unpackhi_epi8(s, zero)));
  return _mm_adds_epu8(s, _mm_packus_epi16(d_lo, d_hi));
}

void over_row_sse2(std::uint8_t* dst, const std::uint8_t* src, const std::int32_t* heights,
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
  over_row_scalar(dst + 4 * x, src + 4 * x, heights == nullptr ? nullptr : heights + x, level,
                  w - x);
}

__attribute__((target("avx2"))) __m256i mul_un8_avx2(__m256i d, __m256i a) {
  const __m256i t = _mm256_adds_epu16(_mm256_mullo_epi16(d, a), _mm256_set1_epi16(0x80));
  return _mm256_mulhi_epu16(t, _mm256_set1_epi16(0x101));
}

__attribute__((target("avx2"))) __m256i inverse_alpha_avx2(__m256i s) {
  const __m256i a = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xff), 0xff);
  return _mm256_xor_si256(a, _mm256_set1_epi16(0xff));
}

// Eight pixels of s over eight of d. The unpacks work within each 128-bit lane and the pack
// undoes them the same way, so the pixels come back in their order.
__attribute__((target("avx2"))) __m256i over_avx2(__m256i s, __m256i d) {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i d_lo = mul_un8_avx2(_mm256_unpacklo_epi8(d, zero),
                                    inverse_alpha_avx2(_mm256_unpacklo_epi8(s, zero)));
  const __m256i d_hi = mul_un8_avx2(_mm256_unpackhi_epi8(d, zero),
                                    inverse_alpha_avx2(_mm256_unpackhi_epi8(s, zero)));
  return _mm256_adds_epu8(s, _mm256_packus_epi16(d_lo, d_hi));
}

__attribute__((target("avx2"))) void over_row_avx2(std::uint8_t* dst, const std::uint8_t* src,
                                                   const std::int32_t* heights, std::int32_t level,
                                                   int w) {
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
  over_row_sse2(dst + 4 * x, src + 4 * x, heights == nullptr ? nullptr : heights + x, level, w - x);
}

#endif

using RowFunction = void (*)(std::uint8_t*, const std::uint8_t*, const std::int32_t*, std::int32_t,
                             int);

RowFunction row_function(OverKernel kernel) {
#ifdef FRAMECHECK_OVER_X86
  if (kernel == OverKernel::kAvx2) return over_row_avx2;
  if (kernel == OverKernel::kSse2) return over_row_sse2;
#endif
  return over_row_scalar;
}

OverKernel best_kernel() {
#ifdef FRAMECHECK_OVER_X86
  return __builtin_cpu_supports("avx2") ? OverKernel::kAvx2 : OverKernel::kSse2;
#else
  return OverKernel::kScalar;
#endif
}

}  // namespace

bool over_kernel_available(OverKernel kernel) {
  switch (kernel) {
    case OverKernel::kScalar:
      return true;
    case OverKernel::kSse2:
      return best_kernel() != OverKernel::kScalar;
    case OverKernel::kAvx2:
      return best_kernel() == OverKernel::kAvx2;
  }
  return false;
}

void composite_over_with(OverKernel kernel, PixelRows dst, const std::uint8_t* src, int src_stride,
                         int w, int h) {
  const RowFunction row = row_function(kernel);
  for (int y = 0; y < h; ++y)
    row(dst.data + static_cast<std::ptrdiff_t>(y) * dst.stride,
        src + static_cast<std::ptrdiff_t>(y) * src_stride, nullptr, 0, w);
}

void composite_bars_with(OverKernel kernel, PixelRows dst, const std::uint32_t* colours,
                         const std::int32_t* heights, int w, int h) {
  const RowFunction row = row_function(kernel);
  const std::int32_t tallest = w == 0 ? 0 : std::min(h, *std::max_element(heights, heights + w));
  for (int y = h - tallest; y < h; ++y)
    row(dst.data + static_cast<std::ptrdiff_t>(y) * dst.stride,
        reinterpret_cast<const std::uint8_t*>(colours), heights, h - y, w);
}

void composite_over(PixelRows dst, const std::uint8_t* src, int src_stride, int w, int h) {
  static const OverKernel kernel = best_kernel();
  composite_over_with(kernel, dst, src, src_stride, w, h);
}

void composite_bars(PixelRows dst, const std::uint32_t* colours, const std::int32_t* heights, int w,
                    int h) {
  static const OverKernel kernel = best_kernel();
  composite_bars_with(kernel, dst, colours, heights, w, h);
}

}  // namespace framecheck
