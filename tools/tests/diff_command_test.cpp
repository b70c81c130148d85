#include "diff_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "exit_codes.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;
const std::string kPairs = FRAMECHECK_PIXELMATCH_DIR;

struct Outcome {
  int status;
  std::string out, err;
};

Outcome diff(DiffCommandOptions o) {
  std::ostringstream out, err;
  const int status = run_diff(o, out, err);
  return {status, out.str(), err.str()};
}

DiffCommandOptions pair(const std::string& name) {
  DiffCommandOptions o;
  o.expected = kPairs + "/" + name + ".expected.png";
  o.actual = kPairs + "/" + name + ".actual.png";
  o.json = true;
  return o;
}

// End to end through the command: the count pixelmatch 7.2.0 recorded for every pair, at the
// thresholds and anti-aliasing settings the command exposes.
TEST(DiffCommand, CountsWhatPixelmatchCountsOnEveryRecordedPair) {
  std::ifstream in(kPairs + "/expected.json");
  const auto expected = nlohmann::json::parse(in);
  int checked = 0;
  for (const auto& r : expected["results"]) {
    const auto& opts = r["options"];
    if (opts.contains("diffMask") || opts.contains("diffColorAlt") || opts.contains("checkerboard"))
      continue;
    DiffCommandOptions o = pair(r["pair"]);
    o.threshold = opts.value("threshold", 0.1);
    o.include_aa = opts.value("includeAA", false);
    o.alpha = opts.value("alpha", 0.1);
    const Outcome run = diff(o);
    const auto report = nlohmann::json::parse(run.out);
    EXPECT_EQ(report["mismatched"], r["mismatched"]) << r["pair"] << " " << opts.dump();
    EXPECT_EQ(run.status, r["mismatched"] == 0 ? kExitOk : kExitMismatch);
    ++checked;
  }
  EXPECT_GE(checked, 60);
}

TEST(DiffCommand, JsonHasWidthHeightMismatchedAndPassed) {
  const Outcome run = diff(pair("noise"));
  const auto report = nlohmann::json::parse(run.out);
  EXPECT_EQ(report["width"], 64);
  EXPECT_EQ(report["height"], 48);
  EXPECT_TRUE(report["mismatched"].is_number());
  EXPECT_EQ(report["passed"], false);
}

TEST(DiffCommand, MaxDiffPixelsIsTheTolerance) {
  DiffCommandOptions o = pair("noise");
  o.max_diff_pixels = 95;
  EXPECT_EQ(diff(o).status, kExitOk);
  o.max_diff_pixels = 94;
  EXPECT_EQ(diff(o).status, kExitMismatch);
}

TEST(DiffCommand, ASizeMismatchIsADifferenceNamingBothSizes) {
  DiffCommandOptions o = pair("noise");
  o.actual = kPairs + "/discs_shifted.actual.png";
  o.json = false;
  const Outcome run = diff(o);
  EXPECT_EQ(run.status, kExitMismatch);
  EXPECT_NE(run.out.find("64x48"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("80x60"), std::string::npos) << run.out;
}

TEST(DiffCommand, BadInputExitsTwoNamingTheFile) {
  const fs::path dir = fs::temp_directory_path() / "framecheck-diff-command-test";
  fs::create_directories(dir);
  std::ofstream(dir / "text.png") << "hello";
  std::string png;
  {
    std::ifstream in(kPairs + "/noise.actual.png", std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    png = s.str();
  }
  std::ofstream(dir / "cut.png", std::ios::binary) << png.substr(0, png.size() / 2);
  for (const fs::path& bad : {dir / "missing.png", dir / "text.png", dir / "cut.png"}) {
    DiffCommandOptions o = pair("noise");
    o.actual = bad.string();
    const Outcome run = diff(o);
    EXPECT_EQ(run.status, kExitBadInput) << bad;
    EXPECT_NE(run.err.find(bad.string()), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty());
  }
  fs::remove_all(dir);
}

TEST(DiffCommand, WritesTheDiffPicture) {
  const fs::path out = fs::temp_directory_path() / "framecheck-diff-command-test.png";
  fs::remove(out);
  DiffCommandOptions o = pair("discs_shifted");
  o.diff_png = out.string();
  diff(o);
  EXPECT_TRUE(fs::exists(out));
  fs::remove(out);
}

}  // namespace
}  // namespace framecheck::cli
