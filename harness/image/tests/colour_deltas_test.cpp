#include "colour_deltas.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "pixelmatch_colour.hpp"
#include "simd_kernels.hpp"
#include "test_pictures.hpp"

namespace framecheck {
namespace {

class DeltaKernels : public ::testing::TestWithParam<SimdKernel> {
 protected:
  void SetUp() override { FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(GetParam()); }
};

// Two images of opaque pixels: the second near the first (a step of a few levels), far from it,
// or the same, in runs, with the channels' extremes among them.
struct Pair {
  std::vector<std::uint8_t> a, b;
};

Pair opaque_pair(std::size_t pixels, std::uint32_t seed) {
  testing::Xorshift rng(seed);
  Pair p;
  for (std::size_t i = 0; i < pixels; ++i) {
    const int kind = rng.below(4);
    for (int c = 0; c < 3; ++c) {
      const auto v = static_cast<std::uint8_t>(rng.below(5) == 0 ? 255 * rng.below(2) : rng.next());
      const int step = rng.below(9) - 4;
      const std::uint8_t w = kind == 0   ? v
                             : kind == 1 ? static_cast<std::uint8_t>(std::clamp(v + step, 0, 255))
                                         : static_cast<std::uint8_t>(rng.next());
      p.a.push_back(v);
      p.b.push_back(w);
    }
    p.a.push_back(255);
    p.b.push_back(255);
  }
  return p;
}

// Every block judged as the scalar colour delta judges each of its pixels: over the threshold
// and darker, bit for bit, at every threshold and every block length.
TEST_P(DeltaKernels, EveryBlockIsJudgedAsTheScalarDeltaJudgesEachPixel) {
  const Pair p = opaque_pair(40000, 11);
  const std::size_t pixels = p.a.size() / 4;
  int over_count = 0, under_count = 0;
  for (double threshold : {0.0, 0.02, 0.05, 0.1, 0.3, 1.0}) {
    const double max_delta = 35215 * threshold * threshold;
    for (std::size_t i = 0; i + kDeltaBlock <= pixels; i += 7) {
      const std::size_t n = i % (kDeltaBlock + 1);
      const DeltaBlock block =
          opaque_deltas_over(GetParam(), p.a.data(), p.b.data(), i, n, max_delta);
      if (GetParam() != SimdKernel::kAvx2) {
        ASSERT_EQ(block.pixels, 0u) << "the scalar and SSE2 kernels leave every pixel to the "
                                       "scalar reference";
        continue;
      }
      ASSERT_EQ(block.pixels, n / 4 * 4) << i;
      for (std::size_t k = 0; k < block.pixels; ++k) {
        const double delta = pixelmatch::color_delta(p.a.data(), p.b.data(), 4 * (i + k), true);
        const bool over = std::fabs(delta) > max_delta;
        ASSERT_EQ((block.over >> k & 1) != 0, over) << threshold << " pixel " << i + k;
        ASSERT_EQ((block.darker >> k & 1) != 0, over && delta < 0)
            << threshold << " pixel " << i + k;
        (over ? over_count : under_count) += 1;
      }
      ASSERT_EQ(block.over >> block.pixels, 0u) << "no bit past the block";
    }
  }
  if (GetParam() == SimdKernel::kAvx2) {  // both answers, many times
    EXPECT_GT(over_count, 50000);
    EXPECT_GT(under_count, 50000);
  }
}

// A threshold at a pixel's own scalar delta, and one a last bit under it: the block must say
// "not over" and "over", which it can only do with the same delta to the last bit.
TEST(DeltaKernelAvx2, AThresholdAtEachPixelsOwnDeltaTellsItsLastBit) {
  if (!detail::simd_kernel_available(SimdKernel::kAvx2)) GTEST_SKIP() << "this CPU lacks AVX2";
  const Pair p = opaque_pair(20000, 23);
  int checked = 0;
  for (std::size_t i = 0; i + 4 <= p.a.size() / 4; i += 4) {
    for (std::size_t k = 0; k < 4; ++k) {
      const double delta = pixelmatch::color_delta(p.a.data(), p.b.data(), 4 * (i + k), true);
      if (delta == 0) continue;
      const double at = std::fabs(delta), under = std::nextafter(at, 0.0);
      const DeltaBlock equal =
          opaque_deltas_over(SimdKernel::kAvx2, p.a.data(), p.b.data(), i, 4, at);
      const DeltaBlock over =
          opaque_deltas_over(SimdKernel::kAvx2, p.a.data(), p.b.data(), i, 4, under);
      ASSERT_EQ(equal.over >> k & 1, 0u) << "pixel " << i + k << " delta " << delta;
      ASSERT_EQ(over.over >> k & 1, 1u) << "pixel " << i + k << " delta " << delta;
      ASSERT_EQ(over.darker >> k & 1, delta < 0 ? 1u : 0u) << "pixel " << i + k;
      ++checked;
    }
  }
  EXPECT_GT(checked, 10000);
}

// A translucent pixel in either image (blended over a background that depends on where it is)
// stops the block before its four, and leaves them to the scalar code.
TEST(DeltaKernelAvx2, ABlockStopsBeforeFourPixelsWithATranslucentOne) {
  if (!detail::simd_kernel_available(SimdKernel::kAvx2)) GTEST_SKIP() << "this CPU lacks AVX2";
  for (std::size_t at = 0; at < kDeltaBlock; ++at) {
    for (int image = 0; image < 2; ++image) {
      Pair p = opaque_pair(kDeltaBlock, 3);
      (image == 0 ? p.a : p.b)[4 * at + 3] = 254;
      const DeltaBlock block =
          opaque_deltas_over(SimdKernel::kAvx2, p.a.data(), p.b.data(), 0, kDeltaBlock, 0.0);
      EXPECT_EQ(block.pixels, at / 4 * 4) << "translucent pixel " << at << " in image " << image;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, DeltaKernels, framecheck::testing::every_simd_kernel(),
                         framecheck::testing::simd_kernel_test_name);

}  // namespace
}  // namespace framecheck
