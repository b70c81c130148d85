#include <gtest/gtest.h>

#include <cstdio>
#include <framecheck/diagnostics/registry.hpp>
#include <framecheck/engine.hpp>
#include <framecheck/sim/world_state.hpp>

namespace framecheck {
namespace {

class WorldStateTest : public ::testing::Test {
 protected:
  DiagnosticRegistry registry;
  World world{"arena-1", {320, 180}, 7, registry};
};

// A world an engine has run for one tick: a player, a timer, the match under way.
class OneTick final : public Game {
  void init(InitApi& api) override { api.start_level = "arena-1"; }
  void build_world(World& world) override {
    world.set_phase("playing");
    world.spawn("player", {10, 20}, {4, 5}, {1.5, -2});
    world.every(std::chrono::seconds(1), [](World&) {});
  }
  void tick(World&, SimTime) override {}
};

TEST_F(WorldStateTest, CapturesWhatTheChecksumCovers) {
  OneTick game;
  Engine engine(game, {.run = [](RunSpec& r) { r.seed = 7; }});
  engine.frame(FixedRate(60).step_length(1));
  const World& ran = *engine.world();
  const WorldState s = capture_world(ran);
  EXPECT_EQ(s.level, "arena-1");
  EXPECT_EQ(s.phase, "playing");
  EXPECT_EQ(s.time_ns, 16'666'666);
  EXPECT_EQ(s.ticks, 1u);
  EXPECT_EQ(s.rng, ran.rng().state());
  EXPECT_EQ(s.timers, 1u);
  ASSERT_EQ(s.actors.size(), 1u);
  EXPECT_EQ(s.actors[0], (ActorState{1, "player", 10, 20, 4, 5, 1.5, -2, true}));
}

TEST_F(WorldStateTest, EqualStatesHaveNoDifference) {
  world.spawn("red", {1, 2}, {6, 6});
  EXPECT_EQ(first_difference(capture_world(world), capture_world(world)), std::nullopt);
}

TEST_F(WorldStateTest, NamesTheFirstDifferingActorFieldWithBothValues) {
  world.spawn("player", {1, 2}, {6, 6});
  world.spawn("red", {103.25, 50}, {6, 6});
  world.spawn("blue", {0, 0}, {6, 6});
  const WorldState recorded = capture_world(world);
  WorldState replayed = recorded;
  replayed.actors[1].x = 103.5;
  replayed.actors[2].vy = -1;  // a later difference is not the first
  EXPECT_EQ(first_difference(recorded, replayed),
            "actor 2 (red) x: recorded 103.25, replayed 103.5");
  replayed.actors[1].x = 103.25;
  EXPECT_EQ(first_difference(recorded, replayed), "actor 3 (blue) vy: recorded 0, replayed -1");
}

TEST_F(WorldStateTest, ComparesNumbersByTheirBitsAsTheChecksumDoes) {
  world.spawn("player", {0, 0}, {6, 6});
  const WorldState recorded = capture_world(world);
  WorldState replayed = recorded;
  replayed.actors[0].x = -0.0;
  EXPECT_EQ(first_difference(recorded, replayed), "actor 1 (player) x: recorded 0, replayed -0");
}

TEST_F(WorldStateTest, AnActorOnlyOneSideHasIsNamed) {
  world.spawn("player", {0, 0}, {6, 6});
  world.spawn("red", {0, 0}, {6, 6});
  const WorldState recorded = capture_world(world);
  WorldState replayed = recorded;
  replayed.actors.erase(replayed.actors.begin());
  EXPECT_EQ(first_difference(recorded, replayed),
            "actor 1 (player): recorded present, replayed absent");
  EXPECT_EQ(first_difference(replayed, recorded),
            "actor 1 (player): recorded absent, replayed present");
}

void recorded_rng_word_is_named(const WorldState& recorded, const WorldState& replayed) {
  char expected[120];
  std::snprintf(expected, sizeof expected,
                "world random state word 2: recorded %016llx, replayed 0000000000000010",
                static_cast<unsigned long long>(recorded.rng[2]));
  EXPECT_EQ(first_difference(recorded, replayed), std::string(expected));
}

TEST_F(WorldStateTest, WorldFieldsComeBeforeActors) {
  world.spawn("player", {0, 0}, {6, 6});
  const WorldState recorded = capture_world(world);
  WorldState replayed = recorded;
  replayed.actors[0].x = 1;
  replayed.phase = "ended";
  EXPECT_EQ(first_difference(recorded, replayed),
            "world phase: recorded \"none\", replayed \"ended\"");
  replayed = recorded;
  replayed.timers = 3;
  EXPECT_EQ(first_difference(recorded, replayed), "world timers: recorded 0, replayed 3");
  replayed = recorded;
  replayed.rng[2] = 0x10;
  recorded_rng_word_is_named(recorded, replayed);
}

}  // namespace
}  // namespace framecheck
