#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <framecheck/golden/golden.hpp>
#include <framecheck/golden/golden_record.hpp>
#include <framecheck/image/png_io.hpp>
#include <fstream>
#include <utility>

#include "test_folder.hpp"

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
    settings_ = {root_ / "golden", root_ / "artifacts", GoldenUpdate::kNone,
                 "run-me --update-goldens", "Suite.Case"};
  }
  void put_golden(const Image& img) {
    fs::create_directories(root_ / "golden" / "suite");
    ASSERT_TRUE(write_png(img, root_ / "golden" / "suite" / "case.png"));
  }
  TestFolder tmp_;
  const fs::path root_ = tmp_.path();
  GoldenSettings settings_;
};

TEST_F(Golden, IdenticalBytesMatch) {
  put_golden(square(8, 8, 200));
  const auto r = check_golden("suite", "case", encode_png(square(8, 8, 200)), settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kMatched);
  EXPECT_FALSE(fs::exists(root_ / "artifacts" / "suite" / "case.actual.png"));
  Result<GoldenRecord> record =
      read_golden_record(root_ / "artifacts" / "suite" / "case.result.json");
  ASSERT_TRUE(record) << record.error().message();
  EXPECT_EQ(record->outcome, "matched");
  EXPECT_EQ(record->case_id, "Suite.Case");
  EXPECT_TRUE(record->passed());
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
  EXPECT_NE(r.message.find("8 of 64 pixels differ; 8 beyond pixelmatch's threshold 0.1"),
            std::string::npos)
      << r.message;
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
  settings_.update = GoldenUpdate::kAll;
  const std::string png = encode_png(square(8, 8, 50));
  auto r = check_golden("suite", "case", png, settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kWritten);
  r = check_golden("suite", "case", png, settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kMatched) << "an unchanged golden was rewritten";
  settings_.update = GoldenUpdate::kNone;
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
  const auto from_environment = [] {
    Result<GoldenSettings> s = GoldenSettings::from_environment("g", "b");
    EXPECT_TRUE(s) << s.error().message();
    return s ? *s : GoldenSettings{};
  };
  ::setenv("FRAMECHECK_UPDATE_GOLDENS", "1", 1);
  ::setenv("FRAMECHECK_ARTIFACTS_DIR", "/tmp/a", 1);
  auto s = from_environment();
  EXPECT_EQ(s.update, GoldenUpdate::kAll);
  EXPECT_EQ(s.artifacts_dir, "/tmp/a");
  for (const auto& [word, mode] :
       {std::pair{"missing", GoldenUpdate::kMissing}, std::pair{"changed", GoldenUpdate::kChanged},
        std::pair{"all", GoldenUpdate::kAll}, std::pair{"none", GoldenUpdate::kNone},
        std::pair{"0", GoldenUpdate::kNone}}) {
    ::setenv("FRAMECHECK_UPDATE_GOLDENS", word, 1);
    EXPECT_EQ(from_environment().update, mode) << word;
  }
  ::setenv("FRAMECHECK_UPDATE_GOLDENS", "", 1);
  ::unsetenv("FRAMECHECK_ARTIFACTS_DIR");
  s = from_environment();
  EXPECT_EQ(s.update, GoldenUpdate::kNone);
  EXPECT_EQ(s.artifacts_dir, "b");
  ::unsetenv("FRAMECHECK_UPDATE_GOLDENS");
}

