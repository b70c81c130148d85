#include <gtest/gtest.h>

#include <framecheck/engine.hpp>
#include <framecheck/explore/probe.hpp>
#include <framecheck/sim/game_factory.hpp>
#include <framecheck/sim/world.hpp>
#include <kite.hpp>
#include <limits>

namespace framecheck {
namespace {

using testing::Kite;
using testing::kite_factory;

InputScript stick_and(double stick, std::uint64_t frame, InputEvent then) {
  InputScript input;
  input.add(5, Gamepad{{.kind = GamepadKind::kConnected, .name = "Standard Gamepad"}});
  input.add(5, Gamepad{{.kind = GamepadKind::kAxis, .index = kPadLeftX, .value = stick}});
  input.add(frame, std::move(then));
  return input;
}

InputScript wind_right_and(std::uint64_t frame, InputEvent then) {
  InputScript input;
  input.add(3, KeyPress{"ArrowRight"});
  input.add(frame, std::move(then));
  return input;
}

TEST(Probe, AThrowingHookIsAnExceptionNamingTheHookAndType) {
  const auto f = probe(kite_factory(Kite::Bug::kThrows), stick_and(-0.8, 20, KeyPress{"ArrowLeft"}),
                       {.frames = 60});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FindingKind::kException);
  EXPECT_EQ(f->frame, 20u);
  EXPECT_EQ(f->place, "key_down: std::out_of_range");
  EXPECT_EQ(describe(*f),
            "frame 20: exception: key_down threw std::out_of_range: Kite: no wind that strong to "
            "the left");
}

TEST(Probe, ANaNDeclaredIsNotFiniteNamingTheField) {
  InputScript input;
  input.add(3, KeyPress{"ArrowLeft"});
  input.add(9, Gamepad{{.kind = GamepadKind::kConnected, .name = "Standard Gamepad"}});
  input.add(9, Gamepad{{.kind = GamepadKind::kButton, .index = kPadY, .value = 1}});
  const auto f = probe(kite_factory(Kite::Bug::kNotFinite), input, {.frames = 60});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FindingKind::kNotFinite);
  EXPECT_EQ(f->frame, 9u);
  EXPECT_EQ(f->place, "x");
  EXPECT_EQ(f->detail, "x is nan");
}

TEST(Probe, ABrokenInvariantIsNamed) {
  const auto f = probe(kite_factory(Kite::Bug::kLeavesField), stick_and(0.9, 6, KeyPress{"A"}),
                       {.frames = 600});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FindingKind::kInvariant);
  EXPECT_EQ(f->place, "the kite stays above the ground");
}

TEST(Probe, ATwinThatDisagreesIsNondeterminismNamingTheFirstField) {
  InputScript input;
  input.add(3, KeyPress{"ArrowLeft"});
  input.add(9, Pointer{{.kind = PointerKind::kDown, .position = {40, 10}}});
  const auto f = probe(kite_factory(Kite::Bug::kUnseeded), input, {.frames = 60});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FindingKind::kNondeterminism);
  EXPECT_EQ(f->frame, 9u);
  EXPECT_EQ(f->place, "x");
  EXPECT_NE(f->detail.find(" in its twin, on the same input"), std::string::npos) << f->detail;
  // Without a twin, the same run has nothing to disagree with.
  EXPECT_FALSE(probe(kite_factory(Kite::Bug::kUnseeded), input, {.frames = 60, .twin = false}));
}

// A framecheck::Game whose balloon's velocity turns NaN on KeyN: the actors' path.
class Balloons final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "sky"; }
  void build_world(World& world) override {
    world.spawn("balloon", {10, 10}, {4, 4});
    world.spawn("balloon", {20, 10}, {4, 4}, {0, -1});
  }
  void tick(World& world, SimTime) override {
    if (burst_) world.actors()[1].velocity.y = std::numeric_limits<double>::quiet_NaN();
  }
  void on_key(const KeyEvent& key) override { burst_ = burst_ || key.code == "KeyN"; }

 private:
  bool burst_ = false;
};

TEST(Probe, AnActorsNaNIsNotFiniteNamingItsTagAndField) {
  InputScript input;
  input.add(7, KeyPress{"KeyN"});
  const auto f = probe(simulation_of(make_game<Balloons>), input, {.frames = 30});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FindingKind::kNotFinite);
  EXPECT_EQ(f->frame, 7u);
  EXPECT_EQ(f->place, "actor (balloon) vy");  // the id left out: another balloon is the same bug
  EXPECT_EQ(f->detail, "actor 2 (balloon) vy is nan");
  EXPECT_FALSE(probe(simulation_of(make_game<Balloons>), {}, {.frames = 30}));
}

TEST(Probe, TheGameWithoutBugsPassesTheSameInput) {
  for (const InputScript& input :
       {stick_and(-0.8, 20, KeyPress{"ArrowLeft"}), stick_and(0.9, 6, KeyPress{"A"})}) {
    EXPECT_EQ(probe(kite_factory(), input, {.frames = 600}), std::nullopt);
    EXPECT_EQ(probe_isolated(kite_factory(), input, {.frames = 600}), std::nullopt);
  }
}

TEST(Probe, IsolatedACrashEndsTheChildNotTheCaller) {
  const auto f = probe_isolated(
      kite_factory(Kite::Bug::kCrashes),
      wind_right_and(30, Pointer{{.kind = PointerKind::kWheel, .wheel = {0, -2}}}), {.frames = 60});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FindingKind::kCrash);
  EXPECT_EQ(f->frame, 30u);
  EXPECT_EQ(f->place, "SIGABRT");
}

TEST(Probe, IsolatedAFrameThatNeverEndsIsAHang) {
  const auto f = probe_isolated(kite_factory(Kite::Bug::kHangs),
                                wind_right_and(12, Gamepad{{.kind = GamepadKind::kDisconnected}}),
                                {.frames = 60, .hang_ms = 300});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FindingKind::kHang);
  EXPECT_EQ(f->frame, 12u);
}

TEST(Probe, IsolatedGivesWhatTheProbeGives) {
  const InputScript input = stick_and(-0.8, 20, KeyPress{"ArrowLeft"});
  EXPECT_EQ(probe_isolated(kite_factory(Kite::Bug::kThrows), input, {.frames = 60}),
            probe(kite_factory(Kite::Bug::kThrows), input, {.frames = 60}));
}

}  // namespace
}  // namespace framecheck
