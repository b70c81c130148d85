#include <gtest/gtest.h>

#include <cstring>
#include <framecheck/engine.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace framecheck {
namespace {

using namespace std::chrono_literals;

// A timer that reports a fixed sample, so tests never read the wall clock.
class ConstantTimer final : public FrameTimer {
 public:
  explicit ConstantTimer(double ms) : ms_(ms) {}
  void frame_started() override {}
  double frame_finished(const FrameInfo&) override { return ms_; }

 private:
  double ms_;
};

// Records what the engine asks of it.
class ProbeGame final : public Game {
 public:
  std::vector<std::string> log;
  std::vector<std::string> keys;
  int ticks = 0;
  int collisions = 0;
  std::string start = "level-a";

  void init(InitApi& api) override {
    api.diagnostics.register_source("ticks", [this] { return ticks; });
    api.start_level = start;
  }
  void build_world(World& world) override {
    log.push_back("build " + world.level());
    world.diagnostics().register_source("level", [&world] { return world.level(); });
    world.spawn("a", {0, 0}, {10, 10});
    world.spawn("b", {5, 5}, {10, 10});
    world.spawn("c", {100, 100}, {10, 10});
  }
  void tick(World&, SimTime) override {
    ++ticks;
    log.push_back("tick");
  }
  void on_collision(World&, Actor& a, Actor& b) override {
    ++collisions;
    log.push_back("collide " + a.tag + b.tag);
  }
  void on_key(const KeyEvent& key) override { keys.push_back(key.code); }
  void on_key_up(const KeyEvent& key) override { keys.push_back("up " + key.code); }
  void on_pointer(const PointerEvent& p) override {
    keys.push_back("pointer " + std::to_string(p.position.x) + "," + std::to_string(p.position.y));
  }
  void on_gamepad(const GamepadEvent& g) override {
    keys.push_back("pad " + std::to_string(g.pad) + " axis " + std::to_string(g.index) + " " +
                   std::to_string(g.value));
  }
};

EngineOptions scripted(double ms = 10.0) {
  EngineOptions o;
  o.frame_timer = std::make_shared<ConstantTimer>(ms);
  return o;
}

TEST(Engine, StagesRunInOrderTicksCollisionRenderOverlay) {
  ProbeGame game;
  Surface surface(64, 48);
  EngineOptions options = scripted();
  options.surface = &surface;
  options.on_stage = [&](FrameStage s) {
    const char* names[] = {"ticks", "collision", "render", "overlay"};
    game.log.push_back(std::string("stage ") + names[static_cast<int>(s)]);
  };
  Engine engine(game, options);
  game.log.clear();
  engine.frame(FixedRate(30).step_length(1));  // two 60 Hz ticks
  EXPECT_EQ(game.log, (std::vector<std::string>{"stage ticks", "tick", "tick", "stage collision",
                                                "collide ab", "stage render", "stage overlay"}));
}

TEST(Engine, TicksFollowTheTickClockAtFrameRatesThatDoNotDivideIt) {
  for (std::int64_t fps : {144, 50, 7, 59, 61, 240}) {
    ProbeGame game;
    Engine engine(game, scripted());
    const FixedRate frames(fps);
    const FixedRate ticks(60);
    for (std::int64_t n = 1; n <= fps * 3 + 1; ++n) {
      engine.frame(frames.step_length(n));
      ASSERT_EQ(static_cast<std::int64_t>(engine.ticks()), ticks.steps_by(frames.end_of(n)))
          << fps << " fps, frame " << n;
    }
    EXPECT_EQ(engine.world()->ticks(), engine.ticks());
  }
}

TEST(Engine, AMillionFramesDoNotDrift) {
  ProbeGame game;
  Engine engine(game, scripted());
  const FixedRate frames(60);
  for (std::int64_t n = 1; n <= 1'000'000; ++n)
    engine.frame(frames.step_length(n));
  // 1e6 frames at 60 fps: exactly floor(1e6 * 1e9 / 60) ns, and one tick per frame.
  EXPECT_EQ(engine.now(), SimTime(16'666'666'666'666));
  EXPECT_EQ(engine.ticks(), 1'000'000u);
  EXPECT_EQ(engine.frames(), 1'000'000u);
  EXPECT_EQ(engine.world()->now(), engine.now());
}

TEST(Engine, EachFrameAddsOneSampleAtItsEndTime) {
  ProbeGame game;
  Engine engine(game, scripted(12.5));
  engine.frame(FixedRate(60).step_length(1));
  const FrameWindow& w = engine.diagnostics().window();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w.time_of(0), SimTime(16'666'666));
  EXPECT_EQ(w.sample(0), 12.5);
  engine.frame(SimTime(0));  // a zero-length frame is still a frame
  EXPECT_EQ(w.size(), 2u);
}

