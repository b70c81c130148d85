// Keyframe: what a session of format 6 keeps every keyframe_every frames, so that a replay can
// start there instead of at frame 1 (docs/session-format.md). It directly follows the checkpoint
// of its frame and holds only what that checkpoint does not: the checkpoint has the world's
// actors, random state, level, phase and time and the game's declared state; the frame window is
// rebuilt from the samples of the frames before it. Each is a field the session owns once.
#pragma once

#include <cstdint>
#include <framecheck/determinism/sim_time.hpp>
#include <framecheck/sim/engine_data.hpp>
#include <framecheck/sim/world_state.hpp>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace framecheck {

struct Checkpoint;

// A keyframe's part of the open world: what its checkpoint's "world" leaves out. Outside
// Keyframe, whole before the optional that holds it (clang cannot tell, inside the enclosing
// class, that a nested type with member initialisers can be made).
struct KeyframeWorld {
  Vec2 logical_size;
  ActorId next_actor_id = 1;
  std::vector<TimerData> timers;  // in the order they fire
  std::uint64_t next_timer_id = 1;
  std::optional<std::string> travel_to;
  friend bool operator==(const KeyframeWorld&, const KeyframeWorld&) = default;
};

struct Keyframe {
  std::uint64_t frame() const { return counters.frames; }
  EngineCounters counters;  // the engine's clock and counts; `frames` is the keyframe's frame
  std::int64_t logged_second = 0;
  bool overlay_shown = false;
  std::optional<KeyframeWorld> world;       // none when no world is open
  std::vector<std::uint32_t> game_entries;  // the declared state's map entry counts
  friend bool operator==(const Keyframe&, const Keyframe&) = default;
};

// The keyframe part of an engine's data at `frame`.
Keyframe keyframe_of(const EngineData& data);

// The engine's data back from a keyframe, the checkpoint of its frame (with its world and game)
// and the frame window's samples: what Simulation::restore takes. An Error's text when the two do
// not fit together (a world in one and not the other).
std::optional<std::string> engine_data(const Keyframe& keyframe, const Checkpoint& checkpoint,
                                       std::vector<FrameSample> window, EngineData& out);

// The frame window as frame `frame` left it at simulated time `now`, rebuilt from the frames'
// own records: the samples of the last FrameWindow::kCapacity frames up to it (all it can hold),
// oldest first, each one's time counted back from `now` by the frames' lengths. `frame_at(f)`
// gives frame f's dt and sample.
std::vector<FrameSample> window_before(
    std::uint64_t frame, SimTime now,
    const std::function<std::pair<SimTime, double>(std::uint64_t)>& frame_at);

// The first field in which a replay's keyframe differs from the recording's, as a sentence
// ("keyframe world timer 2 due: recorded 1500000000 ns, replayed 1516666666 ns"), or nullopt.
std::optional<std::string> first_difference(const Keyframe& recorded, const Keyframe& replayed);

}  // namespace framecheck
