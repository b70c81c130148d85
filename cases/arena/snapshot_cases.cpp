// The engine's snapshots of the arena: saved and restored mid-match and across its level change,
// as a value and as a session's keyframe data; and the rollback check over both levels.
#include <gtest/gtest.h>

#include <arena.hpp>
#include <cstdint>
#include <framecheck/checks/rollback_check.hpp>
#include <framecheck/drive/driver.hpp>
#include <framecheck/session/input_script_file.hpp>
#include <vector>

namespace framecheck::cases {
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

TEST(CheckRollback, TheArenaAgreesWithItselfThroughKeysAndALevelChange) {
  DriverOptions options;
  options.input = hitch_input();
  EXPECT_EQ(check_rollback(make_game<games::Arena>, options, 1800, 8), std::nullopt);
  EXPECT_EQ(check_rollback(make_game<games::Arena>, options, 1600, 1), std::nullopt);
}

}  // namespace
}  // namespace framecheck::cases
