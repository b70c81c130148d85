// goldens' options, and status and accept over what real golden checks left.
#include "goldens_command.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <framecheck/golden/golden.hpp>
#include <framecheck/image/png_io.hpp>
#include <fstream>
#include <sstream>

#include "exit_codes.hpp"
#include "parse_args.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

std::string frame(std::uint8_t shade, int mark_x = -1) {
  Image img(8, 8);
  for (std::size_t i = 0; i < img.pixels(); ++i) {
    const bool mark = static_cast<int>(i % 8) == mark_x;
    img.rgba[4 * i] = img.rgba[4 * i + 1] = img.rgba[4 * i + 2] = mark ? 0 : shade;
    img.rgba[4 * i + 3] = 255;
  }
  return encode_png(img);
}

std::string bytes_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(GoldensOptions, TakesAnActionCasesAndTheFolders) {
  const auto status_parse = parse_args(parse_goldens, {"goldens", "status"});
  EXPECT_EQ(options_of(status_parse).action, GoldensCommandOptions::Action::kStatus);
  const auto accept_parse = parse_args(parse_goldens, {"goldens", "accept", "arena/a", "Kit.B",
                                                       "--golden-dir", "g", "--artifacts-dir=x"});
  const auto& accept = options_of(accept_parse);
  EXPECT_EQ(accept.action, GoldensCommandOptions::Action::kAccept);
  EXPECT_EQ(accept.cases, (std::vector<std::string>{"arena/a", "Kit.B"}));
  EXPECT_EQ(accept.golden_dir, "g");
  EXPECT_EQ(accept.artifacts_dir, "x");
  EXPECT_FALSE(parse_args(parse_goldens, {"goldens"}));
  EXPECT_FALSE(parse_args(parse_goldens, {"goldens", "approve"}));
  EXPECT_FALSE(parse_args(parse_goldens, {"goldens", "status", "extra"}));
  EXPECT_FALSE(parse_args(parse_goldens, {"goldens", "status", "--golden-dir="}));
}

TEST(GoldensOptions, FoldersDefaultAsTheCaseKitsDo) {
  ::setenv("FRAMECHECK_GOLDEN_DIR", "/g", 1);
  ::unsetenv("FRAMECHECK_ARTIFACTS_DIR");
  const auto parsed = parse_args(parse_goldens, {"goldens", "status"});
  const auto& o = options_of(parsed);
  EXPECT_EQ(o.golden_dir, "/g");
  EXPECT_EQ(o.artifacts_dir, "artifacts");
  ::unsetenv("FRAMECHECK_GOLDEN_DIR");
}

// A suite's run, made by the golden checks themselves: one golden clean, one changed by a
// pixel, one missing, one no case checked.
class Goldens : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("framecheck-goldens-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    options_.golden_dir = (root_ / "golden").string();
    options_.artifacts_dir = (root_ / "artifacts").string();
    GoldenSettings write{root_ / "golden", root_ / "artifacts", GoldenUpdate::kAll, "", "W.W"};
    for (const char* name : {"clean", "changed", "stale"})
      ASSERT_TRUE(check_golden("kit", name, frame(200), write).passed());
    fs::remove_all(root_ / "artifacts");
    GoldenSettings run{root_ / "golden", root_ / "artifacts", GoldenUpdate::kNone, "", ""};
    run.case_id = "Kit.Clean";
    ASSERT_TRUE(check_golden("kit", "clean", frame(200), run).passed());
    run.case_id = "Kit.Changed";
    ASSERT_FALSE(check_golden("kit", "changed", frame(200, 3), run).passed());
    run.case_id = "Kit.Missing";
    ASSERT_FALSE(check_golden("kit", "missing", frame(90), run).passed());
  }
  void TearDown() override { fs::remove_all(root_); }
  int run(GoldensCommandOptions o) {
    out_.str("");
    err_.str("");
    return run_goldens(o, out_, err_);
  }
  fs::path root_;
  GoldensCommandOptions options_;
  std::ostringstream out_, err_;
};

