// explore's options as its parser reads them, and its refusals. Its runs are tested through a
// real binary with planted bugs (tests/games/explore_findings.sh).
#include "explore_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "exit_codes.hpp"
#include "parse_args.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;

TEST(ExploreOptions, Defaults) {
  auto r = parse_args(parse_explore, {"explore"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).game, "");
  EXPECT_EQ(options_of(r).runs, 100);
  EXPECT_EQ(options_of(r).frames, 600);
  EXPECT_EQ(options_of(r).seed, 1u);
  EXPECT_EQ(options_of(r).out, "framecheck-findings");
  EXPECT_EQ(options_of(r).time_limit, 0);
  EXPECT_EQ(options_of(r).hang_ms, 2000);
  EXPECT_EQ(options_of(r).jobs, 1);
  EXPECT_EQ(options_of(r).check, "");
  EXPECT_TRUE(options_of(r).progress);
}

TEST(ExploreOptions, TakesEveryOption) {
  auto r = parse_args(
      parse_explore,
      {"explore", "--game", "arena", "--runs",  "300",          "--frames",     "90",
       "--seed",  "7",      "--out", "found",   "--time-limit", "2.5",          "--hang-ms",
       "250",     "--jobs", "2",     "--check", "in.jsonl",     "--no-progress"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).game, "arena");
  EXPECT_EQ(options_of(r).runs, 300);
  EXPECT_EQ(options_of(r).frames, 90);
  EXPECT_EQ(options_of(r).seed, 7u);
  EXPECT_EQ(options_of(r).out, "found");
  EXPECT_EQ(options_of(r).time_limit, 2.5);
  EXPECT_EQ(options_of(r).hang_ms, 250);
  EXPECT_EQ(options_of(r).jobs, 2);
  EXPECT_EQ(options_of(r).check, "in.jsonl");
  EXPECT_FALSE(options_of(r).progress);
}

TEST(ExploreOptions, RefusesNumbersOutOfRange) {
  for (const auto& [option, value] :
       {std::pair{"--runs", "0"}, std::pair{"--frames", "0"}, std::pair{"--seed", "-1"},
        std::pair{"--time-limit", "-1"}, std::pair{"--hang-ms", "0"}, std::pair{"--runs", "1x"},
        std::pair{"--jobs", "0"}}) {
    auto r = parse_args(parse_explore, {"explore", option, value});
    ASSERT_FALSE(r) << option << " " << value;
    EXPECT_NE(r.error().message().find(option), std::string::npos) << r.error().message();
  }
  EXPECT_FALSE(parse_args(parse_explore, {"explore", "--out", ""}));
  EXPECT_FALSE(parse_args(parse_explore, {"explore", "stray"}));
}

TEST(Explore, AnUnknownGameOrAFolderWithFilesInItIsBadInput) {
  std::ostringstream out, err;
  ExploreCommandOptions o;
  o.game = "nosuch";
  EXPECT_EQ(run_explore(o, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("nosuch"), std::string::npos) << err.str();

  const fs::path folder = fs::temp_directory_path() / "framecheck-explore-test-full";
  fs::remove_all(folder);
  fs::create_directories(folder);
  std::ofstream(folder / "earlier.txt") << "a finding a person kept\n";
  o.game = "arena";
  o.out = folder.string();
  err.str("");
  EXPECT_EQ(run_explore(o, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("is not empty"), std::string::npos) << err.str();
  EXPECT_TRUE(fs::exists(folder / "earlier.txt"));
  fs::remove_all(folder);
  EXPECT_EQ(out.str(), "");
}

TEST(Explore, AMissingCheckScriptIsBadInput) {
  std::ostringstream out, err;
  ExploreCommandOptions o;
  o.game = "arena";
  o.check = "/no/such/input.jsonl";
  EXPECT_EQ(run_explore(o, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("/no/such/input.jsonl"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace framecheck::cli
