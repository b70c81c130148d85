// World: one open level: its actors, match phase, timers, random numbers and world registry.
#pragma once

#include <cstdint>
#include <framecheck/determinism/geometry.hpp>
#include <framecheck/determinism/rng.hpp>
#include <framecheck/determinism/sim_time.hpp>
#include <framecheck/diagnostics/registry.hpp>
#include <framecheck/sim/timer_queue.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace framecheck {

using ActorId = std::uint32_t;

// A thing in the world. Actors are removed by marking them dead; the engine sweeps the dead out
// after each tick, so ids and references stay valid for the rest of the tick.
struct Actor {
  ActorId id = 0;
  std::string tag;  // what kind of thing it is: "player", "enemy"
  Vec2 position;    // top-left corner, logical units
  Vec2 size;
  Vec2 velocity;  // logical units per second; the game moves actors, the engine never does
  bool alive = true;
  Box box() const { return {position, size}; }
};

// The hash World::checksum() computes over the world's bytes.
enum class WorldHash {
  kXxh3,   // XXH3-64, seed 0: session format 3 and later
  kFnv1a,  // FNV-1a 64: session formats 1 and 2
};

class Engine;
namespace detail {
struct WorldAccess;
}  // namespace detail

// Everything a world holds but its registry, as a value: World::save() gives one, and
// World::restore() puts it back, timers (their callbacks copied) and random state included.
class WorldSnapshot {
 public:
  const std::string& level() const { return level_; }
  std::uint64_t ticks() const { return ticks_; }

 private:
  friend class World;
  friend class Engine;  // EngineData: the snapshot as data, and back
  WorldSnapshot(std::string level, Vec2 logical_size, std::uint64_t seed)
      : level_(std::move(level)), logical_size_(logical_size), rng_(seed) {}

  std::string level_;
  std::string phase_ = "none";
  Vec2 logical_size_;
  SimTime now_{0};
  std::uint64_t ticks_ = 0;
  std::vector<Actor> actors_;
  std::size_t live_ = 0;
  ActorId next_id_ = 1;
  TimerQueue timers_;
  Rng rng_;
  std::optional<std::string> travel_to_;
};

// Built by the engine each time a level opens, handed to the game's build_world, and closed (its
// registry and timers dropped) when the engine travels on.
//   void build_world(World& world) override {
//     world.set_phase("warmup");
//     world.spawn("player", {150, 80}, {12, 12});
//     world.diagnostics().register_source("score", [this] { return score_; });
//     world.every(std::chrono::milliseconds(500), [this](World& w) { spawn_enemy(w); });
//   }
class World {
 public:
  World(std::string level, Vec2 logical_size, std::uint64_t seed, DiagnosticRegistry& registry);
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  const std::string& level() const { return s_.level_; }
  // The match phase, a word the game chooses ("warmup", "playing", "ended").
  const std::string& phase() const { return s_.phase_; }
  void set_phase(std::string phase) { s_.phase_ = std::move(phase); }
  // The logical size the pipeline letterboxes onto the surface.
  Vec2 logical_size() const { return s_.logical_size_; }

  // Simulated time since the world opened; advances by whole ticks.
  SimTime now() const { return s_.now_; }
  std::uint64_t ticks() const { return s_.ticks_; }

  ActorId spawn(std::string tag, Vec2 position, Vec2 size, Vec2 velocity = {});
  // Marks an actor dead; it leaves the world after the current tick. Unknown ids are ignored.
  void remove(ActorId id);
  Actor* find(ActorId id);
  const Actor* find(ActorId id) const;
  // All actors in id order, the dead of this tick included (check alive).
  std::span<Actor> actors() { return s_.actors_; }
  std::span<const Actor> actors() const { return s_.actors_; }
  std::size_t live_actor_count() const { return s_.live_; }

  // Runs `callback` once, `delay` after now.
  TimerQueue::TimerId after(SimTime delay, TimerQueue::Callback callback);
  // Runs `callback` every `period` (> 0), the first time one period from now.
  TimerQueue::TimerId every(SimTime period, TimerQueue::Callback callback);
  void cancel(TimerQueue::TimerId id) { s_.timers_.cancel(id); }
  std::size_t timer_count() const { return s_.timers_.size(); }

  // A fixed-seed 64-bit hash of everything the simulation holds: level, phase, time, ticks,
  // every actor's fields (doubles by their bits), the random state and the timers' count, as one
  // little-endian byte stream. Two runs that diverge anywhere in the world show different
  // checksums. XXH3 by default; FNV-1a over the same bytes is what sessions of format 1 and 2
  // hold, and costs about ten times as much.
  std::uint64_t checksum(WorldHash hash = WorldHash::kXxh3) const;

  Rng& rng() { return s_.rng_; }
  const Rng& rng() const { return s_.rng_; }
  // The world registry: its sources are dropped when this world closes.
  DiagnosticRegistry& diagnostics() { return registry_; }

  // This world as a value, and back: a restore puts every field as it was when saved (the
  // registry, which is the game's sources, stays as it is). The snapshot must be this level's.
  WorldSnapshot save() const { return s_; }
  void restore(const WorldSnapshot& snapshot) { s_ = snapshot; }

  // Asks the engine to close this world and open `level` once the current tick is over.
  void request_travel(std::string level) { s_.travel_to_ = std::move(level); }
  const std::optional<std::string>& pending_travel() const { return s_.travel_to_; }

 private:
  // The engine runs the world; the core's tests reach these through detail::WorldAccess.
  friend class Engine;
  friend struct detail::WorldAccess;
  // One tick of `dt` (fires the timers due by its end), then the sweep of the dead.
  void advance(SimTime dt);
  void sweep();
  // Drops the timers and the world registry's sources.
  void close();
  std::optional<std::string> take_travel() { return std::exchange(s_.travel_to_, std::nullopt); }

  WorldSnapshot s_;  // everything but the registry
  DiagnosticRegistry& registry_;
};

}  // namespace framecheck
