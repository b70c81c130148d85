// EngineData: a running game's snapshot as plain data, what a file can hold (a session's
// keyframes). Simulation::data() takes one and Simulation::restore(const EngineData&) puts it
// back: for a game on its own engine, the frame count and clock, the declared state and the
// frame window; framecheck's Engine adds its counts and the open world.
// Timers are kept as their due times, ids and periods: a restore builds the level again and
// takes each timer's callback from the timer of the same id there, so a timer made after the
// level opened (by a callback or a tick) cannot be restored from data, and the restore says so.
#pragma once

#include <array>
#include <cstdint>
#include <framecheck/determinism/game_state.hpp>
#include <framecheck/determinism/sim_time.hpp>
#include <framecheck/sim/world.hpp>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

// The engine's clock and counts: what a frame moves on, and every snapshot keeps.
struct EngineCounters {
  SimTime now{0};
  std::uint64_t frames = 0;
  std::uint64_t ticks = 0;
  std::uint64_t ticks_dropped = 0;
  std::uint64_t worlds_opened = 0;
  friend bool operator==(const EngineCounters&, const EngineCounters&) = default;
};

// One pending timer.
struct TimerData {
  SimTime due{0};
  std::uint64_t id = 0;
  SimTime period{0};  // zero for a one-shot
  friend bool operator==(const TimerData&, const TimerData&) = default;
};

// The open world, field by field (WorldSnapshot's contents).
struct WorldData {
  std::string level;
  std::string phase;
  Vec2 logical_size;
  SimTime now{0};
  std::uint64_t ticks = 0;
  std::vector<Actor> actors;  // in id order
  ActorId next_actor_id = 1;
  std::vector<TimerData> timers;  // in the order they fire
  std::uint64_t next_timer_id = 1;
  std::array<std::uint64_t, 4> rng{};
  std::optional<std::string> travel_to;
};

// One frame's sample in the frame-time window.
struct FrameSample {
  SimTime at{0};
  double ms = 0;
};

// Everything a restore needs but the per-second figures (SecondWindows), which a restore starts
// afresh: live they hold wall-clock tick times that no replay reproduces, and they show only in
// the "frame" debug source, whole again one simulated second after the restore.
struct EngineData {
  EngineCounters counters;
  std::optional<WorldData> world;
  std::vector<GameStateField> game;         // the declared state, in declaration order
  std::vector<std::uint32_t> game_entries;  // GameState::entry_counts(): what a map's load needs
  std::vector<FrameSample> window;          // the frame window's samples, oldest first
  std::int64_t logged_second = 0;           // the last simulated second the log was given
  bool overlay_shown = false;
};

}  // namespace framecheck
