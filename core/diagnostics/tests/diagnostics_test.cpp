#include <gtest/gtest.h>

#include <framecheck/diagnostics/diagnostics.hpp>
#include <stdexcept>

namespace framecheck {
namespace {

using Names = std::vector<std::string>;

Names names_of(const std::vector<DiagnosticReading>& readings) {
  Names out;
  for (const auto& r : readings)
    out.push_back(r.name);
  return out;
}

TEST(Diagnostics, TheOverlayIsHiddenWhenCreated) {
  Diagnostics d;
  EXPECT_FALSE(d.enabled());
}

TEST(Diagnostics, SetEnabledAndToggle) {
  Diagnostics d;
  d.toggle();
  EXPECT_TRUE(d.enabled());
  d.toggle();
  EXPECT_FALSE(d.enabled());
  d.set_enabled(true);
  EXPECT_TRUE(d.enabled());
  d.set_enabled(true);
  EXPECT_TRUE(d.enabled());
  d.set_enabled(false);
  EXPECT_FALSE(d.enabled());
}

TEST(Diagnostics, ReadsTheInstanceRegistryFirstThenTheWorlds) {
  Diagnostics d;
  d.world_registry().register_source("w1", [] { return 1; });
  d.instance_registry().register_source("i1", [] { return 2; });
  d.world_registry().register_source("w2", [] { return 3; });
  d.instance_registry().register_source("i2", [] { return 4; });
  EXPECT_EQ(names_of(d.read()), (Names{"i1", "i2", "w1", "w2"}));
}

TEST(Diagnostics, ANameInBothRegistriesKeepsALineInEach) {
  Diagnostics d;
  d.instance_registry().register_source("score", [] { return 1; });
  d.world_registry().register_source("score", [] { return 2; });
  const auto r = d.read();
  ASSERT_EQ(names_of(r), (Names{"score", "score"}));
  EXPECT_EQ(*r[0].value, DiagnosticValue(1));
  EXPECT_EQ(*r[1].value, DiagnosticValue(2));
}

TEST(Diagnostics, ReadIsIndependentOfVisibilityAndChangesNothingElse) {
  Diagnostics d;
  d.instance_registry().register_source("a", [] { return 1; });
  d.window().add(SimTime(1), 5.0);
  const FrameMetrics before = d.metrics();
  EXPECT_EQ(d.read().size(), 1u);
  EXPECT_FALSE(d.enabled());
  EXPECT_EQ(d.metrics(), before);
  d.set_enabled(true);
  EXPECT_EQ(d.read().size(), 1u);
  EXPECT_TRUE(d.enabled());
}

TEST(Diagnostics, ClosingTheWorldDropsWorldSourcesAndKeepsInstanceSources) {
  Diagnostics d;
  d.instance_registry().register_source("visited", [] { return 2; });
  d.world_registry().register_source("score", [] { return 10; });
  d.close_world();
  EXPECT_EQ(names_of(d.read()), (Names{"visited"}));
  d.world_registry().register_source("score", [] { return 0; });
  EXPECT_EQ(names_of(d.read()), (Names{"visited", "score"}));
}

TEST(Diagnostics, AnInstanceSourceRegisteringIntoTheWorldWaitsForTheNextRead) {
  Diagnostics d;
  d.instance_registry().register_source("spawner", [&] {
    d.world_registry().register_source("late", [] { return 1; });
    return 0;
  });
  EXPECT_EQ(names_of(d.read()), (Names{"spawner"}));
  EXPECT_EQ(names_of(d.read()), (Names{"spawner", "late"}));
}

TEST(Diagnostics, MetricsAreTheWindows) {
  Diagnostics d;
  EXPECT_EQ(d.metrics(), FrameMetrics{});
  d.window().add(SimTime(16'666'666), 20.0);
  EXPECT_EQ(d.metrics(), (FrameMetrics{1, 20.0, 20.0, 20.0}));
}

TEST(Diagnostics, ReadReusingGivesWhatReadGivesAsTheRegistriesChange) {
  Diagnostics d;
  int n = 0;
  d.instance_registry().register_source("count", [&] { return ++n; });
  d.instance_registry().register_source("fails", []() -> int { throw std::runtime_error("no"); });
  d.world_registry().register_source("name",
                                     [] { return "a rather long string value, past any SSO"; });
  std::vector<DiagnosticReading> reused;
  d.read_reusing(reused);
  n = 0;
  EXPECT_EQ(reused, d.read());
  d.world_registry().register_source("flag", [] { return true; });
  n = 0;
  d.read_reusing(reused);
  n = 0;
  EXPECT_EQ(reused, d.read());
  d.close_world();
  n = 0;
  d.read_reusing(reused);
  n = 0;
  EXPECT_EQ(reused, d.read());
  EXPECT_EQ(reused.size(), 2u);
}

TEST(Diagnostics, ReadIntoAppends) {
  Diagnostics d;
  d.instance_registry().register_source("a", [] { return 1; });
  std::vector<DiagnosticReading> out(1);
  d.read_into(out);
  EXPECT_EQ(out.size(), 2u);
}

}  // namespace
}  // namespace framecheck
