#include "sibling_rows.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simd_kernels.hpp"
#include "test_pictures.hpp"

namespace framecheck {
namespace {

using testing::changed_picture;
using testing::make_picture;
using testing::Picture;

class SiblingRowKernels : public ::testing::TestWithParam<SimdKernel> {
 protected:
  void SetUp() override { FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(GetParam()); }
};

// Every width from 1 to 40 (vector blocks, their tails, the edges), every row.
TEST_P(SiblingRowKernels, EveryRowIsHasManySiblingsInBothImages) {
  int flat = 0;
  for (int w = 1; w <= 40; ++w) {
    const int h = 6;
    const auto a = make_picture(Picture::kFlatShapes, w, h, static_cast<std::uint32_t>(w));
    const auto b = changed_picture(a, 4, static_cast<std::uint32_t>(w) + 100);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(w), 7);
    for (int y = 0; y < h; ++y) {
      flat_in_both_row(GetParam(), a.data(), b.data(), y, w, h, row.data());
      for (int x = 0; x < w; ++x) {
        const bool want = has_many_siblings(SimdKernel::kScalar, a.data(), x, y, w, h) &&
                          has_many_siblings(SimdKernel::kScalar, b.data(), x, y, w, h);
        ASSERT_EQ(row[static_cast<std::size_t>(x)], want ? 1 : 0)
            << "width " << w << " at " << x << "," << y;
        flat += want;
      }
    }
  }
  EXPECT_GT(flat, 100);  // the pictures must have flat pixels for this to show anything
}

// Against an image flat everywhere, the row is the other image's own siblings: each image's
// count is held to has_many_siblings alone, whichever side it is on.
TEST_P(SiblingRowKernels, EachImageCountsOnItsOwn) {
  for (int w = 3; w <= 24; ++w) {
    const int h = 5;
    const auto a = make_picture(Picture::kFlatShapes, w, h, static_cast<std::uint32_t>(w) + 7);
    const std::vector<std::uint8_t> flat(a.size(), 200);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(w));
    for (int y = 0; y < h; ++y) {
      for (bool a_first : {true, false}) {
        flat_in_both_row(GetParam(), a_first ? a.data() : flat.data(),
                         a_first ? flat.data() : a.data(), y, w, h, row.data());
        for (int x = 0; x < w; ++x)
          ASSERT_EQ(row[static_cast<std::size_t>(x)],
                    has_many_siblings(SimdKernel::kScalar, a.data(), x, y, w, h))
              << "width " << w << " at " << x << "," << y << (a_first ? " a first" : " a second");
      }
    }
  }
}

// The shortcut may only ever say "no" where the detector says no for both images, asked as the
// diff asks: busy rows, sparse rows, rows it backs off from.
TEST_P(SiblingRowKernels, NoOnlyWhereTheDetectorSaysNoForEitherImage) {
  for (Picture kind :
       {Picture::kGrain, Picture::kFlatShapes, Picture::kTranslucent, Picture::kThreeLevels}) {
    const int w = 67, h = 45;
    const auto a = make_picture(kind, w, h, 5);
    const auto b = changed_picture(a, 2, 6);
    SiblingRows rows(a.data(), b.data(), w, h, GetParam());
    int no = 0;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        if (rows.may_be_antialiased(x, y)) continue;
        ++no;
        bool hint = false;
        ASSERT_FALSE(antialiased(GetParam(), a.data(), x, y, w, h, a.data(), b.data(), true, hint))
            << static_cast<int>(kind) << " at " << x << "," << y;
        ASSERT_FALSE(antialiased(GetParam(), b.data(), x, y, w, h, b.data(), a.data(), true, hint))
            << static_cast<int>(kind) << " at " << x << "," << y;
      }
    }
    // On grain the shortcut answers most of every busy row: that is what it is for.
    if (kind == Picture::kGrain) {
      EXPECT_GT(no, w * h / 2);
    }
  }
}

// A pixel flat in both images makes the rest of its 3x3 block "maybe", and nothing farther; it
// is not "maybe" itself.
TEST_P(SiblingRowKernels, MaybeRowIsTheBlocksAroundFlatPixelsLessThosePixels) {
  const int w = 12, h = 9;
  // Grain everywhere except one flat 3x3 patch centred on (6, 4), the same in both images.
  auto a = make_picture(Picture::kGrain, w, h, 3);
  for (int y = 3; y <= 5; ++y) {
    for (int x = 5; x <= 7; ++x) {
      std::uint8_t* p = a.data() + (static_cast<std::size_t>(y) * w + x) * 4;
      p[0] = 9, p[1] = 9, p[2] = 9, p[3] = 255;
    }
  }
  SiblingRows rows(a.data(), a.data(), w, h, GetParam());
  for (int y = 0; y < h; ++y) {
    std::vector<std::uint8_t> want(static_cast<std::size_t>(w), 0);
    // Every pixel of the patch has at least three equal neighbours; their blocks reach 4..8.
    if (y >= 2 && y <= 6) {
      for (int x = 4; x <= 8; ++x)
        want[static_cast<std::size_t>(x)] = y >= 3 && y <= 5 && x >= 5 && x <= 7 ? 0 : 1;
    }
    const std::uint8_t* got = rows.maybe_row(y);
    for (int x = 0; x < w; ++x)
      EXPECT_EQ(got[x] != 0, want[static_cast<std::size_t>(x)] != 0) << x << "," << y;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, SiblingRowKernels, framecheck::testing::every_simd_kernel(),
                         framecheck::testing::simd_kernel_test_name);

}  // namespace
}  // namespace framecheck
