// replay's options as its parser reads them.
#include "replay_command.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "parse_args.hpp"

namespace framecheck::cli {
namespace {

TEST(ReplayOptions, ReplayTakesEveryOption) {
  auto r = parse_args(parse_replay, {"replay", "s.jsonl", "--verify", "--at", "90", "--json",
                                     "--png", "10:a.png", "--png=20:b.png", "--metrics-csv",
                                     "m.csv", "--plot", "p.png", "--no-progress"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_TRUE(std::holds_alternative<ReplayCommandOptions>(*r));
  EXPECT_EQ(options_of(r).file, "s.jsonl");
  EXPECT_TRUE(options_of(r).verify);
  EXPECT_EQ(options_of(r).at, 90);
  EXPECT_TRUE(options_of(r).json);
  EXPECT_EQ(options_of(r).pngs, (std::vector<std::string>{"10:a.png", "20:b.png"}));
  EXPECT_EQ(options_of(r).metrics_csv, "m.csv");
  EXPECT_EQ(options_of(r).plot, "p.png");
  EXPECT_FALSE(options_of(r).progress);
}

TEST(ReplayOptions, PerturbHeapIsRisingOrFalling) {
  auto r = parse_args(parse_replay, {"replay", "s.jsonl", "--verify", "--perturb-heap", "rising"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).perturb_heap, "rising");
  auto none = parse_args(parse_replay, {"replay", "s.jsonl"});
  ASSERT_TRUE(none);
  EXPECT_EQ(options_of(none).perturb_heap, "");
  auto bad = parse_args(parse_replay, {"replay", "s.jsonl", "--perturb-heap", "sideways"});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message().find("--perturb-heap is rising or falling"), std::string::npos);
}

TEST(ReplayOptions, ClipTakesARangeAndItsPictureAfterTheSession) {
  auto r = parse_args(parse_replay, {"replay", "s.jsonl", "--clip", "170:230", "clip.png"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).file, "s.jsonl");
  EXPECT_EQ(options_of(r).clip, "170:230");
  EXPECT_EQ(options_of(r).clip_out, "clip.png");
  EXPECT_FALSE(parse_args(parse_replay, {"replay", "s.jsonl", "--clip", "1:2"}));
  EXPECT_FALSE(parse_args(parse_replay, {"replay", "s.jsonl", "--clip", "1:2", ""}));
}

TEST(ReplayOptions, JobsGoWithVerifyAlone) {
  auto r = parse_args(parse_replay, {"replay", "s.jsonl", "--verify", "--jobs", "3"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).jobs, 3u);
  auto cores = parse_args(parse_replay, {"replay", "s.jsonl", "--verify", "--jobs=0"});
  ASSERT_TRUE(cores) << cores.error().message();
  EXPECT_GE(options_of(cores).jobs, 1u);
  // A verify alone is on every core unless told; anything else on one thread.
  EXPECT_EQ(options_of(parse_args(parse_replay, {"replay", "s.jsonl", "--verify"})).jobs,
            options_of(cores).jobs);
  EXPECT_EQ(
      options_of(parse_args(parse_replay, {"replay", "s.jsonl", "--verify", "--jobs", "1"})).jobs,
      1u);
  EXPECT_EQ(
      options_of(parse_args(parse_replay, {"replay", "s.jsonl", "--verify", "--at", "5"})).jobs,
      1u);
  EXPECT_EQ(options_of(parse_args(parse_replay, {"replay", "s.jsonl", "--at", "5"})).jobs, 1u);
  for (const auto& args : {std::vector<const char*>{"replay", "s.jsonl", "--jobs", "2"},
                           {"replay", "s.jsonl", "--verify", "--jobs", "2", "--at", "5"},
                           {"replay", "s.jsonl", "--verify", "--jobs", "2", "--from", "5"},
                           {"replay", "s.jsonl", "--verify", "--jobs", "2", "--plot", "p.png"}}) {
    auto bad = parse_args(parse_replay, args);
    ASSERT_FALSE(bad) << args.size();
    EXPECT_NE(bad.error().message().find("--jobs goes with --verify alone"), std::string::npos)
        << bad.error().message();
  }
  EXPECT_FALSE(parse_args(parse_replay, {"replay", "s.jsonl", "--verify", "--jobs", "257"}));
  EXPECT_FALSE(parse_args(parse_replay, {"replay", "s.jsonl", "--verify", "--jobs", "-1"}));
}

TEST(ReplayOptions, ReplayRejectsBadUse) {
  EXPECT_FALSE(parse_args(parse_replay, {"replay"}));
  EXPECT_FALSE(parse_args(parse_replay, {"replay", "a", "b"}));
  EXPECT_FALSE(parse_args(parse_replay, {"replay", "a", "--at", "0"}));
  EXPECT_FALSE(parse_args(parse_replay, {"replay", "a", "--json"}));
}

}  // namespace
}  // namespace framecheck::cli
