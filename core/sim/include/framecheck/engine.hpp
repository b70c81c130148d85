// Engine: runs a game on a fixed-rate clock, draws it, and holds its diagnostics.
#pragma once

#include <cairo.h>

#include <framecheck/determinism/game_state.hpp>
#include <framecheck/determinism/geometry.hpp>
#include <framecheck/determinism/sim_time.hpp>
#include <framecheck/determinism/state_archive.hpp>
#include <framecheck/diagnostics/debug_registry.hpp>
#include <framecheck/diagnostics/diagnostics.hpp>
#include <framecheck/diagnostics/overlay_style.hpp>
#include <framecheck/diagnostics/second_windows.hpp>
#include <framecheck/sim/engine_data.hpp>
#include <framecheck/sim/events.hpp>
#include <framecheck/sim/frame_timer.hpp>
#include <framecheck/sim/game.hpp>
#include <framecheck/sim/game_factory.hpp>
#include <framecheck/sim/run_spec.hpp>
#include <framecheck/sim/simulation.hpp>
#include <framecheck/sim/surface.hpp>
#include <framecheck/sim/world.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

class DebugPanel;

// The most fixed ticks one frame runs. A frame whose time covers more (a debugger pause, a huge
// dt) runs this many and lets the world fall behind the clock by the rest, so one long frame can
// never cost unbounded work. Sessions asking for more are refused, so live and replay agree.
inline constexpr std::int64_t kMaxTicksPerFrame = 1000;

// The stages of one frame, in the order they run; on_stage reports each as it starts.
enum class FrameStage { kTicks, kCollision, kRender, kOverlay };

struct EngineOptions {
  // Where the engine draws and listens for keys. Without one the engine is headless: frames
  // still tick, collide and are timed, keys come through Engine::document(), and render()
  // draws onto whatever context a caller gives it.
  Surface* surface = nullptr;
  // Changes to the game's own RunSpec (its logical size, tick rate and seed) for this engine.
  RunEdit run;
  // Measures each frame's sample; the wall clock when null.
  std::shared_ptr<FrameTimer> frame_timer;
  // Called as each stage of a frame starts: for profilers and tests.
  std::function<void(FrameStage)> on_stage;
  // Which named debug sources are on (`--debug=cells,spawner`); none by default.
  DebugFlags debug;
  // Called once per simulated second with the panel as a text block (see panel_block()): the
  // panel in a log, for runs nobody watches. None by default.
  std::function<void(const std::string& block)> log;
};

// A running game as a value: the engine's clock and counts, the open world (WorldSnapshot), the
// game's declared state, the frame-time windows and whether the overlay is shown. Engine::save()
// takes one; restoring it makes the next frame the one that followed the save, checksum and all, as
// long as the game's declaration binds everything its simulation depends on.
class EngineSnapshot final : public SavedState {
 public:
  std::uint64_t frames() const { return counters_.frames; }
  const GameState& game_state() const { return game_; }
  const std::optional<WorldSnapshot>& world() const { return world_; }

 private:
  friend class Engine;
  EngineCounters counters_;
  std::optional<WorldSnapshot> world_;
  GameState game_;
  FrameWindow window_;
  SecondWindows seconds_{0};
  std::int64_t logged_second_ = 0;
  bool overlay_shown_ = false;
};

// Runs one game. Each frame: the fixed ticks the frame's time covers, one collision pass, the
// render (scene, then the overlay over it), then one sample into the frame window. The harness
// holds it as the Simulation it is: its saved state is an EngineSnapshot, its description the
// open world field by field (WorldState).
//   Arena game;
//   Surface surface(1280, 720);
//   Engine engine(game, {.surface = &surface});
//   engine.diagnostics().set_enabled(true);
//   for (int i = 1; i <= 600; ++i) engine.frame(FixedRate(60).step_length(i));
class Engine final : public Simulation {
 public:
  Engine(Game& game, EngineOptions options = {});
  // An engine that owns its game: what simulation_of makes.
  Engine(std::unique_ptr<Game> game, EngineOptions options = {});
  ~Engine() override;
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Advances simulated time by dt (>= 0) and runs one frame: at most kMaxTicksPerFrame ticks.
  void frame(SimTime dt) override;
  // Closes the open world (dropping its sources and timers) and opens `level`.
  void travel(const std::string& level) override;
  // The game's levels (Game::levels).
  std::vector<std::string> levels() const override { return game_.levels(); }
  // The game's alphabet and invariants (Game::input_alphabet, Game::broken_invariant).
  std::optional<InputAlphabet> input_alphabet() const override { return game_.input_alphabet(); }
  std::optional<std::string> broken_invariant() override {
    return game_.broken_invariant(world_.get());
  }
  // The game's cell for guided exploration (Game::explore_cell).
  std::optional<std::string> explore_cell() override { return game_.explore_cell(world_.get()); }
  // Draws the scene letterboxed onto cr, then the overlay with an identity transform.
  void render(cairo_t* cr, int width, int height) override;

