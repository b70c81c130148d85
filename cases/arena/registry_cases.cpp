// The two registries: order, lifetimes across a transition, replacement, errors.
#include <stdexcept>

#include "arena_case.hpp"

namespace framecheck::cases {
namespace {

TEST_F(ArenaCase, PanelStartsWithTheWorldLineThenInstanceThenWorldSources) {
  expect_panel({"level: arena-1 phase: warmup actors: 1", "levels visited: 1", "session time: 0",
                "score: 0", "leader: none", "player: (155.0, 85.0)", "enemies: 0", "spawned: 0",
                "boss: boss not spawned", "frame: 0 / 0 / 0 ms"});
}

TEST_F(ArenaCase, RegistriesAcrossATransition) {
  show_overlay();
  step_seconds(12);
  expect_reading("levels visited", 1);
  const auto before = driver().diagnostics().read();
  step_seconds(14);  // 26 s: arena-1 ended at 25 s, arena-2 is open
  EXPECT_EQ(driver().engine().world()->level(), "arena-2");
  expect_reading("levels visited", 2);
  expect_reading("session time", 26);
  expect_reading("score", 0);  // the world's sources were rebuilt with the world
  expect_reading("spawned", 0);
  expect_golden();
}

TEST_F(ArenaCase, AWorldSourceRegisteredByACaseGoesWithItsWorld) {
  world().register_source("probe", [] { return "here"; });
  expect_reading("probe", "here");
  travel("arena-2");
  expect_absent("probe");
  expect_reading("levels visited", 2);
}

TEST_F(ArenaCase, AnInstanceSourceRegisteredByACaseSurvivesTravel) {
  instance().register_source("build", [] { return "ci-1234"; });
  travel("arena-2");
  travel("arena-1");
  expect_reading("build", "ci-1234");
}

TEST_F(ArenaCase, AReplacedSourceKeepsItsLine) {
  show_overlay();
  world().register_source("score", [] { return "replaced"; });
  auto lines = driver().diagnostics().panel_lines();
  ASSERT_EQ(lines.size(), 10u);
  EXPECT_EQ(lines[3], "score: replaced");
  EXPECT_EQ(lines[4], "leader: none");
  expect_golden();
}

TEST_F(ArenaCase, ANameInBothRegistriesKeepsALineInEach) {
  instance().register_source("score", [] { return "instance"; });
  const auto lines = driver().diagnostics().panel_lines();
  EXPECT_EQ(lines[3], "score: instance");
  EXPECT_EQ(lines[4], "score: 0");
}

TEST_F(ArenaCase, AThrownErrorShowsItsMessageInThePanel) {
  show_overlay();
  world().register_source(
      "weapon", []() -> std::string { throw std::out_of_range("weapon slot 3 is empty"); });
  step_seconds(1);
  expect_error("boss", "boss not spawned");
  expect_error("weapon", "weapon slot 3 is empty");
  expect_reading("score", 0);  // the lines after an error still draw
  expect_golden();
}

TEST_F(ArenaCase, TheBossSourceStopsThrowingOnceTheBossSpawns) {
  step_seconds(6.9);
  expect_error("boss", "boss not spawned");
  step_seconds(0.2);  // 2 s warmup + 5 s
  expect_reading("boss", 3);
}

TEST_F(ArenaCase, ASourceRegisteringAnotherDuringAReadAppearsFromTheNextRead) {
  bool added = false;
  instance().register_source("spawner of sources", [this, &added] {
    if (!added) world().register_source("late", [] { return 1; });
    added = true;
    return 0;
  });
  expect_absent("late");
  expect_reading("late", 1);
}

TEST_F(ArenaCase, TheMatchPhaseMovesThroughWarmupPlayingAndEnded) {
  const auto phase = [this] { return driver().engine().world()->phase(); };
  EXPECT_EQ(phase(), "warmup");
  step_seconds(2.5);
  EXPECT_EQ(phase(), "playing");
  step_seconds(20);
  EXPECT_EQ(phase(), "ended") << where();
  step_seconds(3);
  EXPECT_EQ(phase(), "warmup");
  EXPECT_EQ(driver().engine().world()->level(), "arena-2");
}

}  // namespace
}  // namespace framecheck::cases
