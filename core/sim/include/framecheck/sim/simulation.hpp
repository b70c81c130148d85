// Simulation: what the harness drives. Cases, sessions, check-determinism and the rollback check
// hold a game only through it, so a game on its own loop, physics and renderer is tested as
// framecheck's own Engine is (Engine is one Simulation). The model is GGPO's callbacks and
// GGRS's requests: advance a frame, save, load, checksum; the game keeps its engine.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <framecheck/determinism/game_state.hpp>
#include <framecheck/determinism/sim_time.hpp>
#include <framecheck/determinism/state_archive.hpp>
#include <framecheck/diagnostics/debug_flags.hpp>
#include <framecheck/diagnostics/diagnostics.hpp>
#include <framecheck/sim/engine_data.hpp>
#include <framecheck/sim/events.hpp>
#include <framecheck/sim/frame_timer.hpp>
#include <framecheck/sim/game_factory.hpp>
#include <framecheck/sim/input_alphabet.hpp>
#include <framecheck/sim/run_spec.hpp>
#include <framecheck/sim/surface.hpp>
#include <framecheck/sim/world_state.hpp>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace framecheck {

// How the harness asks for a simulation: the changes to the game's own RunSpec (the one owner of
// sizes, rates and seed) and where each frame's sample comes from.
struct SimulationSetup {
  RunEdit run;                              // `[](RunSpec& r) { r.fps = 144; }`; none by default
  std::shared_ptr<FrameTimer> frame_timer;  // each frame's sample; the wall clock when null
  DebugFlags debug;                         // named debug sources to turn on
  std::function<void(const std::string& block)> log;  // the panel as text, once per second
  // Where a live run shows its frames (a window's); null headless. A simulation given one draws
  // each frame, and the overlay over it, onto it before frame() returns (draw_onto does).
  Surface* surface = nullptr;
};

// A simulation's whole state as a value (Simulation::save_state), opaque to the harness.
class SavedState {
 public:
  virtual ~SavedState() = default;
};

// What a simulation is now beyond its declared state: what a session's checkpoints keep, and the
// messages that say where two runs part name ("actor 7 (red) x: recorded 103.25, replayed
// 103.5"). A game on its own engine usually has nothing here: its declared state names its
// fields.
struct StateDescription {
  std::optional<WorldState> world;  // framecheck's engine's open world, field by field
};

// The first field in which `replayed` differs from `recorded`, as a sentence, or nullopt.
std::optional<std::string> first_difference(const StateDescription& recorded,
                                            const StateDescription& replayed);

// Any game the harness can step, check and draw. Implement run, frame, frames, now,
// declare_state and diagnostics; the rest has defaults built on them. Every hook runs on the
// caller's thread. A frame must depend only on the state before it, the input given before it
// and its dt: that is what a session replays and the rollback check proves.
//   class Pong final : public framecheck::Simulation {
//    public:
//     explicit Pong(const SimulationSetup& setup)
//         : run_(edited(RunSpec{.logical_size = {160, 90}}, setup.run)),
//           timer_(setup.frame_timer ? setup.frame_timer : std::make_shared<WallClockTimer>()) {}
//     void frame(SimTime dt) override {
//       timer_->frame_started();
//       now_ += dt, ++frames_;
//       step_ball(dt);
//       diagnostics_.window().add(now_, timer_->frame_finished({frames_, now_}));
//     }
//     void declare_state(StateArchive& s) override {
//       s.whole("frames", frames_), s.number("ball x", x_), ...;
//     }
//     ...
//   };
class Simulation {
 public:
  virtual ~Simulation() = default;

  // The RunSpec it runs at: its own with the setup's changes.
  virtual const RunSpec& run() const = 0;
  // Advances simulated time by dt (>= 0) and runs one frame; adds the frame's sample to
  // diagnostics().window() at now().
  virtual void frame(SimTime dt) = 0;
  // Frames run so far, and simulated time at the end of the last.
  virtual std::uint64_t frames() const = 0;
  virtual SimTime now() const = 0;

  // Input, applied before the next frame, as a browser delivers it (events.hpp).
  virtual void key_down(const KeyEvent& /*key*/) {}
  virtual void key_up(const KeyEvent& /*key*/) {}
  virtual void pointer(const PointerEvent& /*pointer*/) {}
  virtual void gamepad(const GamepadEvent& /*gamepad*/) {}

  // Binds every member the simulation depends on, by name, both ways (state_archive.hpp): hashed
  // into checksum(), kept by save_state() and put back by load_state(). Bind the frame count and
  // clock too, so a load puts frames() and now() back. A member left out is what the rollback
  // check finds.
  virtual void declare_state(StateArchive& state) = 0;
  // The overlay's registries, visibility and frame-time window.
  virtual Diagnostics& diagnostics() = 0;

