#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/run/recorder.hpp>
#include <framecheck/run/session_player.hpp>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

// Moves by random steps, faster while a key is held, and as a gamepad's stick says: any replay
// mistake shows in its checksum. It declares the key and the stick, unless made forgetful.
class Drifter final : public Game {
 public:
  explicit Drifter(bool declares = true) : declares_(declares) {}
  void declare_state(StateArchive& state) override {
    if (!declares_) return;
    state.flag("held", held_);
    state.number("stick", stick_);
  }
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
  bool declares_;
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
  EXPECT_EQ(player.simulation().checksum(), recorded_checksum(60));
  player.seek(15);  // back: from the keyframe at 0, the only one in 90 frames
  EXPECT_EQ(player.frame(), 15u);
  EXPECT_EQ(player.simulation().checksum(), recorded_checksum(15));
  EXPECT_EQ(player.rewinds(), 1u);
  EXPECT_EQ(player.restarts(), 0u) << "restored, not made again";
  player.seek(16);  // forward: one step
  EXPECT_EQ(player.simulation().checksum(), recorded_checksum(16));
  EXPECT_EQ(player.rewinds(), 1u);
}

// A game whose declaration misses the stick: the keyframe at 0, restored after frame 60, keeps
// the stick as it was at 60, so frame 15 comes out wrong; its recorded checksum says so, and the
// player replays from the first frame instead, from then on.
TEST_F(Player, AGameThatIsNotRollbackSafeIsReplayedFromTheFirstFrame) {
  const LoadedSession forgetful = [&] {
    const TestFolder dir;
    RecordOptions o;
    o.header.game = "drifter";
    o.frames = 90;
    o.input.add(10, Gamepad{{GamepadKind::kConnected, 0, 0, 0, "Pad"}});
    o.input.add(10, Gamepad{{GamepadKind::kAxis, 0, kPadLeftX, -0.75, {}}});
    Drifter game(false);
    EXPECT_TRUE(record_session(game, o, dir / "f.jsonl"));
    auto reader = SessionReader::open(dir / "f.jsonl");
    return *load_session(*reader);
  }();
  SessionPlayer player(forgetful, [] { return std::make_unique<Drifter>(false); }, {});
  player.seek(60);
  player.seek(15);
  EXPECT_EQ(player.simulation().checksum(), *forgetful.frames[14].checksum);
  EXPECT_EQ(player.restarts(), 1u);
  EXPECT_EQ(player.keyframes(), 0u) << "no keyframe is trusted after one disagreed";
  player.seek(80);
  player.seek(12);
  EXPECT_EQ(player.simulation().checksum(), *forgetful.frames[11].checksum);
  EXPECT_EQ(player.restarts(), 2u);
}

// Keyframes every kKeyframeEvery frames: a seek back restores the nearest and steps the rest.
TEST_F(Player, KeepsAKeyframeEveryFewHundredFramesAndRestoresTheNearest) {
  constexpr std::uint64_t k = SessionPlayer::kKeyframeEvery;
  LoadedSession longer;
  longer.header = session.header;
  const FixedRate rate(60);
  for (std::uint64_t n = 1; n <= 3 * k + 50; ++n) {
    FrameRecord f;
    f.frame = n;
    f.dt = rate.step_length(static_cast<std::int64_t>(n));
    if (n % 97 == 0) f.inputs.push_back(KeyPress{"KeyD"});
    if (n % 97 == 30) f.inputs.push_back(KeyRelease{"KeyD"});
    longer.frames.push_back(std::move(f));
  }
  std::vector<std::uint64_t> straight;
  {
    SessionPlayer once(longer, make_drifter, {});
    while (once.step())
      straight.push_back(once.simulation().checksum());
  }
  SessionPlayer player(longer, make_drifter, {});
  player.seek(3 * k + 50);
  EXPECT_EQ(player.keyframes(), 4u);  // 0, k, 2k, 3k
  for (const std::uint64_t to : {2 * k + 7, k, k - 1, 3 * k + 49, 1ul}) {
    player.seek(to);
    EXPECT_EQ(player.simulation().checksum(), straight[to - 1]) << "at " << to;
  }
  EXPECT_EQ(player.restarts(), 0u);
}

TEST_F(Player, StepsToTheEndAndNoFurther) {
  SessionPlayer player(session, make_drifter, {});
  EXPECT_EQ(player.next_dt(), session.frames[0].dt);
  player.seek(1000);
  EXPECT_EQ(player.frame(), 90u);
  EXPECT_FALSE(player.step());
  EXPECT_EQ(player.next_dt(), SimTime(0));
  EXPECT_EQ(player.simulation().checksum(), recorded_checksum(90));
}

TEST_F(Player, AGamepadsRecordedStickIsFedBackOnEverySeek) {
  const TestFolder dir;
  SessionPlayer player(session, make_drifter, {});
  for (const std::uint64_t frame : {85u, 55u, 75u, 49u, 90u}) {
    player.seek(frame);
    EXPECT_EQ(player.simulation().checksum(), recorded_checksum(frame)) << "at " << frame;
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
  EXPECT_TRUE(player.simulation().diagnostics().enabled());
  player.toggle_overlay();
  EXPECT_FALSE(player.simulation().diagnostics().enabled());
  player.seek(25);
  EXPECT_FALSE(player.simulation().diagnostics().enabled()) << "the viewer's toggle was lost";
  player.seek(5);
  EXPECT_TRUE(player.simulation().diagnostics().enabled()) << "before the recorded toggle: flipped";
}

}  // namespace
}  // namespace framecheck
