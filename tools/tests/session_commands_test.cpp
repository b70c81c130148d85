#include <gtest/gtest.h>

#include <arena.hpp>
#include <filesystem>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/image/apng.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/input_file.hpp>
#include <framecheck/run/recorder.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/session/session_reader.hpp>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "exit_codes.hpp"
#include "live_header.hpp"
#include "option_reader.hpp"
#include "record_command.hpp"
#include "replay_command.hpp"
#include "test_folder.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;

class SessionCommands : public ::testing::Test {
 protected:
  int record(RecordCommandOptions o) {
    std::ostringstream out;
    return run_record(o, out, err_);
  }
  int replay(ReplayCommandOptions o) {
    out_.str("");
    err_.str("");
    o.progress = false;
    return run_replay(o, out_, err_);
  }
  fs::path recorded(std::int64_t frames = 180) {
    RecordCommandOptions o;
    o.game = "arena";
    o.frames = frames;
    o.out = (dir_ / "s.jsonl").string();
    o.width = 160;
    o.height = 90;
    EXPECT_EQ(record(o), kExitOk) << err_.str();
    return o.out;
  }
  fs::path write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return dir_ / name;
  }
  std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  TestFolder tmp_;
  const fs::path dir_ = tmp_.path();
  std::ostringstream out_, err_;
};

TEST_F(SessionCommands, RecordThenVerifyExitsZero) {
  const fs::path s = recorded();
  EXPECT_EQ(replay({.file = s.string(), .verify = true}), kExitOk) << err_.str();
  EXPECT_NE(out_.str().find("180 frames, 3 checkpoints, 180 frame checksums, all match"),
            std::string::npos)
      << out_.str();
}

TEST_F(SessionCommands, AChangedSeedExitsOneNamingTheFirstDivergentFrame) {
  std::string text = slurp(recorded());
  text.replace(text.find("\"seed\":1,"), 9, "\"seed\":2,");
  const fs::path s = write("seed2.jsonl", text);
  EXPECT_EQ(replay({.file = s.string(), .verify = true}), kExitMismatch);
  // The seed changes the world from its first frame: the frame checksums say so at frame 1.
  EXPECT_NE(out_.str().find("first differs at frame 1\n  frame 1: checksum: recorded "),
            std::string::npos)
      << out_.str();
  EXPECT_NE(out_.str().find("divergent checkpoints (3 of 3): 60 120 180"), std::string::npos)
      << out_.str();
}

// --jobs verifies the stretches between keyframes side by side and says what one thread says,
// a pass or a divergence, word for word.
TEST_F(SessionCommands, VerifyOnSeveralThreadsSaysWhatOneThreadSays) {
  RecordCommandOptions o;
  o.game = "arena";
  o.frames = 240;
  o.out = (dir_ / "keyed.jsonl").string();
  o.width = 160;
  o.height = 90;
  o.keyframe_every = 60;
  ASSERT_EQ(record(o), kExitOk) << err_.str();
  std::string text = slurp(o.out);
  const fs::path seed2 =
      write("seed2.jsonl", text.replace(text.find("\"seed\":1,"), 9, "\"seed\":2,"));
  for (const fs::path& s : {fs::path(o.out), seed2}) {
    const int one = replay({.file = s.string(), .verify = true});
    const std::string said = out_.str();
    EXPECT_EQ(replay({.file = s.string(), .verify = true, .jobs = 3}), one) << err_.str();
    EXPECT_EQ(out_.str(), said);
    EXPECT_EQ(err_.str(), "");
  }
  EXPECT_EQ(replay({.file = o.out, .verify = true, .jobs = 3}), kExitOk);
  EXPECT_EQ(out_.str(), "verified " + o.out +
                            ": 240 frames, 4 checkpoints, 4 keyframes, 240 frame checksums, "
                            "all match\n");
}

TEST_F(SessionCommands, AtPrintsThePanelOrJson) {
  const fs::path s = recorded();
  EXPECT_EQ(replay({.file = s.string(), .at = 30}), kExitOk);
  EXPECT_NE(out_.str().find("frame 30\n  level: arena-1 phase: warmup actors: 1\n"),
            std::string::npos)
      << out_.str();
  EXPECT_EQ(replay({.file = s.string(), .at = 30, .json = true}), kExitOk);
  const auto j = nlohmann::json::parse(out_.str());
  EXPECT_EQ(j["frame"], 30);
  EXPECT_EQ(j["metrics"]["samples"], 30);
  EXPECT_EQ(j["readings"][0]["name"], "levels visited");
}

TEST_F(SessionCommands, WritesPngsCsvAndPlot) {
  const fs::path s = recorded();
  ReplayCommandOptions o{.file = s.string()};
  o.pngs = {"10:" + (dir_ / "f10.png").string(), "180:" + (dir_ / "f180.png").string()};
  o.metrics_csv = (dir_ / "m.csv").string();
  o.plot = (dir_ / "plot.png").string();
  EXPECT_EQ(replay(o), kExitOk) << err_.str();
  EXPECT_TRUE(fs::exists(dir_ / "f10.png"));
  EXPECT_TRUE(fs::exists(dir_ / "f180.png"));
  EXPECT_TRUE(fs::exists(dir_ / "plot.png"));
  const std::string csv = slurp(dir_ / "m.csv");
  EXPECT_EQ(csv.rfind("frame,sample_ms,mean_ms,p95_ms,p99_ms\n1,", 0), 0u);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 181);
}

