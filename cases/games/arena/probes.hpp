// The arena's probes: plain counters its systems keep up to date every tick, whether or not anyone
// looks. Debug sources (debug_sources.hpp) are views of them.
#pragma once

#include <cstdint>
#include <framecheck/determinism/geometry.hpp>
#include <framecheck/determinism/sim_time.hpp>
#include <map>
#include <optional>
#include <utility>

namespace framecheck::games {

// What the spawner has done in the open world.
struct SpawnerProbe {
  int alive = 0;           // enemies alive now
  int spawned = 0;         // enemies spawned since the world opened
  Vec2 spawn_point{0, 0};  // where the last one came in
  Vec2 inward{0, 1};       // the unit direction from that edge into the arena
};

// A grid of streaming cells around the player, as a large world would stream its content.
// A cell within the load radius starts loading ("reading"), is shown once loaded, lingers as
// "leaving" between the load and unload radii, and goes past the unload radius.
class CellsProbe {
 public:
  static constexpr double kCellSize = 40;
  static constexpr double kLoadRadius = 70;
  static constexpr double kUnloadRadius = 100;
  static constexpr SimTime kLoadTime = std::chrono::milliseconds(400);

  enum class State { kReading, kShown, kLeaving };
  struct Cell {
    State state = State::kReading;
    SimTime loading_left{0};
  };
  using Key = std::pair<int, int>;  // cell column and row

  // One tick: the observer (the player's centre, if there is one) and the tick's length.
  void update(std::optional<Vec2> observer, SimTime dt);
  void clear() {
    cells_.clear();
    observer_.reset();
  }

  std::optional<Key> observer_cell() const;
  std::optional<Vec2> observer() const { return observer_; }
  const std::map<Key, Cell>& cells() const { return cells_; }  // ordered: the same order every run
  int count(State state) const;

 private:
  std::optional<Vec2> observer_;
  std::map<Key, Cell> cells_;
};

}  // namespace framecheck::games
