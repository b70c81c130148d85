#include <gtest/gtest.h>

#include <arena.hpp>
#include <cstdint>
#include <framecheck/checks/rollback_check.hpp>
#include <framecheck/drive/driver.hpp>
#include <framecheck/session/input_script_file.hpp>
#include <vector>

namespace framecheck {
namespace {

InputScript hitch_input() {
  Result<ScriptFile> script =
      read_input_script(FRAMECHECK_SOURCE_DIR "/cases/sessions/arena_hitch.input.jsonl");
  EXPECT_TRUE(script) << script.error().message();
  return script ? script->input : InputScript{};
}

// A snapshot is a value: saved after frame F, the run goes on, and once restored the next frames
// give the checksums (and the frame-time window and readings) that followed F the first time.
// Frame 1490 is ten frames before the arena travels to its second level, 1000 is mid-match.
TEST(EngineSnapshot, RestoredTheNextFramesAreTheOnesThatFollowedTheSave) {
  for (const std::uint64_t saved_at : {1000u, 1490u}) {
    games::Arena game;
    Driver driver(game, {.input = hitch_input()});
    driver.step(static_cast<std::int64_t>(saved_at));
    const EngineSnapshot snapshot = driver.engine().save();
    std::vector<std::uint64_t> first;
    for (int i = 0; i < 30; ++i) {
      driver.step();
      first.push_back(driver.engine().checksum());
    }
    const auto metrics = driver.diagnostics().metrics();
    const auto readings = driver.diagnostics().read();
    const std::uint64_t worlds = driver.engine().worlds_opened();
    ASSERT_EQ(driver.engine().restore(snapshot), std::nullopt);
    EXPECT_EQ(driver.frame(), saved_at);
    for (int i = 0; i < 30; ++i) {
      driver.step();
      EXPECT_EQ(driver.engine().checksum(), first[static_cast<std::size_t>(i)])
          << "saved at " << saved_at << ", frame " << saved_at + 1 + i;
    }
    EXPECT_EQ(driver.diagnostics().metrics(), metrics);
    EXPECT_EQ(driver.diagnostics().read(), readings);
    EXPECT_EQ(driver.engine().worlds_opened(), worlds);
  }
}

// A snapshot of another level than the open one builds that level again, then puts it back.
TEST(EngineSnapshot, RestoresALevelThatHasSinceClosed) {
  games::Arena game;
  Driver driver(game, {.input = hitch_input()});
  driver.step(1400);
  const EngineSnapshot snapshot = driver.engine().save();
  const std::uint64_t at_1401 = [&] {
    driver.step();
    return driver.engine().checksum();
  }();
  driver.step(200);  // past the travel at 1500
  ASSERT_EQ(driver.engine().world()->level(), "arena-2");
  ASSERT_EQ(driver.engine().restore(snapshot), std::nullopt);
  EXPECT_EQ(driver.engine().world()->level(), "arena-1");
  driver.step();
  EXPECT_EQ(driver.engine().checksum(), at_1401);
}

// As data, a snapshot restores into another game and engine: the level built again there,
// its timers given the rebuilt level's callbacks, the next frames those that followed the save.
TEST(EngineData, RestoredIntoANewEngineTheNextFramesAreTheOnesThatFollowedTheSave) {
  for (const std::uint64_t saved_at : {1000u, 1490u, 1700u}) {
    games::Arena game;
    Driver driver(game, {.input = hitch_input()});
    driver.step(static_cast<std::int64_t>(saved_at));
    const EngineData data = driver.engine().data();
    std::vector<std::uint64_t> first;
    for (int i = 0; i < 60; ++i) {
      driver.step();
      first.push_back(driver.engine().checksum());
    }
    games::Arena other_game;
    Driver other(other_game, {.input = hitch_input()});
    other.step(3);  // somewhere else entirely
    ASSERT_EQ(other.engine().restore(data), std::nullopt);
    EXPECT_EQ(other.frame(), saved_at);
    ASSERT_NE(data.world, std::nullopt);
    EXPECT_EQ(other.engine().world()->timer_count(), data.world->timers.size());
    for (int i = 0; i < 60; ++i) {
      other.step();
      ASSERT_EQ(other.engine().checksum(), first[static_cast<std::size_t>(i)])
          << "saved at " << saved_at << ", frame " << saved_at + 1 + i;
    }
    EXPECT_EQ(other.diagnostics().metrics(), driver.diagnostics().metrics());
    EXPECT_EQ(other.engine().worlds_opened(), driver.engine().worlds_opened());
  }
}

// A timer the level did not make when it opened has no callback a rebuilt level can give it.
class LateTimer final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override {
    world.every(std::chrono::milliseconds(100), [](World&) {});
  }
  void tick(World& world, SimTime) override {
    if (world.ticks() == 3) world.after(std::chrono::seconds(5), [](World&) {});
  }
};

TEST(EngineData, ATimerMadeAfterItsLevelOpenedCannotBeRestored) {
  LateTimer game;
  Driver driver(game);
  driver.step(2);
  const EngineData early = driver.engine().data();
  EXPECT_TRUE(driver.engine().restorable_from_data());
  driver.step(5);
  const EngineData late = driver.engine().data();
  ASSERT_EQ(late.world->timers.size(), 2u);
  EXPECT_FALSE(driver.engine().restorable_from_data());
  EXPECT_EQ(driver.engine().restore(early), std::nullopt);
  EXPECT_EQ(driver.engine().restore(late),
            "timer 2 was made after its level opened: its callback is not the level's own, so it "
            "cannot be restored from data");
}

// Restoring a state that the game's declaration no longer matches says so, naming the field.
class Shifting final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World&) override {}
  void tick(World&, SimTime) override { ++ticks_; }
  void declare_state(StateArchive& state) override {
    state.whole(ticks_ < 5 ? "early" : "late", ticks_);
  }

 private:
  int ticks_ = 0;
};

