#include <gtest/gtest.h>

#include <framecheck/drive/driver.hpp>
#include <framecheck/drive/frame_samples.hpp>
#include <kite.hpp>

namespace framecheck {
namespace {

class Counter final : public Game {
 public:
  int ticks = 0;
  std::vector<std::string> keys;
  void init(InitApi& api) override {
    api.start_level = "one";
    api.diagnostics.register_source("ticks", [this] { return ticks; });
  }
  void build_world(World& world) override { world.spawn("box", {10, 10}, {20, 20}); }
  void tick(World&, SimTime) override { ++ticks; }
  void on_key(const KeyEvent& k) override { keys.push_back(k.code); }
};

TEST(Driver, StepsOnTheFixedClock) {
  Counter game;
  Driver d(game, {.run = [](RunSpec& r) { r.fps = 144; }});
  d.step(144);
  EXPECT_EQ(d.engine().now(), SimTime(1'000'000'000));
  EXPECT_EQ(game.ticks, 60);
  d.step_seconds(0.5);
  EXPECT_EQ(d.frame(), 216u);
  d.step_until(SimTime(2'000'000'000));
  EXPECT_EQ(d.frame(), 288u);
}

TEST(Driver, TheDefaultSampleIsTheFramesBudget) {
  Counter game;
  Driver d(game, {.run = [](RunSpec& r) { r.fps = 50; }});
  d.step(10);
  EXPECT_EQ(d.diagnostics().metrics().mean_ms, 20.0);
}

TEST(Driver, SampleSourcesFeedTheWindow) {
  Counter game;
  Driver scripted(game, {.samples = scripted_samples(10, {{3, 99}})});
  scripted.step(4);
  EXPECT_EQ(scripted.diagnostics().window().sample(2), 99.0);
  EXPECT_EQ(scripted.diagnostics().window().sample(3), 10.0);

  Counter other;
  Driver recorded(other, {.samples = recorded_samples({1, 2, 3})});
  recorded.step(5);
  EXPECT_EQ(recorded.diagnostics().window().sample(4), 3.0);

  Counter third;
  Driver from_world(third, {.samples = samples_from([](const FrameInfo& f) {
                              return f.world ? static_cast<double>(f.world->live_actor_count())
                                             : -1.0;
                            })});
  from_world.step();
  EXPECT_EQ(from_world.diagnostics().window().sample(0), 1.0);
}

TEST(Driver, ScriptedInputArrivesBeforeItsFrame) {
  Counter game;
  DriverOptions o;
  o.input.add(3, KeyPress{"KeyA"});
  o.input.add(3, Travel{"two"});
  o.input.add(5, GameAction{"spawn", [](Simulation& s) {
                              static_cast<Engine&>(s).world()->spawn("extra", {}, {1, 1});
                            }});
  Driver d(game, std::move(o));
  d.step(2);
  EXPECT_TRUE(game.keys.empty());
  d.step(1);
  EXPECT_EQ(game.keys, std::vector<std::string>{"KeyA"});
  EXPECT_EQ(d.engine().world()->level(), "two");
  d.step(2);
  EXPECT_EQ(d.engine().world()->live_actor_count(), 2u);
}

TEST(Driver, RendersSceneAndOverlayOffscreenAtAnySize) {
  Counter game;
  Driver d(game, {.run = [](RunSpec& r) {
             r.surface_width = 200;
             r.surface_height = 120;
           }});
  d.step();
  const Image hidden = d.render_image();
  EXPECT_EQ(hidden.width, 200);
  EXPECT_EQ(hidden.height, 120);
  d.diagnostics().set_enabled(true);
  EXPECT_NE(d.render_image(), hidden);
  EXPECT_EQ(d.render_png(), d.render_png());
}

// A simulation on no engine of framecheck's runs through the same driver.
TEST(Driver, StepsASimulationThatIsNoEngine) {
  DriverOptions o;
  o.input.add(10, KeyPress{"ArrowRight"});
  o.input.add(40, KeyRelease{"ArrowRight"});
  o.run = [](RunSpec& r) { r.fps = 30; };
  Driver d(testing::kite_factory(), std::move(o));
  EXPECT_EQ(d.run().fps, 30);
  EXPECT_EQ(d.run().surface_width, 64);
  d.step(60);
  const auto& kite = dynamic_cast<const testing::Kite&>(d.simulation());
  EXPECT_EQ(d.frame(), 60u);
  EXPECT_EQ(d.simulation().now(), SimTime(2'000'000'000));
  EXPECT_LT(kite.x(), 0);  // blown right, off the edge and in again at the left
  // The default sample is the frame's budget.
  EXPECT_EQ(d.diagnostics().metrics().mean_ms, 1000.0 / 30);
  EXPECT_THROW(d.engine(), std::logic_error);
}

TEST(Driver, DrawsASimulationsOwnPixelsThenTheOverlay) {
  Driver d(testing::kite_factory(), {.run = [](RunSpec& r) {
             r.surface_width = 320;
             r.surface_height = 180;
           }});
  d.step(3);
  const Image hidden = d.render_image();
  ASSERT_EQ(hidden.width, 320);
  // The sky's colour, straight from the game's buffer: opaque, exact.
  EXPECT_EQ(hidden.rgba[0], 90);
  EXPECT_EQ(hidden.rgba[1], 200);
  EXPECT_EQ(hidden.rgba[2], 235);
  EXPECT_EQ(hidden.rgba[3], 255);
  d.press("Backquote");
  d.step();
  EXPECT_NE(d.render_image(), hidden);
  EXPECT_EQ(d.render_png(), d.render_png());
}

}  // namespace
}  // namespace framecheck