  Diagnostics& diagnostics() override { return diagnostics_; }
  const Diagnostics& diagnostics() const { return diagnostics_; }
  // The named debug sources that are on; their lines and panel are drawn while any is. The
  // engine's own source, "frame", shows the last whole second's figures (--debug=frame).
  DebugRegistry& debug() { return debug_; }
  // Frame and tick-body figures over each whole simulated second, collected always.
  const SecondWindows& seconds() const { return seconds_; }
  // The panel as text, the numbers formatted as drawn: a heading with the simulated time and
  // frame, the overlay's lines, then each debug source's title and rows ("  label: value").
  std::string panel_block();
  // The open world, or null before the first level and if travel failed to build one.
  World* world() { return world_.get(); }
  const World* world() const { return world_.get(); }
  // What the game declares of its own state now (Game::declare_state), filled anew each call.
  const GameState& game_state() override;
  // The game's own declaration (Game::declare_state).
  void declare_state(StateArchive& state) override { game_.declare_state(state); }
  // The game as it stands, and back (EngineSnapshot). A restore of another level than the open
  // one closes it and builds that level first (build_world), so the game's world sources, timers
  // and handles are that level's; then every field is put back as saved. Returns why the game's
  // declared state could not be loaded (a declaration that no longer matches it), or nullopt.
  //   EngineSnapshot at_600 = engine.save();
  //   engine.frame(dt);                      // ... and on
  //   engine.restore(at_600);                // the next frame is frame 601 again
  EngineSnapshot save();
  std::optional<std::string> restore(const EngineSnapshot& snapshot);
  // The game as it stands as plain data (engine_data.hpp): what a session's keyframe holds.
  EngineData data() override;
  // Puts data() back: the level is always built again, and every field then put back as saved,
  // each timer with the callback of the rebuilt level's timer of its id. Returns what stops it
  // (a timer made after its level opened, a declaration that no longer matches the saved
  // state), or nullopt; after a problem the engine is at no frame in particular.
  //   EngineData at_600 = engine.data();
  //   Engine other(game_b, options);
  //   other.restore(at_600);                 // other's next frame is frame 601
  std::optional<std::string> restore(const EngineData& data) override;
  // Whether data() taken now restores: every pending timer is one the open level made as it
  // opened (a session's recorder writes keyframes only where this holds).
  bool restorable_from_data() const override;
  // The run's checksum now: the open world's (0 with none), with the game's declared state
  // hashed in (GameState::combine); exactly World::checksum() for a game that declares none.
  std::uint64_t checksum() override { return checksum(WorldHash::kXxh3); }
  std::uint64_t checksum(WorldHash hash);
  // The same checksum and the state it filled once.
  ChecksumAndState checksum_and_state() override;
  // save() and restore() as the harness holds them: the saved state is an EngineSnapshot.
  std::unique_ptr<SavedState> save_state() override;
  std::optional<std::string> load_state(const SavedState& saved) override;
  // The open world field by field (WorldState); none while no world is open.
  StateDescription describe() override;
  std::optional<std::uint64_t> world_checksum(WorldHash hash) override {
    return world_ ? world_->checksum(hash) : 0;
  }
  // Input as the harness delivers it: through key_target(), as real input arrives.
  void key_down(const KeyEvent& key) override { key_target().dispatch_keydown(key); }
  void key_up(const KeyEvent& key) override { key_target().dispatch_keyup(key); }
  void pointer(const PointerEvent& pointer) override { key_target().dispatch_pointer(pointer); }
  void gamepad(const GamepadEvent& gamepad) override { key_target().dispatch_gamepad(gamepad); }
  // The document-level event target: where input arrives when there is no surface.
  EventTarget& document() { return document_; }
  // Where keys and pointer events arrive: the surface's target, or the document's.
  EventTarget& key_target() { return options_.surface ? options_.surface->events() : document_; }

  SimTime now() const override { return counters_.now; }
  std::uint64_t frames() const override { return counters_.frames; }
  std::uint64_t ticks() const { return counters_.ticks; }
  // Ticks that frames covered but did not run, over the kMaxTicksPerFrame limit.
  std::uint64_t ticks_dropped() const { return counters_.ticks_dropped; }
  std::uint64_t worlds_opened() const { return counters_.worlds_opened; }
  const EngineOptions& options() const { return options_; }
  // The game's RunSpec with the options' changes: what this engine runs at.
  const RunSpec& run() const override { return run_; }
  // The letterbox transform for a surface of this size.
  Viewport viewport(int width, int height) const;

 private:
  // Closes the open world, if any: the game's on_world_closing, then its sources and timers go.
  void close_world();
  // Opens `level` as the worlds_opened-th world (its seed follows from the count).
  void open_world(const std::string& level);
  void on_keydown(const KeyEvent& event);
  void on_keyup(const KeyEvent& event);
  void run_tick(SimTime dt);
  void collide();
  void draw_scene(cairo_t* cr, int width, int height);
  void draw_overlay(cairo_t* cr, int width, int height);
  void draw_debug_lines(cairo_t* cr, int width, int height);
  void stage(FrameStage s) const {
    if (options_.on_stage) options_.on_stage(s);
  }

  std::unique_ptr<Game> owned_game_;  // the game, when the engine owns it
  Game& game_;
  EngineOptions options_;
  RunSpec run_;
  Diagnostics diagnostics_;
  DebugRegistry debug_;
  SecondWindows seconds_;
  std::int64_t logged_second_ = 0;
  DebugHandle frame_debug_;
  std::unique_ptr<DebugPanel> debug_panel_;
  EventTarget document_;
  std::vector<EventTarget::ListenerId> listeners_;
  cairo_t* surface_cr_ = nullptr;  // one context for the surface, kept for the engine's life
  std::unique_ptr<World> world_;
  GameState game_state_;
  FixedRate tick_rate_;
  EngineCounters counters_;
  std::uint64_t level_timer_ids_ = 0;  // the open level's timers as it opened have ids below this
};

// The engine options a SimulationSetup asks for: a headless engine.
EngineOptions engine_options(const SimulationSetup& setup);

// Engines as the harness makes them, each running a new game from `make`: how a
// framecheck::Game is a Simulation.
//   Driver driver(simulation_of(make_game<games::Arena>));
SimulationFactory simulation_of(GameFactory make);
// The engine a simulation is; throws std::logic_error for a simulation on its own engine.
Engine& engine_of(Simulation& simulation);

// Engines running `game`, one at a time, which outlives them.
SimulationFactory simulation_of(Game& game);

}  // namespace framecheck
