// WorldState: what World::checksum() covers, kept field by field, so that a replay that diverges
// can say which actor and field went first, with both values.
#pragma once

#include <array>
#include <cstdint>
#include <framecheck/sim/world.hpp>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

// One actor as the checksum sees it.
struct ActorState {
  ActorId id = 0;
  std::string tag;
  double x = 0, y = 0;    // position
  double w = 0, h = 0;    // size
  double vx = 0, vy = 0;  // velocity
  bool alive = true;
  friend bool operator==(const ActorState&, const ActorState&) = default;
};

// The open world as the checksum sees it: level, phase, simulated time, ticks, random state,
// timer count and every actor, in id order.
struct WorldState {
  std::string level;
  std::string phase;
  std::int64_t time_ns = 0;
  std::uint64_t ticks = 0;
  std::array<std::uint64_t, 4> rng{};
  std::uint64_t timers = 0;
  std::vector<ActorState> actors;
  friend bool operator==(const WorldState&, const WorldState&) = default;
};

// The world's state now.
WorldState capture_world(const World& world);
// An actor back from its state (a keyframe's world restored).
Actor actor_of(const ActorState& state);

// The first field in which a replay's world differs from the recording's, as a sentence
// ("actor 7 (red) x: recorded 103.25, replayed 103.5"), or nullopt when they are equal. World
// fields come first, then actors by id: an actor only one side has is named as such.
std::optional<std::string> first_difference(const WorldState& recorded, const WorldState& replayed);

}  // namespace framecheck
