#include <gtest/gtest.h>

#include <framecheck/determinism/sim_time.hpp>

namespace framecheck {
namespace {

TEST(FixedRate, StepsEndOnTheFlooredExactTime) {
  const FixedRate r(60);
  EXPECT_EQ(r.end_of(0), SimTime(0));
  EXPECT_EQ(r.end_of(1), SimTime(16'666'666));
  EXPECT_EQ(r.end_of(2), SimTime(33'333'333));
  EXPECT_EQ(r.end_of(3), SimTime(50'000'000));
  EXPECT_EQ(r.end_of(60), SimTime(1'000'000'000));
  EXPECT_EQ(r.step_length(1), SimTime(16'666'666));
  EXPECT_EQ(r.step_length(2), SimTime(16'666'667));
}

TEST(FixedRate, AMillionStepsAccumulateNoDrift) {
  for (std::int64_t rate : {30, 60, 144, 240, 1000, 7}) {
    const FixedRate r(rate);
    SimTime t(0);
    for (std::int64_t n = 1; n <= 1'000'000; ++n)
      t += r.step_length(n);
    const std::int64_t expected =
        1'000'000 / rate * 1'000'000'000 + 1'000'000 % rate * 1'000'000'000 / rate;
    EXPECT_EQ(t.count(), expected) << rate;
  }
}

TEST(FixedRate, StepsByInvertsEndOf) {
  for (std::int64_t rate : {60, 144, 7, 1000}) {
    const FixedRate r(rate);
    for (std::int64_t n = 0; n < 5000; ++n) {
      const SimTime end = r.end_of(n);
      EXPECT_EQ(r.steps_by(end), n) << rate << " at " << n;
      if (n > 0) {
        EXPECT_EQ(r.steps_by(end - SimTime(1)), n - 1) << rate << " before " << n;
      }
    }
  }
}

}  // namespace
}  // namespace framecheck
