// Game and InitApi: what a game implements for the engine to run it.
#pragma once

#include <cairo.h>

#include <framecheck/determinism/game_state.hpp>
#include <framecheck/determinism/sim_time.hpp>
#include <framecheck/determinism/state_archive.hpp>
#include <framecheck/diagnostics/debug_registry.hpp>
#include <framecheck/diagnostics/overlay_style.hpp>
#include <framecheck/diagnostics/registry.hpp>
#include <framecheck/sim/events.hpp>
#include <framecheck/sim/input_alphabet.hpp>
#include <framecheck/sim/run_spec.hpp>
#include <framecheck/sim/world.hpp>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

// What the engine hands the game once, at start.
struct InitApi {
  // The instance registry: sources that live as long as the engine.
  DiagnosticRegistry& diagnostics;
  // Set by init: the level the engine opens first (none if empty).
  std::string start_level;
  // Named debug sources: only those that --debug= names are added.
  DebugRegistry& debug;
};

// How the pipeline maps the game's logical coordinates onto the surface (letterboxed).
struct Viewport {
  double scale = 1;  // device pixels per logical unit
  double offset_x = 0;
  double offset_y = 0;
};

// The largest scale at which `logical` fits a surface of width x height, centred: how the engine
// letterboxes a game, and how a window maps the pointer back into logical coordinates.
Viewport letterbox(Vec2 logical, int width, int height);

// A game the engine runs. Every hook runs on the engine's thread, inside Engine::frame, except
// on_key, on_key_up, on_pointer and on_gamepad, which run when an input event is dispatched.
//   class Arena final : public Game {
//     void init(InitApi& api) override { api.start_level = "arena-1"; ... }
//     void build_world(World& world) override { ... }
//     void tick(World& world, SimTime dt) override { ... }
//   };
class Game {
 public:
  virtual ~Game() = default;

  // Once per engine, before the first level opens: register instance sources here.
  virtual void init(InitApi& api) = 0;
  // Each time a level opens: spawn actors, set the phase, register world sources and timers.
  virtual void build_world(World& world) = 0;
  // One fixed-rate tick of the open world, after its due timers have fired.
  virtual void tick(World& world, SimTime dt) = 0;
  // Two live actors whose boxes overlap in the frame's collision pass; a.id < b.id.
  virtual void on_collision(World& /*world*/, Actor& /*a*/, Actor& /*b*/) {}
  // A key that is not the engine's own; the game keeps it as input for its next tick.
  virtual void on_key(const KeyEvent& /*key*/) {}
  // A key released (never the engine's own); a held key is down from its on_key to this.
  virtual void on_key_up(const KeyEvent& /*key*/) {}
  // A pointer moved, pressed or released a button, or turned its wheel; logical coordinates.
  virtual void on_pointer(const PointerEvent& /*pointer*/) {}
  // A gamepad connected or disconnected, or moved a button or axis (the W3C standard mapping's
  // numbers, events.hpp). A game keeps the values it needs; each event carries one change.
  virtual void on_gamepad(const GamepadEvent& /*gamepad*/) {}
  // Just before the open world closes (its registry and timers are still there).
  virtual void on_world_closing(World& /*world*/) {}
  // The colour the engine fills an actor with; by default one picked from its tag.
  virtual std::optional<Rgba> actor_colour(const Actor& /*actor*/) const { return std::nullopt; }
  // Extra drawing after the engine has drawn the actors, in logical coordinates.
  virtual void render(const World& /*world*/, cairo_t* /*cr*/) {}
  // Binds the members the game keeps outside the world, by name, both ways (state_archive.hpp):
  // saved, they are in every frame's checksum and a session's checkpoints, so a replay names the
  // field that went first; loaded, they restore a snapshot. Bind every member the simulation
  // depends on: one left out is what check-determinism --rollback finds.
  virtual void declare_state(StateArchive& /*state*/) {}
  // What a run of the game is made of: its logical size, surface, tick rate, frame rate and
  // seed. Everything that runs the game starts from it (run_spec.hpp).
  virtual RunSpec run_spec() const { return {}; }
  // The levels travel may name, so a script naming another is refused; empty accepts any.
  virtual std::vector<std::string> levels() const { return {}; }
  // What generated play (framecheck explore) may press; nullopt for default_input_alphabet().
  virtual std::optional<InputAlphabet> input_alphabet() const { return std::nullopt; }
  // The name of the first invariant that does not hold after the last frame, the same name each
  // time it breaks ("the player stays inside the arena"); `world` is the open one, or null
  // between worlds. explore asks after every frame.
  virtual std::optional<std::string> broken_invariant(const World* /*world*/) const {
    return std::nullopt;
  }
  // Where the run is, coarsely, for guided exploration (Simulation::explore_cell); `world` as
  // broken_invariant's. nullopt: explore builds one from the declared state and the world.
  virtual std::optional<std::string> explore_cell(const World* /*world*/) const {
    return std::nullopt;
  }
};

}  // namespace framecheck
