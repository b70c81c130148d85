// Arena: the bundled example game. Two levels, a match phase that moves, a spawner whose enemies
// collide, and the instance and world sources a real game would register.
#pragma once

#include <array>
#include <framecheck/sim/game.hpp>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "debug_sources.hpp"
#include "probes.hpp"

namespace framecheck::games {

// Levels alternate arena-1, arena-2, arena-1, ... Each runs warmup (2 s), playing (20 s), then
// ended (3 s) before the game travels on. In playing, the spawner sends red and blue enemies in
// from the edges; two of different colours that meet destroy each other, and the player (who
// chases the nearest enemy unless an arrow key is held or a gamepad's left stick is pushed)
// scores by touching them. A boss appears 5 s into playing and takes three touches.
//
// Instance sources: "levels visited", "session time".
// World sources: "score", "leader" ("red", "blue" or "none"), "player" ("(x, y)"), "enemies",
// "spawned", and "boss", which throws until the boss has spawned.
// Debug sources (when --debug= names them): "spawner" and "cells", over probes kept every tick.
class Arena final : public Game {
 public:
  static constexpr const char* kId = "arena";
  static constexpr const char* kVersion = "1.2.0";

  void init(InitApi& api) override;
  void build_world(World& world) override;
  void tick(World& world, SimTime dt) override;
  void on_collision(World& world, Actor& a, Actor& b) override;
  void on_key(const KeyEvent& key) override;
  void on_key_up(const KeyEvent& key) override;
  void on_gamepad(const GamepadEvent& pad) override;
  void on_world_closing(World& world) override;
  std::optional<Rgba> actor_colour(const Actor& actor) const override;
  std::vector<std::string> levels() const override { return {"arena-1", "arena-2"}; }
  void declare_state(StateArchive& state) override;
  // The arrows, Backquote and a gamepad: what explore presses (the arena takes no pointer).
  std::optional<InputAlphabet> input_alphabet() const override;
  // "the player stays inside the arena", "the boss has 0 to 3 hits left", "the score never
  // goes below 0".
  std::optional<std::string> broken_invariant(const World* world) const override;
  // For explore --guided: the level, the boss's hits left, and the player on a 4 by 4 grid.
  std::optional<std::string> explore_cell(const World* world) const override;

  int score() const { return score_; }
  const SpawnerProbe& spawner_probe() const { return spawner_probe_; }
  const CellsProbe& cells_probe() const { return cells_probe_; }
  int levels_visited() const { return levels_visited_; }

 private:
  void enter_phase(World& world, const char* phase);
  void spawn_enemy(World& world);
  void steer_player(World& world, Actor& player, double seconds);
  static void move_and_bounce(World& world, Actor& actor, double seconds);

  // The probes, and the debug sources over them (added only when on).
  SpawnerProbe spawner_probe_;
  CellsProbe cells_probe_;
  DebugHandle spawner_debug_, cells_debug_;

  // Across worlds (instance lifetime).
  int levels_visited_ = 0;
  SimTime session_time_{0};
  std::string next_level_ = "arena-1";

  // This world's state, rebuilt by build_world.
  ActorId player_ = 0;
  ActorId boss_ = 0;
  int boss_hp_ = 0;
  bool boss_defeated_ = false;
  SimTime boss_hit_cooldown_{0};
  int score_ = 0;
  int spawned_ = 0;
  std::map<std::string, int>
      kills_;  // by enemy tag; ordered, so iteration never depends on hashing
  SimTime phase_time_{0};
  SimTime spawn_period_{0};
  // The arrow keys held now (left, right, up, down): the player moves while any is held and the
  // autopilot takes over when all are released. Keys stay held across a level change.
  std::array<bool, 4> held_{};
  // Each connected gamepad's left stick (x, y), by pad: the player moves with their sum, as far
  // as it is pushed, while no arrow is held. Declared as state only while a gamepad is there, so
  // sessions without one keep their checksums.
  std::map<int, std::array<double, 2>> sticks_;
};

}  // namespace framecheck::games
