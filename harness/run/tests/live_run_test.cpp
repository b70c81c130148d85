#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/run/live_run.hpp>
#include <framecheck/run/replayer.hpp>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

// Follows the pointer and steps while a key is held: every kind of input reaches the world.
class Follower final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override { world.spawn("follower", {0, 0}, {2, 2}); }
  void tick(World& world, SimTime) override {
    Actor& a = world.actors()[0];
    a.position = target_;
    a.velocity.x += held_ ? 1 : 0;
  }
  void on_key(const KeyEvent&) override { held_ = true; }
  void on_key_up(const KeyEvent&) override { held_ = false; }
  void on_pointer(const PointerEvent& p) override { target_ = p.position; }

 private:
  bool held_ = false;
  Vec2 target_;
};

SessionHeader header() {
  SessionHeader h;
  h.game = "follower";
  h.run.surface_width = 64;
  h.run.surface_height = 36;
  h.checkpoint_every = 7;
  return h;
}

TEST(LiveRun, RecordsWhatItIsGivenFrameByFrameAndTheRecordingVerifies) {
  const TestFolder dir;
  const fs::path out = dir / "a.jsonl";
  {
    Follower game;
    auto run = LiveRun::start(game, {.header = header(), .out = out});
    ASSERT_TRUE(run) << run.error().message();
    const std::vector<std::vector<InputEvent>> inputs = {
        {},
        {KeyPress{"KeyD"}},
        {Pointer{{PointerKind::kMove, {10.5, 3}, 0, {}}}},
        {},
        {KeyRelease{"KeyD"}, Pointer{{PointerKind::kWheel, {1, 1}, 0, {0, 2}}}},
        {}};
    // Uneven frame lengths, as a live loop measures them.
    for (std::size_t i = 0; i < 20; ++i) {
      ASSERT_TRUE(
          (*run)->frame(i < inputs.size() ? inputs[i] : std::vector<InputEvent>{},
                        SimTime(10'000'000 + 1'234'567 * static_cast<std::int64_t>(i % 5))));
    }
    EXPECT_EQ(static_cast<Engine&>((*run)->simulation()).world()->actors()[0].position,
              (Vec2{1, 1}));
    ASSERT_TRUE((*run)->finish());
  }
  auto reader = SessionReader::open(out);
  ASSERT_TRUE(reader);
  Follower replayed;
  auto report = replay_session(*reader, replayed, {.verify = true});
  ASSERT_TRUE(report) << report.error().message();
  EXPECT_EQ(report->frames, 20u);
  EXPECT_EQ(report->checkpoints, 3u) << "frames 7 and 14, and the last";
  EXPECT_EQ(report->checked_frames, 20u);
  EXPECT_TRUE(report->divergences.empty());
  EXPECT_FALSE(report->first_divergent_frame.has_value());
}

TEST(LiveRun, WithoutAFileItRunsAndWritesNothing) {
  Follower game;
  auto run = LiveRun::start(game, {.header = header()});
  ASSERT_TRUE(run);
  ASSERT_TRUE((*run)->frame({}, SimTime(16'666'667)));
  EXPECT_EQ((*run)->frames(), 1u);
  EXPECT_TRUE((*run)->finish());
}

TEST(LiveRun, ARunWithNoFramesLeavesNoFile) {
  const TestFolder dir;
  const fs::path out = dir / "empty.jsonl";
  Follower game;
  auto run = LiveRun::start(game, {.header = header(), .out = out});
  ASSERT_TRUE(run);
  const Status s = (*run)->finish();
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message().find("the run ended before its first frame"), std::string::npos);
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(fs::exists(out.string() + ".partial"));
}

TEST(LiveRun, AHeaderItsReplayWouldRefuseIsRefusedAtTheStart) {
  SessionHeader h = header();
  h.run.tick_rate = 0;
  const TestFolder dir;
  Follower game;
  auto run = LiveRun::start(game, {.header = h, .out = dir / "bad.jsonl"});
  ASSERT_FALSE(run);
  EXPECT_NE(run.error().message().find("tick_rate"), std::string::npos) << run.error().message();
}

}  // namespace
}  // namespace framecheck
