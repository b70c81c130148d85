#include "antialiasing.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "pixelmatch_colour.hpp"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#define FRAMECHECK_AA_AVX2 1
#include <immintrin.h>
#endif

namespace framecheck {
namespace {

using pixelmatch::brightness_delta;
using pixelmatch::word;

// What the detector learns from a pixel's eight neighbours' brightness deltas.
struct Slopes {
  int zeroes = 0;           // neighbours as bright as the centre, plus one at an image edge
  double min = 0, max = 0;  // the darkest and the lightest delta; 0 when there is none
  int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
};

// The neighbours in pixelmatch's order (x outer, y inner), as offsets from the centre.
constexpr int kDx[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
constexpr int kDy[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

// Set bits in a mask of at most four; a table, as a popcount without the instruction is a call.
constexpr int kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

// has_many_siblings, inlined into the detector.
[[gnu::always_inline]] inline bool many_siblings(const std::uint8_t* img, int x1, int y1, int width,
                                                 int height) {
#ifdef __SSE2__
  // Away from the edges (and with a fourth word to spare on the right), each row's three
  // neighbours are compared at once; the count is the same, so is the answer.
  if (x1 > 0 && y1 > 0 && y1 + 1 < height && x1 + 2 < width) {
    const __m128i centre =
        _mm_set1_epi32(static_cast<int>(word(img, static_cast<std::size_t>(y1) * width + x1)));
    const auto row = [&](int y) {
      const std::uint8_t* p = img + (static_cast<std::size_t>(y) * width + x1 - 1) * 4;
      return _mm_movemask_ps(_mm_castsi128_ps(
          _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), centre)));
    };
    return kBits[row(y1 - 1) & 7] + kBits[row(y1) & 5] + kBits[row(y1 + 1) & 7] > 2;
  }
#endif
  const int x0 = std::max(x1 - 1, 0), y0 = std::max(y1 - 1, 0);
  const int x2 = std::min(x1 + 1, width - 1), y2 = std::min(y1 + 1, height - 1);
  const std::uint32_t val = word(img, static_cast<std::size_t>(y1) * width + x1);
  int zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0;
  for (int x = x0; x <= x2; ++x) {
    for (int y = y0; y <= y2; ++y) {
      if (x == x1 && y == y1) continue;
      zeroes += val == word(img, static_cast<std::size_t>(y) * width + x);
      if (zeroes > 2) return true;
    }
  }
  return false;
}

// pixelmatch's loop over the neighbours, for any pixel and any alpha; it stops at a third zero.
void scan_slopes(const std::uint8_t* img, int x1, int y1, int width, int height, bool checkerboard,
                 Slopes& s) {
  const int x0 = std::max(x1 - 1, 0), y0 = std::max(y1 - 1, 0);
  const int x2 = std::min(x1 + 1, width - 1), y2 = std::min(y1 + 1, height - 1);
  const std::size_t pos4 = (static_cast<std::size_t>(y1) * width + x1) * 4;
  s.zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0;
  for (int x = x0; x <= x2; ++x) {
    for (int y = y0; y <= y2; ++y) {
      if (x == x1 && y == y1) continue;
      const double delta =
          brightness_delta(img, pos4, (static_cast<std::size_t>(y) * width + x) * 4, checkerboard);
      if (delta == 0) {
        if (++s.zeroes > 2) return;
      } else if (delta < s.min) {
        s.min = delta;
        s.min_x = x;
        s.min_y = y;
      } else if (delta > s.max) {
        s.max = delta;
        s.max_x = x;
        s.max_y = y;
      }
    }
  }
}

#ifdef __SSE2__
// The same for an interior pixel whose 3x3 block is opaque, two deltas at a time: each is the
// same IEEE arithmetic as brightness_delta in the same order, so identical bit for bit. Then the
// loop without its branches: a delta below the minimum is negative and one above the maximum
// positive, so at most one of them moves, ties keep the first, and a third zero means "not
// anti-aliased" wherever it comes. False when the block is not opaque.
bool opaque_slopes_sse2(const std::uint8_t* img, int x1, int y1, int width, Slopes& s) {
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
#endif

#ifdef FRAMECHECK_AA_AVX2
#define FRAMECHECK_AVX2 __attribute__((target("avx2,popcnt,bmi")))

// One colour channel's differences, centre minus neighbour, as eight int32 (exact).
FRAMECHECK_AVX2 __m256i channel_delta(__m256i centre, __m256i neighbours, int shift) {
  const __m256i byte = _mm256_set1_epi32(0xff);
  return _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(centre, shift), byte),
                          _mm256_and_si256(_mm256_srli_epi32(neighbours, shift), byte));
}

// brightness_delta's last line for four neighbours: the same three products and two sums.
FRAMECHECK_AVX2 __m256d brightness(__m128i dr, __m128i dg, __m128i db) {
  const __m256d r = _mm256_mul_pd(_mm256_cvtepi32_pd(dr), _mm256_set1_pd(0.29889531));
  const __m256d g = _mm256_mul_pd(_mm256_cvtepi32_pd(dg), _mm256_set1_pd(0.58662247));
  const __m256d b = _mm256_mul_pd(_mm256_cvtepi32_pd(db), _mm256_set1_pd(0.11448223));
  return _mm256_add_pd(_mm256_add_pd(r, g), b);
}

// The eight lanes' bits of a comparison over two halves, neighbour k at bit k.
FRAMECHECK_AVX2 int lanes_where(__m256d lo, __m256d hi, __m256d value) {
  return _mm256_movemask_pd(_mm256_cmp_pd(lo, value, _CMP_EQ_OQ)) |
         _mm256_movemask_pd(_mm256_cmp_pd(hi, value, _CMP_EQ_OQ)) << 4;
}

// The eight neighbours of the pixel at c (rows `row` bytes apart) as words, in pixelmatch's
// order. With a fourth column to spare on the right, from three row loads put in order by two
// permutes and a blend (the words stored one by one and loaded as a vector would stall the load).
FRAMECHECK_AVX2 __m256i neighbours_in_order(const std::uint8_t* c, std::ptrdiff_t row,
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

// opaque_slopes_sse2 with all eight deltas in two registers and no loop: the darkest delta is
// the minimum of the eight and zero, the first neighbour holding it is where pixelmatch's
// strict "<" leaves it, and likewise the lightest.
FRAMECHECK_AVX2 bool opaque_slopes_avx2(const std::uint8_t* img, int x1, int y1, int width,
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
#endif

// The interior, opaque case with `kernel`; false when the block is not opaque (or no vector
// implementation is built), for the portable loop to answer.
bool opaque_slopes(VectorKernel kernel, const std::uint8_t* img, int x1, int y1, int width,
                   Slopes& s) {
#ifdef FRAMECHECK_AA_AVX2
  if (kernel == VectorKernel::kAvx2) return opaque_slopes_avx2(img, x1, y1, width, s);
#endif
  (void)kernel;
#ifdef __SSE2__
  return opaque_slopes_sse2(img, x1, y1, width, s);
#else
  (void)img, (void)x1, (void)y1, (void)width, (void)s;
  return false;
#endif
}

}  // namespace

bool has_many_siblings(const std::uint8_t* img, int x, int y, int width, int height) {
  return many_siblings(img, x, y, width, height);
}

// `in_a_run`: whether the last pixel on this image was answered by three zero deltas, which in
// practice are three neighbours of its own colour. Then this one likely has them too (rendered
// frames are runs of one colour), and three integer compares of whole rows find them without
// the deltas: three such neighbours are three zero deltas, so the answer is the same. On grainy
// content the hint stays off and costs one branch.
bool antialiased(VectorKernel kernel, const std::uint8_t* img, int x1, int y1, int width,
                 int height, const std::uint8_t* a, const std::uint8_t* b, bool checkerboard,
                 bool& in_a_run) {
  if (in_a_run && many_siblings(img, x1, y1, width, height)) return false;
  in_a_run = false;
  Slopes s;
  const bool interior = x1 > 0 && y1 > 0 && x1 + 1 < width && y1 + 1 < height;
  if (!interior || !opaque_slopes(kernel, img, x1, y1, width, s))
    scan_slopes(img, x1, y1, width, height, checkerboard, s);
  if (s.zeroes > 2) {
    in_a_run = true;  // most likely three neighbours of the centre's own colour
    return false;
  }
  // Without both a darker and a lighter neighbour it is not anti-aliasing; with them, it is when
  // either of those has three or more siblings of its colour in both images.
  if (s.min == 0 || s.max == 0) return false;
  return (many_siblings(a, s.min_x, s.min_y, width, height) &&
          many_siblings(b, s.min_x, s.min_y, width, height)) ||
         (many_siblings(a, s.max_x, s.max_y, width, height) &&
          many_siblings(b, s.max_x, s.max_y, width, height));
}

}  // namespace framecheck