TEST_F(Goldens, StatusNamesEachGoldenAndItsState) {
  EXPECT_EQ(run(options_), kExitMismatch);
  const std::string text = out_.str();
  EXPECT_THAT(text, HasSubstr("kit/changed.png: changed: 8 of 64 pixels differ; 8 beyond "
                              "pixelmatch's threshold 0.1 (0 allowed) (case Kit.Changed)"));
  EXPECT_THAT(text, HasSubstr("kit/missing.png: missing: no golden yet (case Kit.Missing)"));
  EXPECT_THAT(text, HasSubstr("kit/stale.png: stale: no case checked it"));
  EXPECT_THAT(text, HasSubstr("kit/clean.png: clean (case Kit.Clean)"));
  EXPECT_THAT(text, HasSubstr("4 goldens: 1 clean, 1 changed, 1 missing, 1 stale, 0 unreadable"));
}

TEST_F(Goldens, AcceptCopiesTheRunsFramesAndStatusThenReadsThemClean) {
  GoldensCommandOptions o = options_;
  o.action = GoldensCommandOptions::Action::kAccept;
  ASSERT_EQ(run(o), kExitOk) << err_.str();
  EXPECT_THAT(out_.str(), HasSubstr("accepted " + (root_ / "golden/kit/changed.png").string()));
  EXPECT_THAT(out_.str(), HasSubstr("created " + (root_ / "golden/kit/missing.png").string()));
  EXPECT_THAT(out_.str(), HasSubstr("2 goldens accepted"));
  EXPECT_EQ(bytes_of(root_ / "golden/kit/changed.png"), frame(200, 3));
  EXPECT_EQ(bytes_of(root_ / "golden/kit/missing.png"), frame(90));
  // The next run of the case passes without writing anything.
  GoldenSettings again{root_ / "golden", root_ / "artifacts", GoldenUpdate::kNone, "",
                       "Kit.Changed"};
  EXPECT_EQ(check_golden("kit", "changed", frame(200, 3), again).outcome,
            GoldenResult::Outcome::kMatched);
  run(options_);
  EXPECT_THAT(out_.str(), HasSubstr("3 clean, 0 changed, 0 missing, 1 stale"));
}

TEST_F(Goldens, AcceptTakesCasesByTheirNamesAndRefusesUnknownOnes) {
  GoldensCommandOptions o = options_;
  o.action = GoldensCommandOptions::Action::kAccept;
  o.cases = {"prefix.Kit.Changed"};  // as ctest names it
  ASSERT_EQ(run(o), kExitOk) << err_.str();
  EXPECT_THAT(out_.str(), HasSubstr("1 golden accepted"));
  EXPECT_FALSE(fs::exists(root_ / "golden/kit/missing.png"));
  o.cases = {"kit/nothing"};
  EXPECT_EQ(run(o), kExitBadInput);
  EXPECT_THAT(err_.str(), HasSubstr("no golden or case called 'kit/nothing'"));
}

TEST_F(Goldens, AcceptRefusesAFrameItsCaseDidNotLeave) {
  const std::string before = bytes_of(root_ / "golden/kit/changed.png");
  // A frame put there by hand, not by the check whose result lies beside it.
  std::ofstream(root_ / "artifacts/kit/changed.actual.png", std::ios::binary) << frame(10);
  GoldensCommandOptions o = options_;
  o.action = GoldensCommandOptions::Action::kAccept;
  EXPECT_EQ(run(o), kExitBadInput);
  EXPECT_THAT(err_.str(), HasSubstr("is not the frame its case left"));
  EXPECT_EQ(bytes_of(root_ / "golden/kit/changed.png"), before);
  EXPECT_FALSE(fs::exists(root_ / "golden/kit/missing.png")) << "a refusal writes nothing";
  // And a stale golden has no frame at all to accept.
  o.cases = {"kit/stale"};
  EXPECT_EQ(run(o), kExitBadInput);
  EXPECT_THAT(err_.str(), HasSubstr("no case checked it"));
}

TEST_F(Goldens, ABadResultFileNamesItself) {
  std::ofstream(root_ / "artifacts/kit/clean.result.json") << "{\"suite\": 3}";
  EXPECT_EQ(run(options_), kExitBadInput);
  EXPECT_THAT(err_.str(), HasSubstr("clean.result.json"));
  GoldensCommandOptions o = options_;
  o.artifacts_dir = (root_ / "nowhere").string();
  EXPECT_EQ(run(o), kExitBadInput);
  EXPECT_THAT(err_.str(), HasSubstr("no such folder"));
}

}  // namespace
}  // namespace framecheck::cli