TEST(Engine, TravelDropsWorldSourcesAndTimersAndKeepsInstanceSources) {
  ProbeGame game;
  Engine engine(game, scripted());
  int fired = 0;
  engine.world()->every(100ms, [&](World&) { ++fired; });
  ASSERT_EQ(engine.world()->timer_count(), 1u);
  engine.frame(200ms);
  EXPECT_EQ(fired, 2);
  EXPECT_EQ(engine.diagnostics().read().size(), 2u);

  engine.travel("level-b");
  EXPECT_EQ(engine.world()->level(), "level-b");
  EXPECT_EQ(engine.world()->timer_count(), 0u);
  engine.frame(1s);
  EXPECT_EQ(fired, 2) << "a timer of the closed world fired";
  const auto readings = engine.diagnostics().read();
  ASSERT_EQ(readings.size(), 2u);
  EXPECT_EQ(readings[0].name, "ticks");
  EXPECT_EQ(*readings[1].value, DiagnosticValue("level-b"));
  EXPECT_EQ(engine.worlds_opened(), 2u);
}

TEST(Engine, AWorldCanAskToTravelFromInsideATick) {
  class Traveller final : public Game {
    void init(InitApi& api) override { api.start_level = "one"; }
    void build_world(World&) override {}
    void tick(World& world, SimTime) override {
      if (world.level() == "one" && world.ticks() == 3) world.request_travel("two");
    }
  } game;
  Engine engine(game, scripted());
  for (int i = 1; i <= 3; ++i)
    engine.frame(FixedRate(60).step_length(i));
  EXPECT_EQ(engine.world()->level(), "two");
  EXPECT_EQ(engine.world()->ticks(), 0u);
  engine.frame(FixedRate(60).step_length(4));
  EXPECT_EQ(engine.world()->ticks(), 1u);
}

TEST(Engine, WithoutAStartLevelNoWorldIsOpen) {
  ProbeGame game;
  game.start = "";
  Engine engine(game, scripted());
  EXPECT_EQ(engine.world(), nullptr);
  const WorldLine line = engine.diagnostics().world_line();
  EXPECT_EQ(format_world_line(line.level, line.phase, line.actors),
            "level: none phase: none actors: 0");
  engine.frame(1s);  // frames run without a world
  EXPECT_EQ(engine.diagnostics().metrics().samples, 1u);
}

TEST(Engine, TheWorldLineReadsTheOpenWorld) {
  ProbeGame game;
  Engine engine(game, scripted());
  engine.world()->set_phase("playing");
  engine.world()->remove(1);
  const WorldLine line = engine.diagnostics().world_line();
  EXPECT_EQ(format_world_line(line.level, line.phase, line.actors),
            "level: level-a phase: playing actors: 2");
}

TEST(Engine, BackquoteTogglesAndRepeatsAreIgnored) {
  ProbeGame game;
  Engine engine(game, scripted());
  EventTarget& keys = engine.document();
  EXPECT_FALSE(engine.diagnostics().enabled());
  keys.dispatch_keydown({"Backquote", false});
  EXPECT_TRUE(engine.diagnostics().enabled());
  keys.dispatch_keydown({"Backquote", true});
  keys.dispatch_keydown({"Backquote", true});
  EXPECT_TRUE(engine.diagnostics().enabled());
  keys.dispatch_keydown({"Backquote", false});
  EXPECT_FALSE(engine.diagnostics().enabled());
  EXPECT_TRUE(game.keys.empty()) << "the toggle key reached the game";
}