TEST(EngineSnapshot, ADeclarationThatChangedShapeCannotBeLoaded) {
  Shifting game;
  Driver driver(game);
  const EngineSnapshot early = driver.engine().save();
  driver.step(10);
  EXPECT_EQ(driver.engine().restore(early),
            "the game's declared state cannot be loaded: field 1: the declaration says \"late\" "
            "(whole), the saved state \"early\" (whole)");
}

TEST(CheckRollback, TheArenaAgreesWithItselfThroughKeysAndALevelChange) {
  DriverOptions options;
  options.input = hitch_input();
  EXPECT_EQ(check_rollback(make_game<games::Arena>, options, 1800, 8), std::nullopt);
  EXPECT_EQ(check_rollback(make_game<games::Arena>, options, 1600, 1), std::nullopt);
}

// Counts frames in a member its declaration misses, and moves by the count once it passes 40.
class LateCounter final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override { box_ = world.spawn("box", {0, 0}, {4, 4}); }
  void tick(World& world, SimTime) override {
    if (++count_ > 40) world.find(box_)->position.x = count_;
  }

 private:
  ActorId box_ = 0;
  int count_ = 0;
};

TEST(CheckRollback, FindsTheFirstRollbackWhoseFramesDifferAndSaysHow) {
  const auto found = check_rollback(make_game<LateCounter>, {}, 100, 4);
  ASSERT_TRUE(found);
  // The rollback after frame 4 restores frame 0 with the count at 4: the resimulated frames
  // count from 5, and none of them moves yet. Each rollback adds 4 more, until the count that
  // the resimulation sees passes 40 while the first simulation's does not.
  EXPECT_EQ(found->frame, found->restored + 4);
  EXPECT_GT(found->resimulated, found->restored);
  EXPECT_LE(found->resimulated, found->frame);
  ASSERT_GE(found->differences.size(), 2u);
  EXPECT_EQ(found->differences[0].rfind("checksum: recorded ", 0), 0u) << found->differences[0];
  EXPECT_EQ(found->differences[1].rfind("actor 1 (box) x: recorded ", 0), 0u)
      << found->differences[1];
}

}  // namespace
}  // namespace framecheck
