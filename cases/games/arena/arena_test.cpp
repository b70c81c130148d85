#include "arena.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <framecheck/drive/cairo_image.hpp>
#include <framecheck/engine.hpp>
#include <framecheck/image/png_io.hpp>

namespace framecheck::games {
namespace {

using namespace std::chrono_literals;

class StepTimer final : public FrameTimer {
 public:
  void frame_started() override {}
  double frame_finished(const FrameInfo& f) override {
    return 8.0 + static_cast<double>(f.frame % 7);
  }
};

EngineOptions options(std::uint64_t seed = 1) {
  EngineOptions o;
  o.run = [seed](RunSpec& r) { r.seed = seed; };
  o.frame_timer = std::make_shared<StepTimer>();
  return o;
}

void run(Engine& engine, std::int64_t frames, std::int64_t fps = 60) {
  const FixedRate rate(fps);
  const std::int64_t start = static_cast<std::int64_t>(engine.frames());
  for (std::int64_t n = start + 1; n <= start + frames; ++n)
    engine.frame(rate.step_length(n));
}

DiagnosticValue value_of(Engine& engine, const std::string& name) {
  for (const auto& r : engine.diagnostics().read()) {
    if (r.name == name && r.value) return *r.value;
  }
  ADD_FAILURE() << "no value named " << name;
  return {};
}

TEST(Arena, TheSameSeedPlaysTheSameGame) {
  Arena a_game, b_game, c_game;
  Engine a(a_game, options(7)), b(b_game, options(7)), c(c_game, options(8));
  run(a, 1200);  // 20 s: mid-play in the first arena
  run(b, 1200);
  run(c, 1200);
  EXPECT_EQ(a.diagnostics().read(), b.diagnostics().read());
  EXPECT_NE(a.diagnostics().read(), c.diagnostics().read());
}

TEST(Arena, PhasesMoveAndTheLevelsAlternate) {
  Arena game;
  Engine engine(game, options());
  EXPECT_EQ(engine.world()->level(), "arena-1");
  EXPECT_EQ(engine.world()->phase(), "warmup");
  run(engine, 60 * 3);
  EXPECT_EQ(engine.world()->phase(), "playing");
  run(engine, 60 * 20);
  EXPECT_EQ(engine.world()->phase(), "ended");
  run(engine, 60 * 3);
  EXPECT_EQ(engine.world()->level(), "arena-2");
  EXPECT_EQ(value_of(engine, "levels visited"), DiagnosticValue(2));
  EXPECT_EQ(value_of(engine, "score"), DiagnosticValue(0))
      << "world sources were rebuilt with the world";
}

TEST(Arena, TheBossSourceThrowsUntilTheBossSpawns) {
  Arena game;
  Engine engine(game, options());
  const auto readings = engine.diagnostics().read();
  ASSERT_EQ(readings.back().name, "boss");
  EXPECT_EQ(readings.back().error, "boss not spawned");
  run(engine, 60 * 8);  // 2 s of warmup, then 5 s into playing
  EXPECT_TRUE(engine.diagnostics().read().back().ok());
}

TEST(Arena, TheSpawnerSpawnsAndCollisionsRemove) {
  Arena game;
  Engine engine(game, options());
  run(engine, 60 * 12);
  const int spawned = static_cast<int>(value_of(engine, "spawned").as_number());
  const int enemies = static_cast<int>(value_of(engine, "enemies").as_number());
  EXPECT_GT(spawned, 10);
  EXPECT_LT(enemies, spawned) << "nothing was ever removed";
  EXPECT_GT(game.score(), 0);
}

TEST(Arena, ArrowKeysSteerThePlayer) {
  Arena game;
  Engine engine(game, options());
  const double x0 = engine.world()->actors()[0].position.x;
  engine.document().dispatch_keydown({"ArrowLeft"});
  run(engine, 15);
  EXPECT_LT(engine.world()->actors()[0].position.x, x0 - 10);
}

// What explore checks after every frame: the player's bound holds in play and breaks where
// it should, named the same way each time.
TEST(Arena, ItsInvariantsHoldInPlayAndNameWhatBreaks) {
  Arena game;
  Engine engine(game, options());
  run(engine, 600);
  EXPECT_EQ(engine.broken_invariant(), std::nullopt);
  engine.world()->actors()[0].position.x = -5;  // the player, pushed out by hand
  EXPECT_EQ(engine.broken_invariant(), "the player stays inside the arena");
  EXPECT_EQ(engine.input_alphabet()->keys.size(), 5u);
  EXPECT_FALSE(engine.input_alphabet()->pointer);
}

TEST(Arena, ThePlayerMovesWhileAnArrowIsHeldAndStopsOnRelease) {
  Arena game;
  Engine engine(game, options());  // warmup: no enemies, so the autopilot rests
  const auto x = [&] { return engine.world()->actors()[0].position.x; };
  const double x0 = x();
  engine.document().dispatch_keydown({"ArrowRight"});
  run(engine, 30);  // half a second at 70 units a second
  EXPECT_DOUBLE_EQ(x(), x0 + 35);
  run(engine, 30);  // still held: still moving
  EXPECT_DOUBLE_EQ(x(), x0 + 70);
  engine.document().dispatch_keyup({"ArrowRight"});
  run(engine, 30);
  EXPECT_DOUBLE_EQ(x(), x0 + 70) << "the player moved after the arrow was released";
}

TEST(Arena, TwoArrowsHeldMoveDiagonallyAtTheSameSpeed) {
  Arena game;
  Engine engine(game, options());
  const Vec2 p0 = engine.world()->actors()[0].position;
  engine.document().dispatch_keydown({"ArrowLeft"});
  engine.document().dispatch_keydown({"ArrowUp"});
  run(engine, 30);
  const Vec2 d = engine.world()->actors()[0].position - p0;
  EXPECT_NEAR(d.x, -35 / std::sqrt(2.0), 1e-9);
  EXPECT_NEAR(d.y, -35 / std::sqrt(2.0), 1e-9);
  engine.document().dispatch_keyup({"ArrowLeft"});  // up alone now
  const Vec2 p1 = engine.world()->actors()[0].position;
  run(engine, 30);
  EXPECT_DOUBLE_EQ(engine.world()->actors()[0].position.x, p1.x);
  EXPECT_LT(engine.world()->actors()[0].position.y, p1.y - 30);
}

// End to end: a million frames headless with the overlay on, drawn to an
// offscreen surface every 10,000 frames, and the last picture kept as a PNG to look at.
TEST(Arena, AMillionFramesHeadlessWithTheOverlayOn) {
  Arena game;
  Engine engine(game, options());
  engine.diagnostics().set_enabled(true);
  Surface offscreen(960, 540);
  cairo_t* cr = cairo_create(offscreen.cairo_surface());
  const FixedRate rate(60);
  for (std::int64_t n = 1; n <= 1'000'000; ++n) {
    engine.frame(rate.step_length(n));
    if (n % 10'000 == 0) engine.render(cr, offscreen.width(), offscreen.height());
  }
  cairo_destroy(cr);
  EXPECT_EQ(engine.now(), rate.end_of(1'000'000));
  EXPECT_EQ(engine.ticks(), 1'000'000u);
  // 25 s a level: 16,666.67 s of play opens 667 levels.
  EXPECT_EQ(engine.worlds_opened(), 667u);
  EXPECT_EQ(value_of(engine, "levels visited"), DiagnosticValue(667));
  EXPECT_EQ(engine.diagnostics().metrics().samples, 601u);
  const auto png = std::filesystem::current_path() / "arena_million_frames.png";
  ASSERT_TRUE(write_png(offscreen.cairo_surface(), png));
  std::cout << "overlay picture: " << png.string() << '\n';
}

}  // namespace
}  // namespace framecheck::games
