#include <gtest/gtest.h>

#include <framecheck/drive/driver.hpp>
#include <framecheck/explore/cell.hpp>
#include <framecheck/explore/explorer.hpp>
#include <kite.hpp>
#include <lock.hpp>

namespace framecheck {
namespace {

using testing::lock_factory;

TEST(Cell, IsTheDeclaredStateInBucketsWithoutTheClock) {
  const std::vector<std::string> clock = clock_fields(lock_factory(), {});
  EXPECT_EQ(clock, (std::vector<std::string>{"frames", "time"}));
  Driver driver(lock_factory());
  EXPECT_EQ(default_cell(driver.simulation(), clock), "stage=0 dial=0");
  driver.press("ArrowUp");
  driver.step(30);  // frames and time change every frame: when, not where
  EXPECT_EQ(explore_cell_of(driver.simulation(), clock), "stage=0 dial=1");
  driver.press("ArrowUp");
  driver.press("ArrowUp");
  driver.press("Enter");  // a wrong number: the lock stays shut
  EXPECT_EQ(explore_cell_of(driver.simulation(), clock), "stage=0 dial=3");
  // Numbers that are not whole (Kite's place and speed) are motion, not place.
  Driver kite(testing::kite_factory());
  kite.press("ArrowRight");
  kite.step(60);
  EXPECT_EQ(default_cell(kite.simulation(), clock_fields(testing::kite_factory(), {})),
            "wind=1 score=0");
}

// Lock's NaN needs three numbers dialled and tried in order; random play misses it in 300 runs.
ExploreOptions lock_options(bool guided) {
  return {.runs = 300, .frames = 600, .seed = 1, .twin = false, .guided = guided};
}

TEST(Guided, FindsWhatNeedsStatesReachedInOrder) {
  const ExploreResult guided = explore(lock_factory(true), lock_options(true));
  ASSERT_EQ(guided.findings.size(), 1u);
  const Explored& e = guided.findings.front();
  EXPECT_EQ(e.finding.kind, FindingKind::kNotFinite);
  EXPECT_EQ(e.finding.place, "tumbler");
  EXPECT_GT(guided.cells, 3u);
  // Its input runs from frame 1, so any probe shows it: what shrinking and replay rely on.
  EXPECT_EQ(probe(lock_factory(true), e.input, {.frames = e.finding.frame}), e.finding);
  EXPECT_TRUE(explore(lock_factory(true), lock_options(false)).findings.empty());
}

TEST(Guided, TheSameSeedReachesTheSameCellsAndFindings) {
  const ExploreResult a = explore(lock_factory(true), lock_options(true));
  const ExploreResult b = explore(lock_factory(true), lock_options(true));
  EXPECT_EQ(a.cells, b.cells);
  ASSERT_EQ(a.findings.size(), b.findings.size());
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    EXPECT_EQ(a.findings[i].run, b.findings[i].run);
    EXPECT_EQ(a.findings[i].input.all(), b.findings[i].input.all());
  }
  EXPECT_TRUE(explore(lock_factory(), lock_options(true)).findings.empty());
}

}  // namespace
}  // namespace framecheck
