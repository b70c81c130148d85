// Built with contraction allowed and every instruction this CPU has (see CMakeLists.txt): what a
// studio that opts out of -ffp-contract=off compiles. Vec2 and Rng must round their products
// all the same.
#include <gtest/gtest.h>

#include <cmath>
#include <framecheck/determinism/geometry.hpp>
#include <framecheck/determinism/rng.hpp>

namespace framecheck {
namespace {

// 1 + 2^-27 squared is 1 + 2^-26 + 2^-54: rounded, the 2^-54 is lost, so x*x - (1 + 2^-26) is 0;
// fused into one multiply-add it is 2^-54.
struct Inputs {
  double x, c;
};
Inputs inputs() {
  volatile double x = 1 + std::ldexp(1.0, -27), c = -(1 + std::ldexp(1.0, -26));
  return {x, c};
}

// Each expression in its own function, so no product is shared between them.
[[gnu::noinline]] double plain(Inputs in) {
  return in.x * in.x + in.c;
}
[[gnu::noinline]] Vec2 through_vec2(Inputs in) {
  return Vec2{in.x, in.x} * in.x + Vec2{in.c, in.c};
}

TEST(FloatRules, ThisBuildFusesAPlainMultiplyAdd) {
  // The control: without it, the test below would pass on a build that never fuses.
  if (plain(inputs()) == 0) GTEST_SKIP() << "this CPU or compiler does not fuse multiply-adds";
  EXPECT_EQ(plain(inputs()), std::ldexp(1.0, -54));
}

TEST(FloatRules, Vec2RoundsItsProductsBeforeTheyAreAdded) {
  const Vec2 v = through_vec2(inputs());
  EXPECT_EQ(v.x, 0.0);
  EXPECT_EQ(v.y, 0.0);
}

TEST(FloatRules, RngUniformRoundsItsProductBeforeTheSum) {
  // uniform(lo, hi) is lo + (hi - lo) * u: the same bits as the two roundings spelled out.
  Rng a(5), b(5);
  for (int i = 0; i < 1000; ++i) {
    volatile double lo_in = -1.0 / 3, hi_in = 7.0 / 3;
    const double lo = lo_in, hi = hi_in;
    volatile double product = (hi - lo) * b.next_double();
    EXPECT_EQ(a.uniform(lo, hi), lo + product) << i;
  }
}

}  // namespace
}  // namespace framecheck
