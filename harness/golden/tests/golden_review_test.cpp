#include <gtest/gtest.h>

#include <framecheck/golden/golden_review.hpp>

namespace framecheck {
namespace {

GoldenEntry entry(std::string case_id) {
  GoldenEntry e;
  e.suite = "arena";
  e.name = "the_panel";
  e.record = GoldenRecord{.suite = "arena", .name = "the_panel", .case_id = std::move(case_id)};
  return e;
}

TEST(GoldenReview, AGoldenIsNamedByItsFileItsCaseOrCtestsName) {
  const GoldenEntry e = entry("ArenaCase.ThePanel");
  for (const char* yes :
       {"arena/the_panel", "the_panel", "ArenaCase.ThePanel", "arena.ArenaCase.ThePanel"})
    EXPECT_TRUE(golden_matches(e, yes)) << yes;
  for (const char* no : {"arena", "ThePanel", "xArenaCase.ThePanel", "Case.ThePanel", ""})
    EXPECT_FALSE(golden_matches(e, no)) << no;
}

TEST(GoldenReview, AStaleGoldenHasNoFrameToAccept) {
  GoldenEntry stale;
  stale.state = GoldenEntry::State::kStale;
  stale.golden = "golden/arena/old.png";
  EXPECT_FALSE(acceptable_frame(stale));
  EXPECT_EQ(describe_golden(stale), "stale: no case checked it in the run that left the artifacts");
  GoldenEntry passed = entry("ArenaCase.ThePanel");
  passed.record->outcome = "matched";
  EXPECT_FALSE(acceptable_frame(passed)) << "a pass leaves no actual frame";
}

TEST(GoldenReview, NoFoldersNoGoldens) {
  Result<std::vector<GoldenEntry>> none = review_goldens("/nonexistent/g", "/nonexistent/a");
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
}

}  // namespace
}  // namespace framecheck
