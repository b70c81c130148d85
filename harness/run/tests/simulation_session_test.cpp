// Sessions of a game on no engine of framecheck's (tests/games/kite.hpp): recorded, verified,
// started from a keyframe and watched, as framecheck's own engine's are; another build of it
// fails the verify at the frame its rule changed, naming the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/run/recorder.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/run/session_player.hpp>
#include <kite.hpp>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;
using testing::Kite;
using testing::kite_factory;

RecordOptions kite_record(std::uint64_t frames) {
  RecordOptions r;
  r.header.game = "kite";
  r.header.run = Kite().run();
  r.header.checkpoint_every = 30;
  r.header.keyframe_every = 60;
  r.frames = frames;
  r.input.add(5, KeyPress{"ArrowRight"});
  r.input.add(90, KeyRelease{"ArrowRight"});
  r.input.add(100, Gamepad{{GamepadKind::kConnected, 0, 0, 0, "pad"}});
  r.input.add(100, Gamepad{{GamepadKind::kAxis, 0, kPadLeftX, -0.5, ""}});
  r.input.add(150, Pointer{{PointerKind::kDown, {60, 10}, 0, {}}});
  r.input.add(160, Pointer{{PointerKind::kUp, {60, 10}, 0, {}}});
  return r;
}

class SimulationSession : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(record_session(kite_factory(), kite_record(240), path_)); }
  Result<ReplayReport> replay(const SimulationFactory& make, ReplayOptions options = {}) {
    Result<SessionReader> reader = SessionReader::open(path_);
    EXPECT_TRUE(reader);
    options.verify = true;
    return replay_session(*reader, make, options);
  }
  TestFolder dir_;
  fs::path path_ = dir_.path() / "kite.jsonl";
};

TEST_F(SimulationSession, RecordsAndVerifiesEveryFrame) {
  Result<ReplayReport> report = replay(kite_factory());
  ASSERT_TRUE(report) << report.error().message();
  EXPECT_EQ(report->frames, 240u);
  EXPECT_EQ(report->checked_frames, 240u);
  EXPECT_EQ(report->checkpoints, 8u);
  EXPECT_EQ(report->keyframes, 4u);
  EXPECT_EQ(report->first_divergent_frame, std::nullopt);
  EXPECT_TRUE(report->divergences.empty());
}

TEST_F(SimulationSession, AnotherBuildFailsAtTheFrameItsRuleChangedNamingTheField) {
  Result<ReplayReport> report = replay(kite_factory(Kite::Bug::kChangedRule));
  ASSERT_TRUE(report) << report.error().message();
  ASSERT_TRUE(report->first_divergent_frame);
  EXPECT_EQ(report->first_divergent_frame->frame, 40u);
  ASSERT_EQ(report->first_divergent_frame->differences.size(), 2u);
  EXPECT_EQ(report->first_divergent_frame->differences[0].rfind("checksum: recorded ", 0), 0u);
  EXPECT_EQ(report->first_divergent_frame->differences[1].rfind("game y: recorded ", 0), 0u)
      << report->first_divergent_frame->differences[1];
}

TEST_F(SimulationSession, StartsFromAKeyframeAndVerifiesTheRest) {
  ReplayOptions from;
  from.from_frame = 200;
  Result<ReplayReport> report = replay(kite_factory(), from);
  ASSERT_TRUE(report) << report.error().message();
  EXPECT_EQ(report->started_after, 180u);
  EXPECT_EQ(report->checked_frames, 60u);
  EXPECT_TRUE(report->divergences.empty());
  EXPECT_EQ(report->first_divergent_frame, std::nullopt);
}

TEST_F(SimulationSession, PlaysToAnyFrameForwardsAndBack) {
  Result<SessionReader> reader = SessionReader::open(path_);
  ASSERT_TRUE(reader);
  Result<LoadedSession> loaded = load_session(*reader);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->keyframes.size(), 4u);
  SessionPlayer player(*loaded, kite_factory(), {});
  for (const std::uint64_t at : {200u, 45u, 239u, 3u}) {
    player.seek(at);
    EXPECT_EQ(player.frame(), at);
    EXPECT_EQ(player.simulation().checksum(), *loaded->frames[at - 1].checksum) << at;
  }
  EXPECT_EQ(player.restarts(), 0u);
}

// Formats 1 to 3 keep framecheck's engine's world checksum alone: nothing to compare a game on
// its own engine with, so neither record nor replay runs one.
TEST(SimulationSessionFormat, AnOldFormatIsRefusedWithTheReason) {
  TestFolder dir;
  RecordOptions old = kite_record(10);
  old.header.format = 3;
  const Status s = record_session(kite_factory(), old, dir.path() / "old.jsonl");
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message().find("a session of format 3 keeps checksums of framecheck's "
                                     "engine's world alone"),
            std::string::npos)
      << s.error().message();
  EXPECT_FALSE(fs::exists(dir.path() / "old.jsonl.partial"));
}

}  // namespace
}  // namespace framecheck
