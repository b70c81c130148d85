#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/run/recorder.hpp>
#include <framecheck/run/session_player.hpp>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

// Moves by random steps, faster while a key is held, and as a gamepad's stick says: any replay
// mistake shows in its checksum.
class Drifter final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override { world.spawn("drifter", {0, 0}, {2, 2}); }
  void tick(World& world, SimTime) override {
    world.actors()[0].position.x += world.rng().uniform(0, 1) + (held_ ? 5 : 0) + 3 * stick_;
  }
  void on_key(const KeyEvent&) override { held_ = true; }
  void on_key_up(const KeyEvent&) override { held_ = false; }
  void on_gamepad(const GamepadEvent& g) override {
    if (g.kind == GamepadKind::kAxis) stick_ = g.value;
  }

 private:
  bool held_ = false;
  double stick_ = 0;
};

class Player : public ::testing::Test {
 protected:
  void SetUp() override {
    // Only the loaded session outlives SetUp; the recording and its folder go with it.
    const TestFolder dir;
    const fs::path path = dir / "drifter.jsonl";
    RecordOptions o;
    o.header.game = "drifter";
    o.header.run.surface_width = 64;
    o.header.run.surface_height = 36;
    o.frames = 90;
    o.input.add(10, KeyPress{"KeyD"});
    o.input.add(20, KeyPress{"Backquote"});
    o.input.add(40, KeyRelease{"KeyD"});
    o.input.add(50, Gamepad{{GamepadKind::kConnected, 0, 0, 0, "Pad"}});
    o.input.add(50, Gamepad{{GamepadKind::kAxis, 0, kPadLeftX, -0.75, {}}});
    o.input.add(70, Gamepad{{GamepadKind::kAxis, 0, kPadLeftX, 0.3, {}}});
    Drifter game;
    ASSERT_TRUE(record_session(game, o, path));
    auto reader = SessionReader::open(path);
    ASSERT_TRUE(reader);
    auto loaded = load_session(*reader);
    ASSERT_TRUE(loaded) << loaded.error().message();
    session = std::move(*loaded);
  }
  std::uint64_t recorded_checksum(std::uint64_t frame) const {
    return *session.frames[frame - 1].checksum;
  }
  LoadedSession session;
};

std::unique_ptr<Game> make_drifter() {
  return std::make_unique<Drifter>();
}

TEST_F(Player, SeeksForwardAndBackToTheRecordedWorld) {
  ASSERT_EQ(session.frames.size(), 90u);
  SessionPlayer player(session, make_drifter, {});
  EXPECT_EQ(player.frame(), 0u);
  player.seek(60);
  EXPECT_EQ(player.frame(), 60u);
  EXPECT_EQ(player.engine().world()->checksum(), recorded_checksum(60));
  player.seek(15);  // back: from the start
  EXPECT_EQ(player.frame(), 15u);
  EXPECT_EQ(player.engine().world()->checksum(), recorded_checksum(15));
  EXPECT_EQ(player.restarts(), 1u);
  player.seek(16);  // forward: one step, no restart
  EXPECT_EQ(player.engine().world()->checksum(), recorded_checksum(16));
  EXPECT_EQ(player.restarts(), 1u);
}

TEST_F(Player, StepsToTheEndAndNoFurther) {
  SessionPlayer player(session, make_drifter, {});
  EXPECT_EQ(player.next_dt(), session.frames[0].dt);
  player.seek(1000);
  EXPECT_EQ(player.frame(), 90u);
  EXPECT_FALSE(player.step());
  EXPECT_EQ(player.next_dt(), SimTime(0));
  EXPECT_EQ(player.engine().world()->checksum(), recorded_checksum(90));
}

TEST_F(Player, AGamepadsRecordedStickIsFedBackOnEverySeek) {
  const TestFolder dir;
  SessionPlayer player(session, make_drifter, {});
  for (const std::uint64_t frame : {85u, 55u, 75u, 49u, 90u}) {
    player.seek(frame);
    EXPECT_EQ(player.engine().world()->checksum(), recorded_checksum(frame)) << "at " << frame;
  }
  // The stick moved the drifter: without it, the frames after 50 would differ.
  Drifter alone;
  RecordOptions o;
  o.header.game = "drifter";
  o.frames = 90;
  o.input.add(10, KeyPress{"KeyD"});
  o.input.add(40, KeyRelease{"KeyD"});
  const fs::path path = dir / "no-stick.jsonl";
  ASSERT_TRUE(record_session(alone, o, path));
  auto reader = SessionReader::open(path);
  auto without = load_session(*reader);
  ASSERT_TRUE(without);
  EXPECT_EQ(*without->frames[48].checksum, recorded_checksum(49));
  EXPECT_NE(*without->frames[49].checksum, recorded_checksum(50));
}

TEST_F(Player, TheViewersOverlayToggleSurvivesASeekBack) {
  SessionPlayer player(session, make_drifter, {});
  player.seek(30);  // the recording turned the overlay on at frame 20
  EXPECT_TRUE(player.engine().diagnostics().enabled());
  player.toggle_overlay();
  EXPECT_FALSE(player.engine().diagnostics().enabled());
  player.seek(25);
  EXPECT_FALSE(player.engine().diagnostics().enabled()) << "the viewer's toggle was lost";
  player.seek(5);
  EXPECT_TRUE(player.engine().diagnostics().enabled()) << "before the recorded toggle: flipped";
}

}  // namespace
}  // namespace framecheck
