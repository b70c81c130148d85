#include "grey_picture.hpp"

#include <cstring>

#include "grey_picture_avx2.hpp"

namespace framecheck {
namespace {

// One pixel's grey, as pixelmatch's drawGrayPixel computes it.
std::uint8_t grey_of(const std::uint8_t* p, double alpha) {
  const double val =
      255 + (p[0] * 0.29889531 + p[1] * 0.58662247 + p[2] * 0.11448223 - 255) * alpha * p[3] / 255;
  return static_cast<std::uint8_t>(static_cast<std::int64_t>(val) & 0xff);
}

// A grey as the picture stores it: an opaque RGBA pixel (kBytes 4) or the level alone (1).
template <int kBytes>
void store_grey(std::uint8_t* out, std::uint8_t grey) {
  if constexpr (kBytes == 4) {
    const std::uint32_t rgba = grey * 0x010101u | 0xff000000u;
    std::memcpy(out, &rgba, 4);
  } else {
    *out = grey;
  }
}

// The grey of the last pixel is kept: runs of one colour are the rule in rendered frames.
template <int kBytes>
void draw_scalar(const std::uint8_t* img, std::size_t begin, std::size_t end, double alpha,
                 std::uint8_t* out) {
  std::uint32_t last = 0;
  std::uint8_t grey = 0;
  bool have_last = false;
  for (std::size_t i = begin; i < end; ++i) {
    std::uint32_t w;
    std::memcpy(&w, img + 4 * i, 4);
    if (w != last || !have_last) {
      grey = grey_of(img + 4 * i, alpha);
      last = w;
      have_last = true;
    }
    store_grey<kBytes>(out + kBytes * (i - begin), grey);
  }
}

template <int kBytes>
void draw(SimdKernel kernel, const std::uint8_t* img, std::size_t begin, std::size_t end,
          double alpha, std::uint8_t* out) {
  std::size_t i = begin;
#ifdef FRAMECHECK_SIMD_X86
  if (kernel == SimdKernel::kAvx2 && alpha >= 0 && alpha <= 1)
    i = detail::draw_avx2<kBytes>(img, begin, end, alpha, out);
#endif
  (void)kernel;
  draw_scalar<kBytes>(img, i, end, alpha, out + kBytes * (i - begin));
}

}  // namespace

void draw_grey(SimdKernel kernel, const std::uint8_t* img, std::size_t begin, std::size_t end,
               double alpha, std::uint8_t* out) {
  draw<4>(kernel, img, begin, end, alpha, out + 4 * begin);
}

void draw_grey_levels(SimdKernel kernel, const std::uint8_t* img, std::size_t begin,
                      std::size_t end, double alpha, std::uint8_t* out) {
  draw<1>(kernel, img, begin, end, alpha, out);
}

}  // namespace framecheck
