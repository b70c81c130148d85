#include "antialiasing.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "pixelmatch_reference.hpp"
#include "simd_kernels.hpp"
#include "test_pictures.hpp"

namespace framecheck {
namespace {

using testing::changed_picture;
using testing::make_picture;
using testing::Picture;

// Every pixel of both pictures of a pair, in the main loop's order, with the hint carried as the
// diff carries it: each kernel must give the answer of pixelmatch's antialiased, transcribed
// plainly from its index.js (pixelmatch_reference.hpp).
void expect_reference_answers(SimdKernel kernel, Picture kind, int width, int height,
                              std::uint32_t seed) {
  const auto a = make_picture(kind, width, height, seed);
  const auto b = changed_picture(a, 3, seed + 1);
  int yes = 0;
  for (bool checkerboard : {true, false}) {
    bool run_a = false, run_b = false;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        const std::string where = "kind " + std::to_string(static_cast<int>(kind)) + " " +
                                  std::to_string(width) + "x" + std::to_string(height) + " at " +
                                  std::to_string(x) + "," + std::to_string(y);
        const bool want_a = testing::pixelmatch_js::antialiased(a.data(), x, y, width, height,
                                                                a.data(), b.data(), checkerboard);
        const bool want_b = testing::pixelmatch_js::antialiased(b.data(), x, y, width, height,
                                                                b.data(), a.data(), checkerboard);
        ASSERT_EQ(antialiased(kernel, a.data(), x, y, width, height, a.data(), b.data(),
                              checkerboard, run_a),
                  want_a)
            << where;
        ASSERT_EQ(antialiased(kernel, b.data(), x, y, width, height, b.data(), a.data(),
                              checkerboard, run_b),
                  want_b)
            << where;
        yes += want_a + want_b;
      }
    }
  }
  // The pictures must exercise the "yes" answer too, or the comparison proves little.
  if (kind != Picture::kGrain && width >= 8 && height >= 8) {
    EXPECT_GT(yes, 0);
  }
}

class AntialiasingKernels : public ::testing::TestWithParam<SimdKernel> {
 protected:
  void SetUp() override { FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(GetParam()); }
};

TEST_P(AntialiasingKernels, AnswerAsPixelmatchDoesOnGrain) {
  expect_reference_answers(GetParam(), Picture::kGrain, 37, 23, 11);
}

TEST_P(AntialiasingKernels, AnswerAsPixelmatchDoesOnFlatShapesWithSoftEdges) {
  expect_reference_answers(GetParam(), Picture::kFlatShapes, 41, 29, 12);
}

TEST_P(AntialiasingKernels, AnswerAsPixelmatchDoesOnTranslucentPixels) {
  expect_reference_answers(GetParam(), Picture::kTranslucent, 33, 19, 13);
}

TEST_P(AntialiasingKernels, AnswerAsPixelmatchDoesOnThreeLevels) {
  expect_reference_answers(GetParam(), Picture::kThreeLevels, 45, 31, 14);
}

TEST_P(AntialiasingKernels, AnswerAsPixelmatchDoesAtEveryEdgeOfSmallPictures) {
  for (int w = 1; w <= 6; ++w) {
    for (int h = 1; h <= 4; ++h) {
      expect_reference_answers(GetParam(), Picture::kFlatShapes, w, h, 20 + w * 7 + h);
      expect_reference_answers(GetParam(), Picture::kGrain, w, h, 40 + w * 7 + h);
    }
  }
}

TEST(Antialiasing, HasManySiblingsCountsAnEdgeAsOne) {
  for (Picture kind : {Picture::kFlatShapes, Picture::kGrain}) {
    for (int w : {1, 2, 3, 9, 17}) {
      const int h = 7;
      const auto px = make_picture(kind, w, h, static_cast<std::uint32_t>(w));
      for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x)
          ASSERT_EQ(has_many_siblings(SimdKernel::kScalar, px.data(), x, y, w, h),
                    testing::pixelmatch_js::has_many_siblings(px.data(), x, y, w, h))
              << w << " at " << x << "," << y;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, AntialiasingKernels, framecheck::testing::every_simd_kernel(),
                         framecheck::testing::simd_kernel_test_name);

}  // namespace
}  // namespace framecheck