TEST(Engine, OtherKeysGoToTheGame) {
  ProbeGame game;
  Engine engine(game, scripted());
  engine.document().dispatch_keydown({"KeyW", false});
  engine.document().dispatch_keydown({"KeyW", true});
  EXPECT_EQ(game.keys, (std::vector<std::string>{"KeyW", "KeyW"}));
  EXPECT_FALSE(engine.diagnostics().enabled());
}

TEST(Engine, KeyUpsPointerAndGamepadEventsGoToTheGameButTheToggleKeysUpDoesNot) {
  ProbeGame game;
  Engine engine(game, scripted());
  engine.document().dispatch_keydown({"Backquote"});
  engine.document().dispatch_keyup({"Backquote"});
  engine.document().dispatch_keyup({"ArrowLeft"});
  engine.document().dispatch_pointer({PointerKind::kMove, {1.5, 2}, 0, {}});
  engine.document().dispatch_gamepad({GamepadKind::kAxis, 2, kPadLeftY, -0.25, {}});
  EXPECT_EQ(game.keys, (std::vector<std::string>{"up ArrowLeft", "pointer 1.500000,2.000000",
                                                 "pad 2 axis 1 -0.250000"}));
  EXPECT_TRUE(engine.diagnostics().enabled()) << "a keyup of the toggle key toggled again";
}

TEST(Engine, DrawsAtTheNewSizeAfterTheSurfaceIsResized) {
  ProbeGame game;
  Surface surface(32, 24);
  EngineOptions options = scripted();
  options.surface = &surface;
  Engine engine(game, options);
  engine.frame(FixedRate(60).step_length(1));
  surface.resize(80, 30);
  engine.frame(FixedRate(60).step_length(2));
  cairo_surface_t* image = surface.cairo_surface();
  ASSERT_EQ(cairo_image_surface_get_width(image), 80);
  const auto* row =
      cairo_image_surface_get_data(image) + 29 * cairo_image_surface_get_stride(image);
  std::uint32_t corner = 0;
  std::memcpy(&corner, row + 79 * 4, 4);
  EXPECT_EQ(corner >> 24, 0xffu) << "the far corner of the resized surface was not drawn";
}

TEST(Engine, WithASurfaceKeysArriveThroughItsEventTarget) {
  ProbeGame game;
  Surface surface(32, 32);
  EngineOptions options = scripted();
  options.surface = &surface;
  {
    Engine engine(game, options);
    EXPECT_EQ(&engine.key_target(), &surface.events());
    surface.events().dispatch_keydown({"Backquote"});
    EXPECT_TRUE(engine.diagnostics().enabled());
    engine.document().dispatch_keydown({"Backquote"});
    EXPECT_TRUE(engine.diagnostics().enabled()) << "the document target was listened to as well";
  }
  EXPECT_EQ(surface.events().listener_count(), 0u) << "the engine left its listener behind";
}

TEST(Engine, CollisionPassReportsEachOverlappingLivePairOnce) {
  ProbeGame game;
  Engine engine(game, scripted());
  engine.frame(SimTime(0));
  EXPECT_EQ(game.collisions, 1);
  engine.world()->remove(2);
  engine.frame(SimTime(0));
  EXPECT_EQ(game.collisions, 1);
}

TEST(Engine, ViewportLetterboxesTheLogicalSize) {
  ProbeGame game;
  EngineOptions options = scripted();
  options.run = [](RunSpec& r) { r.logical_size = {320, 180}; };
  Engine engine(game, options);
  const Viewport wide = engine.viewport(1920, 1080);
  EXPECT_EQ(wide.scale, 6);
  EXPECT_EQ(wide.offset_x, 0);
  const Viewport tall = engine.viewport(640, 640);
  EXPECT_EQ(tall.scale, 2);
  EXPECT_EQ(tall.offset_y, 140);
}

}  // namespace
}  // namespace framecheck

