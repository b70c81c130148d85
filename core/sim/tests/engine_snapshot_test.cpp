#include <gtest/gtest.h>

#include <framecheck/engine.hpp>

namespace framecheck {
namespace {

void step(Engine& engine, int frames) {
  for (int i = 0; i < frames; ++i)
    engine.frame(FixedRate(60).step_length(static_cast<std::int64_t>(engine.frames()) + 1));
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
  Engine engine(game);
  step(engine, 2);
  const EngineData early = engine.data();
  EXPECT_TRUE(engine.restorable_from_data());
  step(engine, 5);
  const EngineData late = engine.data();
  ASSERT_EQ(late.world->timers.size(), 2u);
  EXPECT_FALSE(engine.restorable_from_data());
  EXPECT_EQ(engine.restore(early), std::nullopt);
  EXPECT_EQ(engine.restore(late),
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
  Engine engine(game);
  const EngineSnapshot early = engine.save();
  step(engine, 10);
  EXPECT_EQ(engine.restore(early),
            "the game's declared state cannot be loaded: field 1: the declaration says \"late\" "
            "(whole), the saved state \"early\" (whole)");
}

}  // namespace
}  // namespace framecheck
