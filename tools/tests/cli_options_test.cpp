#include "cli_options.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace framecheck::cli {
namespace {

Result<CliOptions> parse(std::vector<const char*> args) {
  args.insert(args.begin(), "framecheck");
  return parse_cli(static_cast<int>(args.size()), args.data());
}

TEST(CliOptions, NoCommandIsHelp) {
  auto r = parse({});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->command, Command::kHelp);
  EXPECT_NE(r->help.find("usage: framecheck"), std::string::npos);
}

TEST(CliOptions, DemoDefaults) {
  auto r = parse({"demo"});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->command, Command::kDemo);
  EXPECT_EQ(r->demo.game, "");
  EXPECT_EQ(r->demo.frames, 600);
  EXPECT_EQ(r->demo.fps, 60);
  EXPECT_EQ(r->demo.width, 1280);
  EXPECT_EQ(r->demo.height, 720);
  EXPECT_TRUE(r->demo.png.empty());
}

TEST(CliOptions, DemoTakesEveryOption) {
  auto r = parse({"demo", "--frames", "10", "--fps=144", "--seed", "9", "--width", "64", "--height",
                  "48", "--png", "out.png", "--game", "arena"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->demo.frames, 10);
  EXPECT_EQ(r->demo.fps, 144);
  EXPECT_EQ(r->demo.seed, 9u);
  EXPECT_EQ(r->demo.width, 64);
  EXPECT_EQ(r->demo.height, 48);
  EXPECT_EQ(r->demo.png, "out.png");
}

TEST(CliOptions, BadValuesAreErrorsNamingTheOption) {
  for (auto args : std::vector<std::vector<const char*>>{{"demo", "--frames", "0"},
                                                         {"demo", "--fps", "abc"},
                                                         {"demo", "--width", "-3"},
                                                         {"demo", "--bogus"},
                                                         {"demo", "stray"}}) {
    auto r = parse(args);
    ASSERT_FALSE(r) << args[1] << " " << (args.size() > 2 ? args[2] : "");
    EXPECT_NE(r.error().message().find("demo"), std::string::npos);
  }
}

TEST(CliOptions, DiffDefaultsMatchPixelmatch) {
  auto r = parse({"diff", "a.png", "b.png"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->command, Command::kDiff);
  EXPECT_EQ(r->diff.expected, "a.png");
  EXPECT_EQ(r->diff.actual, "b.png");
  EXPECT_EQ(r->diff.threshold, 0.1);
  EXPECT_FALSE(r->diff.include_aa);
  EXPECT_EQ(r->diff.alpha, 0.1);
  EXPECT_EQ(r->diff.max_diff_pixels, 0u);
  EXPECT_TRUE(r->diff.diff_png.empty());
  EXPECT_FALSE(r->diff.json);
}

TEST(CliOptions, DiffTakesEveryOption) {
  auto r = parse({"diff", "--threshold", "0.25", "--include-aa", "--alpha=0.5", "--max-diff-pixels",
                  "12", "--diff", "d.png", "--json", "a.png", "b.png"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->diff.threshold, 0.25);
  EXPECT_TRUE(r->diff.include_aa);
  EXPECT_EQ(r->diff.alpha, 0.5);
  EXPECT_EQ(r->diff.max_diff_pixels, 12u);
  EXPECT_EQ(r->diff.diff_png, "d.png");
  EXPECT_TRUE(r->diff.json);
}

TEST(CliOptions, DiffRejectsBadValues) {
  for (auto args :
       std::vector<std::vector<const char*>>{{"diff", "a.png"},
                                             {"diff", "a", "b", "c"},
                                             {"diff", "a", "b", "--threshold", "1.5"},
                                             {"diff", "a", "b", "--alpha", "-1"},
                                             {"diff", "a", "b", "--max-diff-pixels", "x"}}) {
    EXPECT_FALSE(parse(args)) << args.size();
  }
}

TEST(CliOptions, DiffTakesEveryPixelmatchOptionAndIgnoredRegions) {
  auto r = parse({"diff", "a.png", "b.png", "--diff-color", "0,0,255", "--aa-color=0,255,255",
                  "--diff-color-alt", "10,20,30", "--diff-mask", "--ignore", "0:0-9:4",
                  "--ignore=20:5-30:8,40:0-41:1", "--max-pixels", "5000"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->diff.diff_color, (std::array<std::uint8_t, 3>{0, 0, 255}));
  EXPECT_EQ(r->diff.aa_color, (std::array<std::uint8_t, 3>{0, 255, 255}));
  EXPECT_EQ(r->diff.diff_color_alt, (std::array<std::uint8_t, 3>{10, 20, 30}));
  EXPECT_TRUE(r->diff.diff_mask);
  EXPECT_EQ(r->diff.ignore,
            (std::vector<IgnoreRegion>{{0, 0, 9, 4}, {20, 5, 30, 8}, {40, 0, 41, 1}}));
  EXPECT_EQ(r->diff.max_pixels, 5000u);
  for (const char* bad :
       {"--diff-color=256,0,0", "--diff-color=1,2", "--aa-color=a,b,c", "--ignore=5:5-1:1",
        "--ignore=1:2:3:4", "--ignore=-1:0-3:3", "--max-pixels=0"}) {
    auto e = parse({"diff", "a.png", "b.png", bad});
    ASSERT_FALSE(e) << bad;
    EXPECT_NE(e.error().message().find("diff"), std::string::npos);
  }
}

TEST(CliOptions, RecordNeedsFramesAndOut) {
  EXPECT_FALSE(parse({"record", "--game", "arena"}));
  auto r = parse({"record", "--frames", "1800", "--out", "s.jsonl"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->command, Command::kRecord);
  EXPECT_EQ(r->record.game, "");
  EXPECT_EQ(r->record.frames, 1800);
  EXPECT_EQ(r->record.out, "s.jsonl");
  EXPECT_EQ(r->record.fps, 60);
  EXPECT_EQ(r->record.checkpoint_every, 0);
  EXPECT_FALSE(r->record.realtime);
}

TEST(CliOptions, RecordTakesEveryOption) {
  auto r = parse({"record", "--game",  "arena",    "--frames",   "10",
                  "--out",  "o",       "--fps",    "144",        "--seed",
                  "3",      "--input", "in.jsonl", "--realtime", "--checkpoint-every",
                  "5",      "--width", "320",      "--height",   "200"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->record.fps, 144);
  EXPECT_EQ(r->record.seed, 3u);
  EXPECT_EQ(r->record.input, "in.jsonl");
  EXPECT_TRUE(r->record.realtime);
  EXPECT_EQ(r->record.checkpoint_every, 5);
  EXPECT_EQ(r->record.width, 320);
  EXPECT_EQ(r->record.height, 200);
}

TEST(CliOptions, ReplayTakesEveryOption) {
  auto r = parse({"replay", "s.jsonl", "--verify", "--at", "90", "--json", "--png", "10:a.png",
                  "--png=20:b.png", "--metrics-csv", "m.csv", "--plot", "p.png", "--no-progress"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->command, Command::kReplay);
  EXPECT_EQ(r->replay.file, "s.jsonl");
  EXPECT_TRUE(r->replay.verify);
  EXPECT_EQ(r->replay.at, 90);
  EXPECT_TRUE(r->replay.json);
  EXPECT_EQ(r->replay.pngs, (std::vector<std::string>{"10:a.png", "20:b.png"}));
  EXPECT_EQ(r->replay.metrics_csv, "m.csv");
  EXPECT_EQ(r->replay.plot, "p.png");
  EXPECT_FALSE(r->replay.progress);
}

TEST(CliOptions, ReplayRejectsBadUse) {
  EXPECT_FALSE(parse({"replay"}));
  EXPECT_FALSE(parse({"replay", "a", "b"}));
  EXPECT_FALSE(parse({"replay", "a", "--at", "0"}));
  EXPECT_FALSE(parse({"replay", "a", "--json"}));
}

TEST(CliOptions, WholeNumbersArePlainDecimalOnly) {
  for (const char* bad :
       {"0x10", "1e3", "+5", " 5", "5 ", "", "10frames", "99999999999999999999"}) {
    auto r = parse({"record", "--frames", bad, "--out", "s.jsonl"});
    ASSERT_FALSE(r) << "'" << bad << "'";
    EXPECT_NE(r.error().message().find("--frames must be a whole number"), std::string::npos)
        << r.error().message();
  }
  EXPECT_FALSE(parse({"replay", "s.jsonl", "--at", "0x10"}));
  EXPECT_FALSE(parse({"demo", "--seed", "0x10"}));
  EXPECT_FALSE(parse({"diff", "a", "b", "--max-diff-pixels", "-1"}));
}

TEST(CliOptions, FlagsHonourAnExplicitValue) {
  auto off = parse({"replay", "s.jsonl", "--verify=false", "--log=false"});
  ASSERT_TRUE(off) << off.error().message();
  EXPECT_FALSE(off->replay.verify);
  EXPECT_FALSE(off->replay.log);
  auto on = parse({"replay", "s.jsonl", "--verify=true"});
  ASSERT_TRUE(on);
  EXPECT_TRUE(on->replay.verify);
  EXPECT_FALSE(parse({"replay", "s.jsonl", "--verify=maybe"}));
  auto aa = parse({"diff", "a", "b", "--include-aa=false", "--json=true"});
  ASSERT_TRUE(aa);
  EXPECT_FALSE(aa->diff.include_aa);
  EXPECT_TRUE(aa->diff.json);
}

TEST(CliOptions, AnEmptyFileNameNamesItsOption) {
  const std::vector<std::pair<std::vector<const char*>, const char*>> cases = {
      {{"record", "--frames", "1", "--out", ""}, "--out"},
      {{"record", "--frames", "1", "--out", "s", "--input", ""}, "--input"},
      {{"replay", "s.jsonl", "--plot", ""}, "--plot"},
      {{"replay", "s.jsonl", "--metrics-csv="}, "--metrics-csv"},
      {{"diff", "a", "b", "--diff", ""}, "--diff"},
      {{"demo", "--png", ""}, "--png"}};
  for (const auto& [args, option] : cases) {
    auto r = parse(args);
    ASSERT_FALSE(r) << option;
    EXPECT_NE(r.error().message().find(std::string(option) + " needs a file name"),
              std::string::npos)
        << r.error().message();
  }
}

TEST(CliOptions, RecordRefusesACheckpointIntervalItsReplayWouldRefuse) {
  EXPECT_FALSE(
      parse({"record", "--frames", "1", "--out", "s", "--checkpoint-every", "2000000000"}));
  EXPECT_TRUE(parse({"record", "--frames", "1", "--out", "s", "--checkpoint-every", "1000000000"}));
}

TEST(CliOptions, ReportTakesEveryOption) {
  auto r = parse({"report", "--junit", "a.xml", "--junit", "b.xml", "--golden-dir", "golden",
                  "--artifacts-dir", "artifacts", "--session", "s.jsonl", "--out", "site",
                  "--title", "nightly"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->command, Command::kReport);
  EXPECT_EQ(r->report.junit, (std::vector<std::string>{"a.xml", "b.xml"}));
  EXPECT_EQ(r->report.golden_dir, "golden");
  EXPECT_EQ(r->report.artifacts_dir, "artifacts");
  EXPECT_EQ(r->report.sessions, (std::vector<std::string>{"s.jsonl"}));
  EXPECT_EQ(r->report.out, "site");
  EXPECT_EQ(r->report.title, "nightly");
  EXPECT_FALSE(parse({"report", "--out", "site"}));
  EXPECT_FALSE(parse({"report", "--junit", "a.xml"}));
  EXPECT_FALSE(parse({"report", "--junit", "", "--out", "site"}));
}

TEST(CliOptions, PlayDefaults) {
  auto r = parse({"play"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->command, Command::kPlay);
  const PlayCommandOptions& p = r->play;
  EXPECT_EQ(p.game, "");
  EXPECT_EQ(p.seed, 1u);
  EXPECT_EQ(std::pair(p.width, p.height), std::pair(1280, 720));
  EXPECT_TRUE(p.record.empty());
  EXPECT_EQ(p.fps_cap, 0);
  EXPECT_TRUE(p.vsync);
  EXPECT_EQ(p.frames, 0);
  EXPECT_EQ(p.checkpoint_every, 0);
}

TEST(CliOptions, PlayTakesEveryOption) {
  auto r = parse({"play", "--game", "arena", "--seed", "7", "--size", "960x540", "--record",
                  "s.jsonl", "--fps-cap", "144", "--vsync=false", "--frames", "600",
                  "--checkpoint-every", "30", "--debug=cells,spawner"});
  ASSERT_TRUE(r) << r.error().message();
  const PlayCommandOptions& p = r->play;
  EXPECT_EQ(p.seed, 7u);
  EXPECT_EQ(std::pair(p.width, p.height), std::pair(960, 540));
  EXPECT_EQ(p.record, "s.jsonl");
  EXPECT_EQ(p.fps_cap, 144);
  EXPECT_FALSE(p.vsync);
  EXPECT_EQ(p.frames, 600);
  EXPECT_EQ(p.checkpoint_every, 30);
  EXPECT_EQ(p.debug, (std::vector<std::string>{"cells", "spawner"}));  // cxxopts splits lists
  EXPECT_TRUE(parse({"play", "--vsync"})->play.vsync);
}

TEST(CliOptions, ASizeIsWidthByHeight) {
  for (const char* bad :
       {"960", "960x", "x540", "0x540", "960x16385", "960X540", "9 x5", "0x10x10"}) {
    auto r = parse({"play", "--size", bad});
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().message(), std::string("play: --size is WxH, each from 1 to 16384, not '") +
                                       bad + "' (see framecheck play --help)");
  }
  EXPECT_FALSE(parse({"play", "--fps-cap", "1001"}));
  EXPECT_FALSE(parse({"play", "--record", ""}));
}

TEST(CliOptions, ViewTakesASessionAndItsOptions) {
  auto r = parse(
      {"view", "s.jsonl", "--speed", "0.25", "--paused", "--size", "640x360", "--debug=cells"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->command, Command::kView);
  const ViewCommandOptions& v = r->view;
  EXPECT_EQ(v.file, "s.jsonl");
  EXPECT_EQ(v.speed, 0.25);
  EXPECT_TRUE(v.paused);
  EXPECT_EQ(std::pair(v.width, v.height), std::pair(640, 360));
  EXPECT_EQ(v.debug, std::vector<std::string>{"cells"});
  auto d = parse({"view", "s.jsonl"});
  ASSERT_TRUE(d);
  EXPECT_EQ(std::pair(d->view.width, d->view.height), std::pair(0, 0)) << "the session's size";
  EXPECT_EQ(d->view.speed, 1.0);
  EXPECT_FALSE(d->view.paused);
  EXPECT_FALSE(parse({"view"}));
  EXPECT_FALSE(parse({"view", "a.jsonl", "b.jsonl"}));
  EXPECT_FALSE(parse({"view", "s.jsonl", "--speed", "32"}));
}

TEST(CliOptions, UnknownCommandIsAnError) {
  auto r = parse({"explode"});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message().find("explode"), std::string::npos);
}

TEST(CliOptions, CommandHelpIsHelp) {
  auto r = parse({"demo", "--help"});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->command, Command::kHelp);
  EXPECT_NE(r->help.find("--frames"), std::string::npos);
}

}  // namespace
}  // namespace framecheck::cli
