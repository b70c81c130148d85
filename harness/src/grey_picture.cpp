#include "grey_picture.hpp"

#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#define FRAMECHECK_GREY_AVX2 1
#include <immintrin.h>
#endif

namespace framecheck {
namespace {

// One pixel's grey, as pixelmatch's drawGrayPixel computes it.
std::uint8_t grey_of(const std::uint8_t* p, double alpha) {
  const double val =
      255 + (p[0] * 0.29889531 + p[1] * 0.58662247 + p[2] * 0.11448223 - 255) * alpha * p[3] / 255;
  return static_cast<std::uint8_t>(static_cast<std::int64_t>(val) & 0xff);
}

// The grey of the last pixel is kept: runs of one colour are the rule in rendered frames.
void draw_grey_portable(const std::uint8_t* img, std::size_t begin, std::size_t end, double alpha,
                        std::uint8_t* out) {
  std::uint32_t last = 0, grey = 0;
  bool have_last = false;
  for (std::size_t i = begin; i < end; ++i) {
    std::uint32_t w;
    std::memcpy(&w, img + 4 * i, 4);
    if (w != last || !have_last) {
      grey = grey_of(img + 4 * i, alpha) * 0x010101u | 0xff000000u;
      last = w;
      have_last = true;
    }
    std::memcpy(out + 4 * i, &grey, 4);
  }
}

#ifdef FRAMECHECK_GREY_AVX2
// Four pixels a step: bytes to int32 to doubles (exact), grey_of's operations in its order, and
// truncation toward zero (in 0..255 for an alpha in 0..1, where int32 and int64 agree).
__attribute__((target("avx2"))) void draw_grey_avx2(const std::uint8_t* img, std::size_t begin,
                                                    std::size_t end, double alpha,
                                                    std::uint8_t* out) {
  const __m256d kr = _mm256_set1_pd(0.29889531), kg = _mm256_set1_pd(0.58662247),
                kb = _mm256_set1_pd(0.11448223), k255 = _mm256_set1_pd(255),
                fade = _mm256_set1_pd(alpha);
  const __m128i byte = _mm_set1_epi32(0xff);
  std::size_t i = begin;
  for (; i + 4 <= end; i += 4) {
    const __m128i px = _mm_loadu_si128(reinterpret_cast<const __m128i*>(img + 4 * i));
    const __m256d r = _mm256_cvtepi32_pd(_mm_and_si128(px, byte));
    const __m256d g = _mm256_cvtepi32_pd(_mm_and_si128(_mm_srli_epi32(px, 8), byte));
    const __m256d b = _mm256_cvtepi32_pd(_mm_and_si128(_mm_srli_epi32(px, 16), byte));
    const __m256d a = _mm256_cvtepi32_pd(_mm_srli_epi32(px, 24));
    const __m256d y = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(r, kr), _mm256_mul_pd(g, kg)),
                                    _mm256_mul_pd(b, kb));
    const __m256d faded =
        _mm256_div_pd(_mm256_mul_pd(_mm256_mul_pd(_mm256_sub_pd(y, k255), fade), a), k255);
    const __m128i grey = _mm256_cvttpd_epi32(_mm256_add_pd(k255, faded));
    const __m128i rgba = _mm_or_si128(_mm_mullo_epi32(grey, _mm_set1_epi32(0x010101)),
                                      _mm_set1_epi32(static_cast<int>(0xff000000u)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 4 * i), rgba);
  }
  _mm256_zeroupper();
  draw_grey_portable(img, i, end, alpha, out);
}
#endif

}  // namespace

void draw_grey(VectorKernel kernel, const std::uint8_t* img, std::size_t begin, std::size_t end,
               double alpha, std::uint8_t* out) {
#ifdef FRAMECHECK_GREY_AVX2
  if (kernel == VectorKernel::kAvx2 && alpha >= 0 && alpha <= 1)
    return draw_grey_avx2(img, begin, end, alpha, out);
#endif
  (void)kernel;
  draw_grey_portable(img, begin, end, alpha, out);
}

}  // namespace framecheck
