// goldens' options, and status and accept over what real golden checks left.
#include "goldens_command.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <framecheck/golden/golden.hpp>
#include <framecheck/golden/golden_record.hpp>
#include <framecheck/image/png_io.hpp>
#include <fstream>
#include <functional>
#include <sstream>

#include "exit_codes.hpp"
#include "parse_args.hpp"
#include "test_folder.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

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
  int run(GoldensCommandOptions o) {
    out_.str("");
    err_.str("");
    return run_goldens(o, out_, err_);
  }
  TestFolder tmp_;
  const fs::path root_ = tmp_.path();
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

// A result file rewritten so that its size and hash fit a file that is not the case's frame.
void forge_result(const fs::path& result, const std::string& actual_bytes,
                  const std::function<void(GoldenRecord&)>& change = {}) {
  Result<GoldenRecord> r = read_golden_record(result);
  ASSERT_TRUE(r) << r.error().message();
  r->actual_bytes = actual_bytes.size();
  r->actual_hash = golden_bytes_hash(actual_bytes);
  if (change) change(*r);
  std::ofstream(result, std::ios::binary | std::ios::trunc) << golden_record_json(*r);
}

TEST_F(Goldens, AcceptInstallsOnlyAPngOfThePixelsItsCaseCompared) {
  const std::string before = bytes_of(root_ / "golden/kit/changed.png");
  GoldensCommandOptions o = options_;
  o.action = GoldensCommandOptions::Action::kAccept;
  const std::string not_png = "GIF89a, not a frame at all";
  const std::string other_size = [] {
    Image img(4, 4);
    return encode_png(img);
  }();
  for (const std::string& planted : {not_png, other_size}) {
    std::ofstream(root_ / "artifacts/kit/changed.actual.png", std::ios::binary) << planted;
    forge_result(root_ / "artifacts/kit/changed.result.json", planted);
    EXPECT_EQ(run(o), kExitBadInput) << out_.str();
    EXPECT_THAT(err_.str(), HasSubstr("changed.actual.png"));
    EXPECT_THAT(err_.str(), HasSubstr("no golden was changed"));
    EXPECT_EQ(bytes_of(root_ / "golden/kit/changed.png"), before);
    EXPECT_FALSE(fs::exists(root_ / "golden/kit/missing.png"));
  }
  EXPECT_THAT(err_.str(), HasSubstr("holds 4x4 pixels, but its check counted 64"));
}

// A disk that fills after the first golden (a file-size limit stands for it) leaves every golden
// and every result file as it was, and no temporary beside them.
TEST_F(Goldens, AcceptIsAllOrNothingOnAFullDisk) {
  const std::string changed_before = bytes_of(root_ / "golden/kit/changed.png");
  const std::string result_before = bytes_of(root_ / "artifacts/kit/changed.result.json");
  const rlim_t limit = 200;
  ASSERT_LT(frame(200, 3).size(), limit) << "a golden fits under the limit";
  ASSERT_GT(result_before.size(), limit) << "its result file does not";
  GoldensCommandOptions o = options_;
  o.action = GoldensCommandOptions::Action::kAccept;
  struct rlimit saved {};
  ::getrlimit(RLIMIT_FSIZE, &saved);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = saved;
  small.rlim_cur = limit;
  ::setrlimit(RLIMIT_FSIZE, &small);
  const int status = run(o);
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(status, kExitBadInput);
  EXPECT_THAT(err_.str(), HasSubstr("no golden was changed"));
  EXPECT_EQ(bytes_of(root_ / "golden/kit/changed.png"), changed_before);
  EXPECT_EQ(bytes_of(root_ / "artifacts/kit/changed.result.json"), result_before);
  EXPECT_FALSE(fs::exists(root_ / "golden/kit/missing.png"));
  for (const fs::path& folder : {root_ / "golden/kit", root_ / "artifacts/kit"}) {
    for (const fs::directory_entry& e : fs::directory_iterator(folder))
      EXPECT_EQ(e.path().string().find(".tmp-"), std::string::npos) << e.path();
  }
  // With room again, the same command accepts both.
  ASSERT_EQ(run(o), kExitOk) << err_.str();
  EXPECT_THAT(out_.str(), HasSubstr("2 goldens accepted"));
}

// A case id is the result file's to say: a newline in it must not print a forged verdict.
TEST_F(Goldens, NamesFromResultFilesArePrintedEscaped) {
  const fs::path result = root_ / "artifacts/kit/changed.result.json";
  const std::string actual = bytes_of(root_ / "artifacts/kit/changed.actual.png");
  forge_result(result, actual, [](GoldenRecord& r) {
    r.case_id = "Kit.Changed\nkit/forged.png: clean (case Kit.Forged)\x1b[2K";
  });
  run(options_);
  const std::string text = out_.str();
  EXPECT_THAT(text, Not(HasSubstr("\nkit/forged.png")));
  EXPECT_THAT(text, Not(HasSubstr("\x1b")));
  EXPECT_THAT(text, HasSubstr("(case Kit.Changed\\u000akit/forged.png: clean (case Kit.Forged)"
                              "\\u001b[2K)"));
  GoldensCommandOptions o = options_;
  o.action = GoldensCommandOptions::Action::kAccept;
  o.cases = {"kit/\nnothing"};
  EXPECT_EQ(run(o), kExitBadInput);
  EXPECT_THAT(err_.str(), HasSubstr("no golden or case called 'kit/\\u000anothing'"));
}

}  // namespace
}  // namespace framecheck::cli