namespace framecheck {
namespace {

TEST(Engine, AFrameRunsAtMostTheTickLimitAndTheWorldFallsBehindByTheRest) {
  ProbeGame game;
  Engine engine(game, scripted());
  engine.frame(std::chrono::seconds(100));  // 6,000 ticks' worth at 60 Hz
  EXPECT_EQ(engine.ticks(), static_cast<std::uint64_t>(kMaxTicksPerFrame));
  EXPECT_EQ(engine.ticks_dropped(), 6000u - static_cast<std::uint64_t>(kMaxTicksPerFrame));
  // The next frame runs only what its own time covers: no catch-up of what was dropped.
  engine.frame(FixedRate(60).end_of(6001) - FixedRate(60).end_of(6000));
  EXPECT_EQ(engine.ticks(), static_cast<std::uint64_t>(kMaxTicksPerFrame) + 1);
  // At the limit exactly, nothing is dropped.
  ProbeGame other;
  Engine at_limit(other, scripted());
  at_limit.frame(FixedRate(60).end_of(kMaxTicksPerFrame));
  EXPECT_EQ(at_limit.ticks(), static_cast<std::uint64_t>(kMaxTicksPerFrame));
  EXPECT_EQ(at_limit.ticks_dropped(), 0u);
}

class ThrowingRenderGame final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "a"; }
  void build_world(World& world) override { world.spawn("x", {1, 1}, {4, 4}); }
  void tick(World&, SimTime) override {}
  void render(const World&, cairo_t* cr) override {
    cairo_translate(cr, 7, 7);  // moved the context, and then failed
    throw std::runtime_error("render failed");
  }
};

TEST(Engine, DrawingThatThrowsLeavesTheCallersTransformClipAndSaveDepth) {
  ThrowingRenderGame game;
  Engine engine(game, scripted());
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 48);
  cairo_t* cr = cairo_create(surface);
  cairo_save(cr);  // the caller's own level
  cairo_translate(cr, 3, 5);
  cairo_rectangle(cr, 1, 2, 30, 20);
  cairo_clip(cr);
  cairo_matrix_t before;
  cairo_get_matrix(cr, &before);
  double clip_before[4];
  cairo_clip_extents(cr, &clip_before[0], &clip_before[1], &clip_before[2], &clip_before[3]);

  EXPECT_THROW(engine.render(cr, 64, 48), std::runtime_error);

  cairo_matrix_t after;
  cairo_get_matrix(cr, &after);
  EXPECT_EQ(after.x0, before.x0);
  EXPECT_EQ(after.y0, before.y0);
  double clip_after[4];
  cairo_clip_extents(cr, &clip_after[0], &clip_after[1], &clip_after[2], &clip_after[3]);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(clip_after[i], clip_before[i]);
  // Exactly the caller's one level is left: one restore works, a second is an invalid restore.
  cairo_restore(cr);
  EXPECT_EQ(cairo_status(cr), CAIRO_STATUS_SUCCESS);
  cairo_restore(cr);
  EXPECT_EQ(cairo_status(cr), CAIRO_STATUS_INVALID_RESTORE);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
}

// A frame timer that times ticks too, with a scripted body.
class TickingTimer final : public FrameTimer {
 public:
  void frame_started() override {}
  double frame_finished(const FrameInfo&) override { return 12; }
  std::optional<double> tick_finished() override { return 5.0; }
};

class Idle final : public Game {
  void init(InitApi& api) override { api.start_level = "idle"; }
  void build_world(World&) override {}
  void tick(World&, SimTime) override {}
};

TEST(EngineSeconds, TheEngineCollectsWhetherOrNotAnythingShows) {
  Idle game;
  EngineOptions o;
  o.run = [](RunSpec& r) { r.tick_rate = 50; };  // 20 ms a tick
  o.frame_timer = std::make_shared<TickingTimer>();
  Engine engine(game, o);
  for (int i = 1; i <= 61; ++i)
    engine.frame(FixedRate(30).step_length(i));
  ASSERT_TRUE(engine.seconds().last().has_value());
  const SecondFigures& f = *engine.seconds().last();
  EXPECT_EQ(f.frames, 30u);
  EXPECT_EQ(f.ticks, 50u);
  EXPECT_EQ(f.frame_mean_ms, 12.0);
  EXPECT_EQ(f.tick_budget_percent, 25.0);
  EXPECT_TRUE(engine.debug().empty()) << "the engine's own debug source is off unless named";
}

}  // namespace
}  // namespace framecheck