// A word that meant "no", or a typo, once rewrote every golden; now nothing is guessed.
TEST(GoldenSettingsTest, AnUndocumentedUpdateWordIsAnErrorNamingTheWords) {
  for (const char* word :
       {"false", "no", "off", "true", "yes", "All", "MISSING", "chnaged", "2", " all", "all\n"}) {
    ::setenv("FRAMECHECK_UPDATE_GOLDENS", word, 1);
    Result<GoldenSettings> s = GoldenSettings::from_environment("g", "b");
    ASSERT_FALSE(s) << word << " was read as a mode";
    EXPECT_NE(s.error().message().find("FRAMECHECK_UPDATE_GOLDENS"), std::string::npos);
    EXPECT_NE(s.error().message().find("none, missing, changed, all"), std::string::npos);
    EXPECT_EQ(s.error().message().find('\n'), std::string::npos) << "the word is printed escaped";
  }
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

namespace framecheck {
namespace {

class GoldenExactly : public Golden {
 protected:
  // The golden with one pixel's red moved by two levels: a change no eye sees, and a real one.
  std::string nudged() const {
    Image img = square(8, 8, 200);
    img.rgba[(2 * 8 + 5) * 4] += 2;
    return encode_png(img);
  }
};

TEST_F(GoldenExactly, OnePixelMovedByTwoLevelsFailsAndSaysPixelmatchWouldNotSeeIt) {
  put_golden(square(8, 8, 200));
  const auto r = check_golden("suite", "case", nudged(), settings_);
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kMismatched);
  EXPECT_EQ(r.exact, 1u);
  EXPECT_EQ(r.perceptual, 0u);
  EXPECT_NE(r.message.find("1 of 64 pixels differ; 0 beyond pixelmatch's threshold 0.1"),
            std::string::npos)
      << r.message;
  Result<GoldenRecord> record =
      read_golden_record(root_ / "artifacts" / "suite" / "case.result.json");
  ASSERT_TRUE(record) << record.error().message();
  EXPECT_EQ(record->outcome, "changed");
  EXPECT_EQ(record->exact, 1u);
  EXPECT_EQ(record->actual_bytes, nudged().size());
  EXPECT_EQ(record->actual_hash, golden_bytes_hash(nudged()));
}

TEST_F(GoldenExactly, PixelmatchIsOptIn) {
  put_golden(square(8, 8, 200));
  const auto r = check_golden("suite", "case", nudged(), settings_,
                              {.compare = GoldenTolerance::Compare::kPixelmatch});
  EXPECT_EQ(r.outcome, GoldenResult::Outcome::kMatched) << r.message;
  EXPECT_EQ(r.exact, 1u);
  // Beyond the threshold, the count judged is pixelmatch's and the message says so.
  const auto far = check_golden("suite", "case", encode_png(square(8, 8, 200, 3)), settings_,
                                {.compare = GoldenTolerance::Compare::kPixelmatch});
  EXPECT_EQ(far.outcome, GoldenResult::Outcome::kMismatched);
  EXPECT_NE(far.message.find("8 of 64 pixels differ beyond pixelmatch's threshold 0.1 (0 allowed); "
                             "8 differ at all"),
            std::string::npos)
      << far.message;
}

TEST_F(GoldenExactly, ARatioAllowsAFractionOfTheFrame) {
  put_golden(square(8, 8, 200));
  const std::string eight = encode_png(square(8, 8, 200, 3));  // 8 of 64 pixels: 12.5%
  EXPECT_EQ(
      check_golden("suite", "case", eight, settings_, {.max_diff_pixel_ratio = 0.125}).outcome,
      GoldenResult::Outcome::kWithinTolerance);
  EXPECT_EQ(check_golden("suite", "case", eight, settings_, {.max_diff_pixel_ratio = 0.12}).outcome,
            GoldenResult::Outcome::kMismatched);
  EXPECT_EQ((GoldenTolerance{.max_diff_pixels = 9, .max_diff_pixel_ratio = 0.01}.allowed(64)), 9u);
}

TEST_F(GoldenExactly, UpdateModesWriteWhatTheyName) {
  const std::string first = encode_png(square(8, 8, 200));
  const std::string changed = encode_png(square(8, 8, 200, 3));
  const auto golden_bytes = [&] {
    std::ifstream in(root_ / "golden" / "suite" / "case.png", std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  settings_.update = GoldenUpdate::kMissing;
  EXPECT_EQ(check_golden("suite", "case", first, settings_).outcome,
            GoldenResult::Outcome::kWritten);
  // missing leaves an existing golden alone: the changed frame fails against it.
  EXPECT_EQ(check_golden("suite", "case", changed, settings_).outcome,
            GoldenResult::Outcome::kMismatched);
  EXPECT_EQ(golden_bytes(), first);
  // changed does not rewrite a golden its tolerance let pass...
  settings_.update = GoldenUpdate::kChanged;
  EXPECT_EQ(check_golden("suite", "case", changed, settings_, {.max_diff_pixels = 8}).outcome,
            GoldenResult::Outcome::kWithinTolerance);
  EXPECT_EQ(golden_bytes(), first);
  // ... all does ...
  settings_.update = GoldenUpdate::kAll;
  EXPECT_EQ(check_golden("suite", "case", changed, settings_, {.max_diff_pixels = 8}).outcome,
            GoldenResult::Outcome::kWritten);
  EXPECT_EQ(golden_bytes(), changed);
  // ... and changed rewrites one that fails.
  settings_.update = GoldenUpdate::kChanged;
  EXPECT_EQ(check_golden("suite", "case", first, settings_).outcome,
            GoldenResult::Outcome::kWritten);
  EXPECT_EQ(golden_bytes(), first);
  EXPECT_FALSE(fs::exists(root_ / "artifacts" / "suite" / "case.actual.png"));
}

TEST(GoldenUpdateTest, ModesReadByName) {
  EXPECT_EQ(parse_golden_update("missing"), GoldenUpdate::kMissing);
  EXPECT_EQ(parse_golden_update("changed"), GoldenUpdate::kChanged);
  EXPECT_EQ(parse_golden_update("all"), GoldenUpdate::kAll);
  EXPECT_EQ(parse_golden_update("none"), GoldenUpdate::kNone);
  EXPECT_FALSE(parse_golden_update("some"));
  EXPECT_EQ(golden_update_name(GoldenUpdate::kChanged), "changed");
}

}  // namespace
}  // namespace framecheck
