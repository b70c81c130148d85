#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <framecheck/golden/golden.hpp>
#include <framecheck/image/png_io.hpp>
#include <fstream>

namespace framecheck {
namespace {

namespace fs = std::filesystem;

Image square(int w, int h, std::uint8_t shade, int mark_x = -1) {
  Image img(w, h);
  for (std::size_t i = 0; i < img.pixels(); ++i) {
    const bool mark = static_cast<int>(i % w) == mark_x;
    img.rgba[4 * i] = img.rgba[4 * i + 1] = img.rgba[4 * i + 2] = mark ? 0 : shade;
    img.rgba[4 * i + 3] = 255;
  }
  return img;
}

class Golden : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("framecheck-golden-" +
             std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(root_);
    settings_ = {root_ / "golden", root_ / "artifacts", false, "run-me --update-goldens"};
  }
  void TearDown() override { fs::remove_all(root_); }
  void put_golden(const Image& img) {
    fs::create_directories(root_ / "golden" / "suite");
    ASSERT_TRUE(write_png(img, root_ / "golden" / "suite" / "case.png"));
  }
  fs::path root_;
  GoldenSettings settings_;
};

TEST_F(Golden, IdenticalBytesMatch) {
  put_golden(square(8, 8, 200));
  const auto r = check_golden("suite", "case", encode_png(square(8, 8, 200)), settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kMatched);
  EXPECT_FALSE(fs::exists(root_ / "artifacts"));
}

TEST_F(Golden, AMismatchFailsAndLeavesActualDiffAndExpected) {
  put_golden(square(8, 8, 200));
  const auto r = check_golden("suite", "case", encode_png(square(8, 8, 200, 3)), settings_);
  EXPECT_FALSE(r.passed());
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kMismatched);
  EXPECT_EQ(r.mismatched, 8u);
  EXPECT_TRUE(fs::exists(r.actual_artifact));
  EXPECT_TRUE(fs::exists(r.diff_artifact));
  EXPECT_TRUE(fs::exists(root_ / "artifacts" / "suite" / "case.expected.png"));
  EXPECT_NE(r.message.find("8 of 64 pixels differ"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find(r.diff_artifact.string()), std::string::npos) << r.message;
}

TEST_F(Golden, ATolerancePassesAFewPixels) {
  put_golden(square(8, 8, 200));
  GoldenTolerance t;
  t.max_diff_pixels = 8;
  const auto r = check_golden("suite", "case", encode_png(square(8, 8, 200, 3)), settings_, t);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kWithinTolerance);
  EXPECT_TRUE(r.passed());
}

TEST_F(Golden, AMissingGoldenFailsAndSaysHowToCreateIt) {
  const auto r = check_golden("suite", "case", encode_png(square(8, 8, 1)), settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kMissing);
  EXPECT_NE(r.message.find("run-me --update-goldens"), std::string::npos) << r.message;
  EXPECT_TRUE(fs::exists(r.actual_artifact));
}

TEST_F(Golden, ASizeChangeIsAFailureNamingBothSizes) {
  put_golden(square(8, 8, 200));
  const auto r = check_golden("suite", "case", encode_png(square(9, 8, 200)), settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kSizeMismatch);
  EXPECT_NE(r.message.find("8x8"), std::string::npos);
  EXPECT_NE(r.message.find("9x8"), std::string::npos);
}

TEST_F(Golden, UpdateModeWritesTheGoldenAndThenItMatches) {
  settings_.update = true;
  const std::string png = encode_png(square(8, 8, 50));
  auto r = check_golden("suite", "case", png, settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kWritten);
  r = check_golden("suite", "case", png, settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kMatched) << "an unchanged golden was rewritten";
  settings_.update = false;
  EXPECT_EQ(check_golden("suite", "case", png, settings_).outcome, GoldenResult::Outcome::kMatched);
  EXPECT_EQ(std::distance(fs::directory_iterator(root_ / "golden" / "suite"), {}), 1)
      << "a temporary was left";
}

TEST_F(Golden, ACorruptGoldenIsReportedAsSuch) {
  fs::create_directories(root_ / "golden" / "suite");
  std::ofstream(root_ / "golden" / "suite" / "case.png") << "not a png";
  const auto r = check_golden("suite", "case", encode_png(square(8, 8, 1)), settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kBadGolden);
  EXPECT_NE(r.message.find("case.png"), std::string::npos);
}

TEST(GoldenSettingsTest, EnvironmentOverridesTheDefaults) {
  ::setenv("FRAMECHECK_UPDATE_GOLDENS", "1", 1);
  ::setenv("FRAMECHECK_ARTIFACTS_DIR", "/tmp/a", 1);
  auto s = GoldenSettings::from_environment("g", "b");
  EXPECT_TRUE(s.update);
  EXPECT_EQ(s.artifacts_dir, "/tmp/a");
  ::setenv("FRAMECHECK_UPDATE_GOLDENS", "0", 1);
  ::unsetenv("FRAMECHECK_ARTIFACTS_DIR");
  s = GoldenSettings::from_environment("g", "b");
  EXPECT_FALSE(s.update);
  EXPECT_EQ(s.artifacts_dir, "b");
  ::unsetenv("FRAMECHECK_UPDATE_GOLDENS");
}

}  // namespace
}  // namespace framecheck

namespace framecheck {
namespace {

class GoldenMask : public Golden {};

// A region that legitimately varies (a clock, say) is masked out of a golden case, as
// Playwright's mask does; the diff picture paints it, so a reviewer sees what was left out.
TEST_F(GoldenMask, AMaskedRegionIsLeftOutAndPaintedInTheDiff) {
  put_golden(square(8, 8, 200));
  GoldenTolerance tolerance;
  tolerance.diff.ignore = {{3, 0, 3, 7}};  // the column the mark is drawn in
  const auto masked =
      check_golden("suite", "case", encode_png(square(8, 8, 200, 3)), settings_, tolerance);
  EXPECT_TRUE(masked.passed()) << masked.message;
  EXPECT_EQ(masked.mismatched, 0u);
  // With a change outside the mask as well, the case fails, and the diff shows both.
  Image changed = square(8, 8, 200, 3);
  changed.rgba[(7 * 8 + 7) * 4] = 0;
  const auto failed = check_golden("suite", "case", encode_png(changed), settings_, tolerance);
  EXPECT_EQ(failed.outcome, GoldenResult::Outcome::kMismatched);
  EXPECT_EQ(failed.mismatched, 1u);
  Result<Image> diff = read_png(failed.diff_artifact);
  ASSERT_TRUE(diff);
  const auto px = [&](int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * 8 + x) * 4;
    return std::array<int, 3>{diff->rgba[i], diff->rgba[i + 1], diff->rgba[i + 2]};
  };
  EXPECT_EQ(px(3, 4), (std::array<int, 3>{255, 0, 255})) << "the mask, painted";
  EXPECT_EQ(px(7, 7), (std::array<int, 3>{255, 0, 0})) << "the difference, in red";
}

}  // namespace
}  // namespace framecheck
