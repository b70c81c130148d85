#include "exact_sum.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace framecheck {
namespace {

TEST(ExactSum, EmptyIsZero) {
  EXPECT_EQ(ExactSum().value(), 0.0);
}

TEST(ExactSum, KeepsWhatOrderedAdditionLoses) {
  ExactSum s;
  s.add(1e16);
  for (int i = 0; i < 4; ++i)
    s.add(1.0);
  EXPECT_EQ(s.value(), 1e16 + 4);
  s.subtract(1e16);
  EXPECT_EQ(s.value(), 4.0);
}

TEST(ExactSum, TheExtremesOfTheDoubles) {
  const double tiny = std::numeric_limits<double>::denorm_min();
  const double huge = std::numeric_limits<double>::max();
  ExactSum s;
  s.add(tiny);
  EXPECT_EQ(s.value(), tiny);
  s.add(tiny);
  EXPECT_EQ(s.value(), 2 * tiny);
  s.add(huge);
  EXPECT_EQ(s.value(), huge);  // rounds to the nearest double
  s.subtract(huge);
  EXPECT_EQ(s.value(), 2 * tiny);
  s.subtract(tiny);
  s.subtract(tiny);
  EXPECT_EQ(s.value(), 0.0);
}

TEST(ExactSum, RoundsTiesToEven) {
  ExactSum s;
  s.add(9007199254740992.0);  // 2^53
  s.add(1.0);                 // exactly halfway to 2^53 + 2
  EXPECT_EQ(s.value(), 9007199254740992.0);
  s.add(1.0);
  EXPECT_EQ(s.value(), 9007199254740994.0);
  s.add(1.0);  // 2^53 + 3: halfway between + 2 and + 4, to even (+ 4)
  EXPECT_EQ(s.value(), 9007199254740996.0);
}

TEST(ExactSum, AddingThenSubtractingInAnyOrderReturnsToZero) {
  std::mt19937_64 rng(11);
  std::vector<double> xs;
  ExactSum s;
  for (int i = 0; i < 5000; ++i) {
    const double x =
        std::ldexp(static_cast<double>(rng() >> 11), static_cast<int>(rng() % 200) - 120);
    xs.push_back(x);
    s.add(x);
  }
  std::shuffle(xs.begin(), xs.end(), rng);
  for (double x : xs)
    s.subtract(x);
  EXPECT_EQ(s.value(), 0.0);
}

}  // namespace
}  // namespace framecheck
