#include "grey_picture.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "simd_kernels.hpp"
#include "test_pictures.hpp"

namespace framecheck {
namespace {

// pixelmatch 7.2.0's drawGrayPixel, as its JavaScript reads: the oracle.
std::uint8_t reference_grey(const std::uint8_t* p, double alpha) {
  const double y = p[0] * 0.29889531 + p[1] * 0.58662247 + p[2] * 0.11448223;
  const double val = 255 + (y - 255) * alpha * p[3] / 255;
  return static_cast<std::uint8_t>(static_cast<std::int64_t>(val) & 0xff);
}

class GreyKernels : public ::testing::TestWithParam<SimdKernel> {
 protected:
  void SetUp() override { FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(GetParam()); }
};

void expect_reference(SimdKernel kernel, const std::vector<std::uint8_t>& img, double alpha) {
  const std::size_t n = img.size() / 4;
  // Every start and length near a vector's width, over the first pixels; then the whole range.
  const std::size_t few = std::min<std::size_t>(n, 16);
  for (std::size_t begin = 0; begin < 5 && begin < few; ++begin) {
    for (std::size_t end = begin; end <= few && end < begin + 11; ++end) {
      std::vector<std::uint8_t> out(4 * few, 7);
      draw_grey(kernel, img.data(), begin, end, alpha, out.data());
      for (std::size_t i = 0; i < few; ++i) {
        const bool drawn = i >= begin && i < end;
        const std::uint8_t g = reference_grey(img.data() + 4 * i, alpha);
        ASSERT_EQ(out[4 * i], drawn ? g : 7)
            << alpha << " pixel " << i << " of " << begin << ".." << end;
        ASSERT_EQ(out[4 * i + 1], drawn ? g : 7);
        ASSERT_EQ(out[4 * i + 2], drawn ? g : 7);
        ASSERT_EQ(out[4 * i + 3], drawn ? 255 : 7);
      }
    }
  }
  std::vector<std::uint8_t> out(img.size());
  draw_grey(kernel, img.data(), 0, n, alpha, out.data());
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[4 * i], reference_grey(img.data() + 4 * i, alpha)) << alpha << " pixel " << i;
  // The levels alone, from the first byte of their output whatever the first pixel.
  for (std::size_t begin : {std::size_t{0}, std::size_t{3}}) {
    if (begin > n) continue;
    std::vector<std::uint8_t> levels(n - begin + 1, 7);
    draw_grey_levels(kernel, img.data(), begin, n, alpha, levels.data());
    for (std::size_t i = begin; i < n; ++i) {
      ASSERT_EQ(levels[i - begin], reference_grey(img.data() + 4 * i, alpha))
          << alpha << " level of pixel " << i << " from " << begin;
    }
    ASSERT_EQ(levels.back(), 7) << "a level past the end";
  }
}

TEST_P(GreyKernels, EveryPixelIsPixelmatchsGreyForEveryFade) {
  std::vector<std::uint8_t> img;
  testing::Xorshift rng(17);
  for (int i = 0; i < 200000; ++i) {
    for (int c = 0; c < 4; ++c)
      img.push_back(static_cast<std::uint8_t>(rng.next()));
  }
  // The extremes of every channel, and translucency at its edges.
  for (int v : {0, 1, 127, 128, 254, 255}) {
    for (int a : {0, 1, 128, 254, 255})
      img.insert(img.end(), {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(255 - v),
                             static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(a)});
  }
  for (double alpha : {0.0, 0.1, 0.25, 0.5, 0.999, 1.0})
    expect_reference(GetParam(), img, alpha);
}

// Rendered frames repeat pixels, and a block of pixels equal to the block before reuses its
// greys: runs of every length, some broken by one pixel in any place of a block.
TEST_P(GreyKernels, RunsOfOneColourKeepEveryPixelsOwnGrey) {
  std::vector<std::uint8_t> img;
  testing::Xorshift rng(5);
  std::uint8_t px[4] = {0, 0, 0, 255};
  while (img.size() < 4 * 60000) {
    for (int c = 0; c < 4; ++c)
      px[c] = static_cast<std::uint8_t>(rng.next());
    const int run = 1 + static_cast<int>(rng.next() % 13);
    for (int k = 0; k < run; ++k)
      img.insert(img.end(), px, px + 4);
    if (rng.next() % 3 == 0) img[img.size() - 4 * (1 + rng.next() % run) + 1] ^= 1;
  }
  for (double alpha : {0.1, 0.75})
    expect_reference(GetParam(), img, alpha);
}

TEST_P(GreyKernels, AFadeOutside0To1IsStoredAsJavaScriptStoresIt) {
  const auto img = testing::make_picture(testing::Picture::kGrain, 61, 7, 3);
  for (double alpha : {-0.5, 1.5, 7.0})
    expect_reference(GetParam(), img, alpha);
}

INSTANTIATE_TEST_SUITE_P(Kernels, GreyKernels, framecheck::testing::every_simd_kernel(),
                         framecheck::testing::simd_kernel_test_name);

}  // namespace
}  // namespace framecheck
