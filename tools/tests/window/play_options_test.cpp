// play's options as its parser reads them.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "parse_args.hpp"
#include "window/play_command.hpp"

namespace framecheck::cli {
namespace {

TEST(PlayOptions, PlayDefaults) {
  auto r = parse_args(parse_play, {"play"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_TRUE(std::holds_alternative<PlayCommandOptions>(*r));
  const PlayCommandOptions& p = options_of(r);
  EXPECT_EQ(p.game, "");
  EXPECT_FALSE(p.seed) << "unset: the game's own";
  EXPECT_EQ(std::pair(p.width, p.height), std::pair(0, 0)) << "0: the game's own";
  EXPECT_TRUE(p.record.empty());
  EXPECT_EQ(p.fps_cap, 0);
  EXPECT_TRUE(p.vsync);
  EXPECT_EQ(p.frames, 0);
  EXPECT_EQ(p.checkpoint_every, 0);
}

TEST(PlayOptions, PlayTakesEveryOption) {
  auto r = parse_args(parse_play,
                      {"play", "--game", "arena", "--seed", "7", "--size", "960x540", "--record",
                       "s.jsonl", "--fps-cap", "144", "--vsync=false", "--frames", "600",
                       "--checkpoint-every", "30", "--debug=cells,spawner"});
  ASSERT_TRUE(r) << r.error().message();
  const PlayCommandOptions& p = options_of(r);
  EXPECT_EQ(p.seed, 7u);
  EXPECT_EQ(std::pair(p.width, p.height), std::pair(960, 540));
  EXPECT_EQ(p.record, "s.jsonl");
  EXPECT_EQ(p.fps_cap, 144);
  EXPECT_FALSE(p.vsync);
  EXPECT_EQ(p.frames, 600);
  EXPECT_EQ(p.checkpoint_every, 30);
  EXPECT_EQ(p.debug, (std::vector<std::string>{"cells", "spawner"}));  // cxxopts splits lists
  EXPECT_TRUE(options_of(parse_args(parse_play, {"play", "--vsync"})).vsync);
}

TEST(PlayOptions, ASizeIsWidthByHeight) {
  for (const char* bad :
       {"960", "960x", "x540", "0x540", "960x16385", "960X540", "9 x5", "0x10x10"}) {
    auto r = parse_args(parse_play, {"play", "--size", bad});
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().message(), std::string("play: --size is WxH, each from 1 to 16384, not '") +
                                       bad + "' (see framecheck play --help)");
  }
  EXPECT_FALSE(parse_args(parse_play, {"play", "--fps-cap", "1001"}));
  EXPECT_FALSE(parse_args(parse_play, {"play", "--record", ""}));
}

}  // namespace
}  // namespace framecheck::cli
