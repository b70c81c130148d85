#include <gtest/gtest.h>

#include <framecheck/diagnostics/second_windows.hpp>

namespace framecheck {
namespace {

using namespace std::chrono_literals;

TEST(TickBudget, IsTheMeanTickOverThePeriodAndZeroWithoutAPeriod) {
  EXPECT_DOUBLE_EQ(tick_budget_percent(5, 20), 25);
  EXPECT_DOUBLE_EQ(tick_budget_percent(25, 20), 125);
  EXPECT_EQ(tick_budget_percent(5, 0), 0);  // no budget to consume: 0, not infinity
  EXPECT_EQ(tick_budget_percent(5, -1), 0);
}

TEST(SecondWindows, NothingUntilTheFirstSecondCloses) {
  SecondWindows w(10);
  w.add_frame(SimTime(500ms), 4);
  w.add_frame(SimTime(1s), 6);  // ends exactly on the second: still the first window
  EXPECT_FALSE(w.last().has_value());
  w.add_frame(SimTime(1s) + SimTime(1), 100);
  ASSERT_TRUE(w.last().has_value());
  EXPECT_EQ(w.last()->frames, 2u);
  EXPECT_EQ(w.last()->frame_mean_ms, 5.0);
  EXPECT_EQ(w.last()->frame_max_ms, 6.0);
}

TEST(SecondWindows, MissingTickFiguresAreMissingNotZero) {
  SecondWindows w(10);
  w.add_frame(SimTime(500ms), 4);
  w.add_frame(SimTime(1500ms), 4);
  ASSERT_TRUE(w.last().has_value());
  EXPECT_FALSE(w.last()->tick_mean_ms.has_value());
  EXPECT_FALSE(w.last()->tick_budget_percent.has_value());
}

TEST(SecondWindows, TickBodiesAndTheirBudget) {
  SecondWindows w(20);
  w.add_tick(SimTime(100ms), 4);
  w.add_tick(SimTime(200ms), 6);
  w.add_frame(SimTime(200ms), 16);
  w.add_frame(SimTime(1200ms), 16);
  ASSERT_TRUE(w.last().has_value());
  EXPECT_EQ(w.last()->tick_mean_ms, 5.0);
  EXPECT_EQ(w.last()->tick_max_ms, 6.0);
  EXPECT_EQ(w.last()->tick_budget_percent, 25.0);
}

}  // namespace
}  // namespace framecheck
