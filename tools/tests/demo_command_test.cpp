#include "demo_command.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "exit_codes.hpp"
#include "parse_args.hpp"

namespace framecheck::cli {
namespace {

TEST(DemoCommand, PrintsThePanelAsTextInItsOrder) {
  DemoOptions o;
  o.game = "arena";
  o.frames = 30;
  o.width = 320;
  o.height = 180;
  std::ostringstream out, err;
  EXPECT_EQ(run_demo(o, out, err), kExitOk) << err.str();
  const std::string text = out.str();
  const std::string head =
      "[0.500 s, frame 30]\nlevel: arena-1 phase: warmup actors: 1\nlevels visited: 1\nsession "
      "time: 0.500\n";
  EXPECT_EQ(text.rfind(head, 0), 0u) << text;
  EXPECT_NE(text.find("\nhost: "), std::string::npos) << text;
  EXPECT_NE(text.find("\nboss: boss not spawned\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nframe: "), std::string::npos);
}

TEST(DemoCommand, AnUnknownDebugIdIsWarnedAboutWithTheIdsTheGameOffers) {
  DemoOptions o;
  o.game = "arena";
  o.frames = 2;
  o.width = 64;
  o.height = 48;
  o.debug = {"cels,spawner"};
  std::ostringstream out, err;
  EXPECT_EQ(run_demo(o, out, err), kExitOk) << err.str();
  EXPECT_EQ(err.str(),
            "framecheck demo: warning: --debug=cels (or FRAMECHECK_DEBUG) names no debug source of "
            "arena; it offers: cells, frame, spawner\n");
}

TEST(DemoCommand, AnUnknownGameIsBadInput) {
  DemoOptions o;
  o.game = "arena";
  o.game = "nope";
  std::ostringstream out, err;
  EXPECT_EQ(run_demo(o, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("nope"), std::string::npos);
}

TEST(DemoCommand, AnUnwritablePngIsBadInputNamingTheFile) {
  DemoOptions o;
  o.game = "arena";
  o.frames = 1;
  o.width = 32;
  o.height = 32;
  o.png = "/nonexistent-dir/x.png";
  std::ostringstream out, err;
  EXPECT_EQ(run_demo(o, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("/nonexistent-dir/x.png"), std::string::npos) << err.str();
}

TEST(DemoOptions, DemoDefaults) {
  auto r = parse_args(parse_demo, {"demo"});
  ASSERT_TRUE(r);
  EXPECT_TRUE(std::holds_alternative<DemoOptions>(*r));
  EXPECT_EQ(options_of(r).game, "");
  EXPECT_EQ(options_of(r).frames, 600);
  EXPECT_EQ(options_of(r).fps, 0) << "0: the game's own";
  EXPECT_EQ(options_of(r).width, 0);
  EXPECT_EQ(options_of(r).height, 0);
  EXPECT_TRUE(options_of(r).png.empty());
}

TEST(DemoOptions, DemoTakesEveryOption) {
  auto r = parse_args(parse_demo, {"demo", "--frames", "10", "--fps=144", "--seed", "9", "--width",
                                   "64", "--height", "48", "--png", "out.png", "--game", "arena"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).frames, 10);
  EXPECT_EQ(options_of(r).fps, 144);
  EXPECT_EQ(options_of(r).seed, 9u);
  EXPECT_EQ(options_of(r).width, 64);
  EXPECT_EQ(options_of(r).height, 48);
  EXPECT_EQ(options_of(r).png, "out.png");
}

TEST(DemoOptions, BadValuesAreErrorsNamingTheOption) {
  for (auto args : std::vector<std::vector<const char*>>{{"demo", "--frames", "0"},
                                                         {"demo", "--fps", "abc"},
                                                         {"demo", "--width", "-3"},
                                                         {"demo", "--bogus"},
                                                         {"demo", "stray"}}) {
    auto r = parse_args(parse_demo, args);
    ASSERT_FALSE(r) << args[1] << " " << (args.size() > 2 ? args[2] : "");
    EXPECT_NE(r.error().message().find("demo"), std::string::npos);
  }
}

TEST(DemoOptions, CommandHelpIsHelp) {
  auto r = parse_args(parse_demo, {"demo", "--help"});
  ASSERT_TRUE(r);
  ASSERT_TRUE(std::holds_alternative<HelpText>(*r));
  EXPECT_NE(std::get<HelpText>(*r).text.find("--frames"), std::string::npos);
}

}  // namespace
}  // namespace framecheck::cli