// A clip of a session whose frame 100 was altered: every frame in range, frame 100 held.
TEST_F(SessionCommands, AClipAnimatesTheFramesAroundTheDivergence) {
  std::string text = slurp(recorded());
  const std::size_t line = text.find("\"frame\":100,");
  const std::size_t sum = text.find("\"checksum\":\"", line) + 12;
  text.replace(sum, 16, "0123456789abcdef");
  const fs::path s = write("altered.jsonl", text);
  ReplayCommandOptions o{.file = s.string()};
  o.clip = "90:110";
  o.clip_out = (dir_ / "clip.png").string();
  EXPECT_EQ(replay(o), kExitOk) << err_.str() << " (without --verify a divergence is no failure)";
  Result<std::string> bytes = read_input_file(dir_ / "clip.png", kMaxPngBytes, "clip");
  ASSERT_TRUE(bytes);
  EXPECT_EQ(*apng_frame_count(*bytes, "clip"), 21u);
  const std::string held("\x03\xe8\x03\xe8", 4);
  EXPECT_NE(bytes->find(held), std::string::npos) << "frame 100 is held";
  o.clip = "170:190";
  EXPECT_EQ(replay(o), kExitBadInput);
  EXPECT_NE(err_.str().find("frame 190 is past the end"), std::string::npos) << err_.str();
  o.clip = "5:2";
  EXPECT_EQ(replay(o), kExitBadInput);
  EXPECT_NE(err_.str().find("--clip 5:2: expected FROM:TO"), std::string::npos) << err_.str();
}

TEST_F(SessionCommands, BadInputExitsTwoNamingFileAndLine) {
  const std::string text = slurp(recorded(3));
  const std::string header = text.substr(0, text.find('\n') + 1);
  const std::pair<std::string, std::string> cases[] = {
      {header + "{\"type\":\"frame\",\"frame\":1,\"dt\":-1,\"sample\":1}\n",
       ":line 2: frame record: \"dt\" is negative"},
      {header + "not json\n", ":line 2: invalid JSON"},
      {header + "{\"type\":\"bogus\"}\n", ":line 2: unknown record type \"bogus\""},
      {"{\"type\":\"frame\"}\n", ":line 1: expected the session header"},
  };
  for (const auto& [bad, message] : cases) {
    const fs::path s = write("bad.jsonl", bad);
    EXPECT_EQ(replay({.file = s.string(), .verify = true}), kExitBadInput) << bad;
    EXPECT_NE(err_.str().find(s.string() + message), std::string::npos) << err_.str();
  }
  std::string unknown = text;
  unknown.replace(unknown.find("\"game\":\"arena\""), 14, "\"game\":\"chess\"");
  EXPECT_EQ(replay({.file = write("chess.jsonl", unknown).string()}), kExitBadInput);
  EXPECT_NE(err_.str().find("unknown game 'chess'"), std::string::npos) << err_.str();
  EXPECT_EQ(replay({.file = (dir_ / "missing.jsonl").string()}), kExitBadInput);
  EXPECT_EQ(replay({.file = write("ok.jsonl", text).string(), .at = 99}), kExitBadInput);
  EXPECT_NE(err_.str().find("frame 99 is past the end"), std::string::npos) << err_.str();
}

TEST_F(SessionCommands, ATruncatedTailWarnsAndReplaysThePrefix) {
  std::string text = slurp(recorded());
  text.resize(text.size() - 25);
  const fs::path s = write("cut.jsonl", text);
  EXPECT_EQ(replay({.file = s.string(), .verify = true}), kExitOk);
  EXPECT_NE(err_.str().find("warning: " + s.string() + ":line "), std::string::npos) << err_.str();
  EXPECT_NE(err_.str().find("the last line is cut short"), std::string::npos) << err_.str();
}

TEST_F(SessionCommands, AnotherGameVersionWarns) {
  std::string text = slurp(recorded(3));
  text.replace(text.find("\"game_version\":\"1.2.0\""), 22, "\"game_version\":\"0.9.0\"");
  EXPECT_EQ(replay({.file = write("old.jsonl", text).string(), .verify = true}), kExitOk);
  EXPECT_NE(err_.str().find("recorded with arena 0.9.0; this is arena 1.2.0"), std::string::npos)
      << err_.str();
}

TEST_F(SessionCommands, RecordRejectsAnUnknownGameAndABadScript) {
  RecordCommandOptions o;
  o.frames = 1;
  o.out = (dir_ / "x.jsonl").string();
  o.game = "chess";
  EXPECT_EQ(record(o), kExitBadInput);
  o.game = "arena";
  o.input = write("in.jsonl", "{\"frame\": 0}\n").string();
  EXPECT_EQ(record(o), kExitBadInput);
  EXPECT_NE(err_.str().find("in.jsonl:line 1"), std::string::npos) << err_.str();
  EXPECT_FALSE(fs::exists(dir_ / "x.jsonl"));
}

}  // namespace
}  // namespace framecheck::cli
