#include <gtest/gtest.h>

#include <framecheck/explore/explorer.hpp>
#include <kite.hpp>

namespace framecheck {
namespace {

using testing::Kite;
using testing::kite_factory;

TEST(Explore, FindsEachPlantedKindShrunkOncePerBug) {
  struct Planted {
    Kite::Bug bug;
    FindingKind kind;
  };
  for (const Planted& p : {Planted{Kite::Bug::kThrows, FindingKind::kException},
                           Planted{Kite::Bug::kCrashes, FindingKind::kCrash},
                           Planted{Kite::Bug::kNotFinite, FindingKind::kNotFinite},
                           Planted{Kite::Bug::kLeavesField, FindingKind::kInvariant},
                           Planted{Kite::Bug::kHangs, FindingKind::kHang}}) {
    const ExploreResult r =
        explore(kite_factory(p.bug), {.runs = 60, .frames = 300, .seed = 1, .hang_ms = 300});
    ASSERT_EQ(r.findings.size(), 1u) << kind_name(p.kind);
    const Explored& e = r.findings[0];
    EXPECT_EQ(e.finding.kind, p.kind);
    EXPECT_LE(e.events_after, 4u) << describe(e.finding);
    EXPECT_LT(e.events_after, e.events_before);
    EXPECT_LE(e.finding.frame, e.first_seen.frame);
  }
}

TEST(Explore, TheGameWithoutBugsExploresClean) {
  const ExploreResult r = explore(kite_factory(), {.runs = 40, .frames = 300, .seed = 1});
  EXPECT_EQ(r.runs, 40u);
  EXPECT_TRUE(r.findings.empty()) << describe(r.findings[0].finding);
}

TEST(Explore, TheSameSeedFindsTheSameThings) {
  const ExploreOptions options{.runs = 30, .frames = 300, .seed = 4, .isolate = false};
  const ExploreResult a = explore(kite_factory(Kite::Bug::kThrows), options);
  const ExploreResult b = explore(kite_factory(Kite::Bug::kThrows), options);
  ASSERT_EQ(a.findings.size(), b.findings.size());
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    EXPECT_EQ(a.findings[i].finding, b.findings[i].finding);
    EXPECT_EQ(a.findings[i].run, b.findings[i].run);
    EXPECT_EQ(a.findings[i].input.all(), b.findings[i].input.all());
  }
}

TEST(Explore, ShardsPlayEachRunOnceAndFindWhatTheWholeFinds) {
  ExploreOptions options{.runs = 300, .frames = 600, .seed = 1, .twin = false};
  const ExploreResult whole = explore(kite_factory(Kite::Bug::kCombo), options);
  ASSERT_EQ(whole.findings.size(), 1u);
  std::uint64_t runs = 0;
  bool again = false;
  options.shards = 3;
  for (options.shard = 0; options.shard < 3; ++options.shard) {
    const ExploreResult shard = explore(kite_factory(Kite::Bug::kCombo), options);
    runs += shard.runs;
    for (const Explored& e : shard.findings) {
      EXPECT_EQ(e.run % 3, options.shard);  // its own runs, numbered as in the whole
      if (e.run == whole.findings[0].run) {
        again = true;
        EXPECT_EQ(e.input.all(), whole.findings[0].input.all());
      }
    }
  }
  EXPECT_EQ(runs, 300u);
  EXPECT_TRUE(again) << "the shard that plays run " << whole.findings[0].run << " finds it too";
}

TEST(Explore, RunsAtOnceFindTheSameThingsAsOneAtATime) {
  for (const Kite::Bug bug : {Kite::Bug::kCombo, Kite::Bug::kCrashes}) {
    ExploreOptions options{.runs = 120, .frames = 600, .seed = 2};
    const ExploreResult one = explore(kite_factory(bug), options);
    options.jobs = 3;
    const ExploreResult three = explore(kite_factory(bug), options);
    EXPECT_EQ(three.runs, 120u);
    ASSERT_EQ(one.findings.size(), three.findings.size());
    ASSERT_FALSE(one.findings.empty());
    for (std::size_t i = 0; i < one.findings.size(); ++i) {
      EXPECT_EQ(one.findings[i].finding, three.findings[i].finding);
      EXPECT_EQ(one.findings[i].run, three.findings[i].run);
      EXPECT_EQ(one.findings[i].input.all(), three.findings[i].input.all());
    }
  }
}

}  // namespace
}  // namespace framecheck
