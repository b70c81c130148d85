#include <gtest/gtest.h>

#include <framecheck/engine.hpp>
#include <framecheck/sim/simulation.hpp>

namespace framecheck {
namespace {

// A simulation with no engine under it: a counter that input moves, drawn as one colour.
class Counter final : public Simulation {
 public:
  explicit Counter(const SimulationSetup& setup = {})
      : run_(edited(RunSpec{.logical_size = {4, 2}, .surface_width = 4, .surface_height = 2},
                    setup.run)),
        timer_(setup.frame_timer ? setup.frame_timer : std::make_shared<WallClockTimer>()) {}

  const RunSpec& run() const override { return run_; }
  void frame(SimTime dt) override {
    timer_->frame_started();
    now_ += dt;
    ++frames_;
    value_ += step_;
    diagnostics_.window().add(now_, timer_->frame_finished({frames_, now_}));
  }
  std::uint64_t frames() const override { return frames_; }
  SimTime now() const override { return now_; }
  void key_down(const KeyEvent& key) override {
    if (key.code == "ArrowUp") ++step_;
  }
  void declare_state(StateArchive& s) override {
    s.whole("frames", frames_);
    s.whole("now", now_);
    s.whole("value", value_);
    s.whole("step", step_);
  }
  Diagnostics& diagnostics() override { return diagnostics_; }
  bool render_rgba(std::span<std::uint8_t> rgba, int, int) override {
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
      rgba[i] = static_cast<std::uint8_t>(value_);
      rgba[i + 1] = 0x80;
      rgba[i + 2] = 0xff;
      rgba[i + 3] = 0xff;
    }
    return true;
  }

  std::int64_t value() const { return value_; }

 private:
  RunSpec run_;
  std::shared_ptr<FrameTimer> timer_;
  Diagnostics diagnostics_;
  std::uint64_t frames_ = 0;
  SimTime now_{0};
  std::int64_t value_ = 0;
  std::int64_t step_ = 0;
};

constexpr SimTime kFrame{16'666'667};

TEST(SimulationTest, SavedStateLoadsBackWithTheFrameWindow) {
  Counter c;
  c.key_down({"ArrowUp"});
  c.frame(kFrame);
  const std::unique_ptr<SavedState> at_1 = c.save_state();
  const std::uint64_t checksum_1 = c.checksum();
  c.key_down({"ArrowUp"});
  c.frame(kFrame);
  c.frame(kFrame);
  EXPECT_EQ(c.value(), 5);
  EXPECT_NE(c.checksum(), checksum_1);
  ASSERT_EQ(c.load_state(*at_1), std::nullopt);
  EXPECT_EQ(c.frames(), 1u);
  EXPECT_EQ(c.value(), 1);
  EXPECT_EQ(c.checksum(), checksum_1);
  EXPECT_EQ(c.diagnostics().window().size(), 1u);
}

// As plain data, a state restores into another simulation of the same game.
TEST(SimulationTest, DataRestoresIntoANewSimulation) {
  Counter c;
  c.key_down({"ArrowUp"});
  for (int i = 0; i < 4; ++i)
    c.frame(kFrame);
  c.diagnostics().set_enabled(true);
  const EngineData at_4 = c.data();
  EXPECT_EQ(at_4.counters.frames, 4u);
  EXPECT_EQ(at_4.window.size(), 4u);
  Counter other;
  ASSERT_EQ(other.restore(at_4), std::nullopt);
  EXPECT_EQ(other.checksum(), c.checksum());
  EXPECT_TRUE(other.diagnostics().enabled());
  EXPECT_EQ(other.diagnostics().metrics(), c.diagnostics().metrics());
  c.frame(kFrame);
  other.frame(kFrame);
  EXPECT_EQ(other.checksum(), c.checksum());
}

// A declaration that leaves out the frame count cannot put a keyframe's frame back.
TEST(SimulationTest, DataThatDoesNotBindTheFrameCountIsRefused) {
  Counter c;
  c.frame(kFrame);
  EngineData data = c.data();
  data.counters.frames = 9;
  Counter other;
  EXPECT_EQ(other.restore(data),
            "the declared state does not bind the frame count and the clock: loaded, they are 1 "
            "and 16666667 ns, not 9 and 16666667 ns");
}

TEST(SimulationTest, ChecksumIsTheDeclaredStatesHash) {
  Counter c;
  c.frame(kFrame);
  EXPECT_EQ(c.checksum(), c.game_state().combine(0));
  EXPECT_EQ(c.describe().world, std::nullopt);
}

class Empty final : public Game {
  void init(InitApi&) override {}
  void build_world(World&) override {}
  void tick(World&, SimTime) override {}
};

// A game that declares a score.
class Scoring final : public Game {
 public:
  void init(InitApi&) override {}
  void build_world(World&) override {}
  void tick(World&, SimTime) override {}
  void declare_state(StateArchive& s) override { s.whole("score", score); }
  std::int64_t score = 0;
};

TEST(SimulationTest, ChecksumAndStateAreTheChecksumAndTheStateItCovered) {
  Counter c;
  c.frame(kFrame);
  const Simulation::ChecksumAndState by_default = c.checksum_and_state();
  EXPECT_EQ(by_default.checksum, c.checksum());
  EXPECT_EQ(by_default.state, c.game_state());

  Scoring game;
  Engine engine(game);
  engine.frame(kFrame);
  game.score = 2;
  const Simulation::ChecksumAndState filled_once = engine.checksum_and_state();
  ASSERT_EQ(filled_once.state.fields().size(), 1u);
  EXPECT_EQ(filled_once.state.fields()[0].value, GameStateValue{std::int64_t{2}});
  EXPECT_EQ(filled_once.checksum, engine.checksum());
  EXPECT_EQ(filled_once.checksum, engine.game_state().combine(0));  // no world is open
}

TEST(SimulationTest, AnotherSimulationsStateIsRefused) {
  Counter c;
  Empty game;
  Engine engine(game);
  EXPECT_EQ(c.load_state(*engine.save_state()), "the saved state is not one this simulation saved");
  EXPECT_EQ(engine.load_state(*c.save_state()),
            "the saved state is not an engine's (Engine::save_state)");
}

TEST(SimulationTest, AnEngineFromAFactoryOwnsItsGame) {
  const SimulationFactory make = simulation_of([] { return std::make_unique<Empty>(); });
  std::unique_ptr<Simulation> sim = make({.run = [](RunSpec& r) { r.fps = 30; }});
  EXPECT_EQ(sim->run().fps, 30);
  sim->frame(kFrame);
  EXPECT_EQ(sim->frames(), 1u);
}

TEST(SimulationTest, RgbaPixelsArePaintedThenTheOverlay) {
  Counter c;
  c.key_down({"ArrowUp"});
  c.frame(kFrame);
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 2);
  cairo_t* cr = cairo_create(surface);
  c.render(cr, 4, 2);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  const auto* px = reinterpret_cast<const std::uint32_t*>(cairo_image_surface_get_data(surface));
  EXPECT_EQ(px[0], 0xff0180ffu);  // opaque: ARGB as stored, red 1, green 0x80, blue 0xff
  EXPECT_EQ(px[7], 0xff0180ffu);
  cairo_surface_destroy(surface);
}

}  // namespace
}  // namespace framecheck
