#include <gmock/gmock.h>
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <framecheck/casekit/case_test.hpp>
#include <framecheck/drive/frame_samples.hpp>
#include <functional>

namespace framecheck {
namespace {

using ::testing::HasSubstr;
namespace fs = std::filesystem;

class Counter final : public Game {
 public:
  double value = 3.0001;
  int shade = 0;
  void init(InitApi& api) override {
    api.diagnostics.register_source("score", [this] { return value; });
    api.diagnostics.register_source("scene", [] { return "title"; });
    api.diagnostics.register_source("speed", [] { return 2.5; });
    api.start_level = "one";
  }
  void build_world(World& world) override { world.spawn("box", {10, 10}, {40, 40}); }
  void tick(World&, SimTime) override {}
  std::optional<Rgba> actor_colour(const Actor&) const override {
    return Rgba{0.2 + 0.01 * shade, 0.4, 0.6, 1};
  }
};

// What one call of a check records: its failures, fatal or not, and whether it stopped the case.
struct Recorded {
  std::vector<std::string> messages;
  bool fatal = false;
  bool stopped = false;
};

class CaseKit : public CaseTest {
 protected:
  CaseKit() : CaseTest("kit") {}
  void SetUp() override {
    start(game_, {.width = 96, .height = 54, .samples = constant_samples(16.0)});
    step(2);
    dir_ = fs::temp_directory_path() /
           ("framecheck-casekit-" + std::to_string(::getpid()) + "-" + case_name());
    fs::remove_all(dir_);
    saved_ = golden_settings();
    golden_settings() = {
        dir_ / "golden", dir_ / "artifacts", GoldenUpdate::kNone, "run --update-goldens", {}};
  }
  void TearDown() override {
    golden_settings() = saved_;
    fs::remove_all(dir_);
  }
  Recorded record(const std::function<void()>& check) {
    Recorded out;
    ::testing::TestPartResultArray results;
    {
      ::testing::ScopedFakeTestPartResultReporter reporter(
          ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
      try {
        check();
      } catch (const std::exception&) {
        out.stopped = true;
      }
    }
    for (int i = 0; i < results.size(); ++i) {
      out.messages.push_back(results.GetTestPartResult(i).message());
      out.fatal = out.fatal || results.GetTestPartResult(i).fatally_failed();
    }
    return out;
  }
  Counter game_;
  fs::path dir_;
  GoldenSettings saved_;
};

TEST_F(CaseKit, NumbersThatDisplayAlikeAreAlsoShownExactly) {
  const Recorded r = record([&] { expect_reading("score", 3); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0], HasSubstr("reading \"score\": expected 3, got 3.000"));
  EXPECT_THAT(r.messages[0], HasSubstr("(exactly: expected 3, got 3.0001)"));
  // Where the display is already exact, nothing is added.
  const Recorded plain = record([&] { expect_reading("speed", 2); });
  ASSERT_EQ(plain.messages.size(), 1u);
  EXPECT_THAT(plain.messages[0], ::testing::Not(HasSubstr("(exactly:")));
}

TEST_F(CaseKit, AMissingReadingListsTheReadingsThereAreClosestFirst) {
  const Recorded r = record([&] { expect_reading("scroe", 1); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0],
              HasSubstr("no reading \"scroe\"; expected 1; the readings are \"score\", "));
  EXPECT_THAT(r.messages[0], HasSubstr("\"scene\""));
}

TEST_F(CaseKit, ANearCheckPassesWithinItsToleranceAndSaysByHowMuchItMissed) {
  EXPECT_TRUE(record([&] { expect_reading_near("score", 3, 0.001); }).messages.empty());
  const Recorded r = record([&] { expect_reading_near("score", 3, 0.00001); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0], HasSubstr("expected 3 within 0.00001, got 3.0001, off by"));
  const Recorded text = record([&] { expect_reading_near("scene", 3, 1); });
  ASSERT_EQ(text.messages.size(), 1u);
  EXPECT_THAT(text.messages[0], HasSubstr("got \"title\""));
}

TEST_F(CaseKit, AnExpectCheckGoesOnAndAnAssertCheckStopsTheCase) {
  const Recorded soft = record([&] { expect_reading("scene", "menu"); });
  EXPECT_FALSE(soft.fatal);
  EXPECT_FALSE(soft.stopped);
  bool reached = false;
  const Recorded hard = record([&] {
    assert_reading("scene", "menu");
    reached = true;
  });
  EXPECT_TRUE(hard.fatal);
  EXPECT_TRUE(hard.stopped);
  EXPECT_FALSE(reached) << "an assert_ check must stop the case";
  ASSERT_EQ(hard.messages.size(), 1u);
  EXPECT_THAT(hard.messages[0], HasSubstr("expected \"menu\", got \"title\""));
  EXPECT_TRUE(record([&] { EXPECT_TRUE(assert_reading("scene", "title")); }).messages.empty());
}

TEST_F(CaseKit, AGoldenMismatchPrintsTheCommandThatUpdatesThatOneGolden) {
  golden_settings().update = GoldenUpdate::kAll;
  ASSERT_TRUE(record([&] { expect_golden(); }).messages.empty());
  golden_settings().update = GoldenUpdate::kNone;
  game_.shade = 30;  // the box changes colour
  const Recorded r = record([&] { expect_golden(); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0], HasSubstr("pixels differ"));
  EXPECT_THAT(r.messages[0],
              HasSubstr("update this golden with:\n    run --update-goldens --gtest_filter=CaseKit."
                        "AGoldenMismatchPrintsTheCommandThatUpdatesThatOneGolden"));
  EXPECT_TRUE(fs::exists(dir_ / "artifacts" / "kit" / (case_name() + ".diff.png")));
  // Back as it was, the case passes and its stale pictures go.
  game_.shade = 0;
  EXPECT_TRUE(record([&] { expect_golden(); }).messages.empty());
  EXPECT_FALSE(fs::exists(dir_ / "artifacts" / "kit" / (case_name() + ".diff.png")));
  EXPECT_FALSE(fs::exists(dir_ / "artifacts" / "kit" / (case_name() + ".actual.png")));
}

TEST_F(CaseKit, APassWithinToleranceSaysSo) {
  golden_settings().update = GoldenUpdate::kAll;
  ASSERT_TRUE(record([&] { expect_golden(); }).messages.empty());
  golden_settings().update = GoldenUpdate::kNone;
  game_.shade = 30;
  ::testing::internal::CaptureStdout();
  const Recorded r = record([&] { expect_golden({.max_diff_pixels = 100000}); });
  const std::string said = ::testing::internal::GetCapturedStdout();
  EXPECT_TRUE(r.messages.empty());
  EXPECT_THAT(said, HasSubstr("passed within tolerance"));
  EXPECT_THAT(said, HasSubstr("pixels differ (100000 allowed; "));
}

// Counts its ticks in a static: a second run in the same process starts where the first ended.
class LeakyCounter final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override { box_ = world.spawn("box", {0, 0}, {4, 4}); }
  void tick(World& world, SimTime) override {
    static int ticks = 0;
    world.find(box_)->position.x = ++ticks;
  }

 private:
  ActorId box_ = 0;
};

TEST_F(CaseKit, ADeterministicGamePassesExpectDeterministic) {
  const Recorded r = record(
      [&] { EXPECT_TRUE(expect_deterministic([] { return std::make_unique<Counter>(); }, 30)); });
  EXPECT_TRUE(r.messages.empty()) << r.messages.front();
}

TEST_F(CaseKit, ALeakingStaticFailsExpectDeterministicAtItsFirstFrameNamingTheField) {
  const Recorded r = record([&] {
    EXPECT_FALSE(expect_deterministic([] { return std::make_unique<LeakyCounter>(); }, 30));
  });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_FALSE(r.fatal);
  EXPECT_THAT(r.messages[0],
              HasSubstr("case kit/a_leaking_static_fails_expect_deterministic_at_its_first_frame_"
                        "naming_the_field: not deterministic over 30 frames: a second run in this "
                        "process (the heap perturbed, falling address order) first differs at "
                        "frame 1"));
  EXPECT_THAT(r.messages[0], HasSubstr("frame 1: actor 1 (box) x: recorded 1, replayed 31"));
}

}  // namespace
}  // namespace framecheck
