// record's options as its parser reads them.
#include "record_command.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "parse_args.hpp"

namespace framecheck::cli {
namespace {

TEST(RecordOptions, RecordNeedsFramesAndOut) {
  EXPECT_FALSE(parse_args(parse_record, {"record", "--game", "arena"}));
  auto r = parse_args(parse_record, {"record", "--frames", "1800", "--out", "s.jsonl"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_TRUE(std::holds_alternative<RecordCommandOptions>(*r));
  EXPECT_EQ(options_of(r).game, "");
  EXPECT_EQ(options_of(r).frames, 1800);
  EXPECT_EQ(options_of(r).out, "s.jsonl");
  EXPECT_EQ(options_of(r).fps, 0) << "0: the game's own";
  EXPECT_EQ(options_of(r).checkpoint_every, 0);
  EXPECT_FALSE(options_of(r).realtime);
}

TEST(RecordOptions, RecordTakesEveryOption) {
  auto r =
      parse_args(parse_record, {"record", "--game",  "arena",    "--frames",   "10",
                                "--out",  "o",       "--fps",    "144",        "--seed",
                                "3",      "--input", "in.jsonl", "--realtime", "--checkpoint-every",
                                "5",      "--width", "320",      "--height",   "200"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).fps, 144);
  EXPECT_EQ(options_of(r).seed, 3u);
  EXPECT_EQ(options_of(r).input, "in.jsonl");
  EXPECT_TRUE(options_of(r).realtime);
  EXPECT_EQ(options_of(r).checkpoint_every, 5);
  EXPECT_EQ(options_of(r).width, 320);
  EXPECT_EQ(options_of(r).height, 200);
}

TEST(RecordOptions, RecordRefusesACheckpointIntervalItsReplayWouldRefuse) {
  EXPECT_FALSE(parse_args(
      parse_record, {"record", "--frames", "1", "--out", "s", "--checkpoint-every", "2000000000"}));
  EXPECT_TRUE(parse_args(
      parse_record, {"record", "--frames", "1", "--out", "s", "--checkpoint-every", "1000000000"}));
}

}  // namespace
}  // namespace framecheck::cli