  // Draws the frame, then the overlay over it, onto cr (width x height device pixels). By
  // default the pixels are render_rgba's, painted, then the overlay drawn.
  virtual void render(cairo_t* cr, int width, int height);
  // The game's own renderer: the frame as straight (not premultiplied) RGBA, 4 bytes a pixel,
  // rows top first, into `rgba` (width * height * 4 bytes). False when the simulation draws
  // with render() instead (the default, which draws nothing).
  virtual bool render_rgba(std::span<std::uint8_t> /*rgba*/, int /*width*/, int /*height*/) {
    return false;
  }

  // The levels travel may name; empty when it has none or accepts any.
  virtual std::vector<std::string> levels() const { return {}; }
  // Opens `level`; ignored by a simulation without levels.
  virtual void travel(const std::string& /*level*/) {}

  // The declared state now, filled anew each call.
  virtual const GameState& game_state();
  // The state's checksum after the last frame, what sessions and the checks compare: by default
  // the declared state's (GameState::combine over 0).
  virtual std::uint64_t checksum();
  // checksum() and the declared state it covers, the state filled once (valid until the next
  // call that fills it): what a replay holds a frame's stated fields to. By default checksum()
  // then game_state(); framecheck's engine fills once.
  struct ChecksumAndState {
    std::uint64_t checksum;
    const GameState& state;
  };
  virtual ChecksumAndState checksum_and_state() { return {checksum(), game_state()}; }
  // The whole state and back: by default the declared state with the frame-time window and
  // the overlay's visibility. Returns why it could not be loaded, or nullopt.
  virtual std::unique_ptr<SavedState> save_state();
  virtual std::optional<std::string> load_state(const SavedState& saved);
  // Draws the frame as render() does onto a live run's surface (SimulationSetup::surface).
  void draw_onto(Surface& surface);

  // What messages compare beyond the declared state; nothing by default.
  virtual StateDescription describe() { return {}; }

  // The state as plain data, what a session's keyframe keeps (engine_data.hpp), and back into a
  // new simulation. By default: frames() and now() as the counters, the declared state, the
  // frame window's samples and the overlay's visibility. restore returns what stops it.
  virtual EngineData data();
  virtual std::optional<std::string> restore(const EngineData& data);
  // Whether data() taken now restores; a session writes keyframes only where it does.
  virtual bool restorable_from_data() const { return true; }
  // What generated play (framecheck explore) may press; nullopt for default_input_alphabet().
  virtual std::optional<InputAlphabet> input_alphabet() const { return std::nullopt; }
  // The name of the first of the game's invariants that does not hold after the last frame
  // ("score never falls"), the same name each time it breaks; nullopt while all hold. explore
  // asks after every frame.
  virtual std::optional<std::string> broken_invariant() { return std::nullopt; }
  // Where the run is, coarsely, for guided exploration: two states in one cell are one place to
  // explore from ("level 2, stage 1, player at 3,4"). nullopt: explore builds one from the
  // declared state and describe().
  virtual std::optional<std::string> explore_cell() { return std::nullopt; }

  // The checksum sessions of formats 1 to 3 kept: framecheck's engine's open world alone, in
  // `hash`. None for any other simulation, which cannot replay those.
  virtual std::optional<std::uint64_t> world_checksum(WorldHash /*hash*/) { return std::nullopt; }

 protected:
  // What every load shares: `saved` put back through declare_state, or why it cannot be
  // ("the game's declared state cannot be loaded: field 1: ...").
  std::optional<std::string> load_declared(const GameState& saved);
  // The frame window refilled from samples, oldest first (a keyframe's).
  void refill_window(const std::vector<FrameSample>& samples);

 private:
  GameState declared_;
  std::vector<std::uint8_t> pixels_;  // render_rgba's buffer, kept from frame to frame
};

// Makes a simulation for a run: what the harness holds to start a game afresh (a replay, each
// run of check-determinism). A framecheck::Game's is simulation_of(make_game<T>).
using SimulationFactory = std::function<std::unique_ptr<Simulation>(const SimulationSetup&)>;

// A T made as make_game makes a game, in storage the determinism checks fill (a member left
// uninitialised then differs between their runs): what a factory should return.
//   SimulationFactory make = [](const SimulationSetup& s) { return make_simulation<Pong>(s); };
template <class T, class... Args>
std::unique_ptr<Simulation> make_simulation(const SimulationSetup& setup, Args&&... args) {
  static_assert(std::is_base_of_v<Simulation, T>, "make_simulation makes a framecheck::Simulation");
  void* storage = allocate_game_storage(sizeof(T), alignof(T));
  try {
    return std::unique_ptr<Simulation>(::new (storage) T(setup, std::forward<Args>(args)...));
  } catch (...) {
    free_game_storage(storage, alignof(T));
    throw;
  }
}

}  // namespace framecheck
