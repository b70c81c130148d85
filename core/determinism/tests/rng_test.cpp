#include <gtest/gtest.h>

#include <framecheck/determinism/rng.hpp>

namespace framecheck {
namespace {

TEST(Rng, SequenceIsFixedForASeed) {
  // Pinned values: a change to the generator changes every recorded session, so it must show.
  Rng rng(1);
  const std::uint64_t first = rng.next_u64();
  Rng again(1);
  EXPECT_EQ(again.next_u64(), first);
  EXPECT_NE(Rng(2).next_u64(), first);
  EXPECT_EQ(mix_seed(0), 0xe220a8397b1dcdafULL);  // SplitMix64's published first output
}

TEST(Rng, DoublesAreInTheUnitInterval) {
  Rng rng(7);
  for (int i = 0; i < 10000; ++i) {
    const double d = rng.next_double();
    ASSERT_GE(d, 0.0);
    ASSERT_LT(d, 1.0);
  }
}

TEST(Rng, BelowCoversItsRangeEvenly) {
  Rng rng(3);
  int counts[6] = {};
  for (int i = 0; i < 60000; ++i)
    ++counts[rng.below(6)];
  for (int c : counts)
    EXPECT_NEAR(c, 10000, 500);
}

}  // namespace
}  // namespace framecheck
