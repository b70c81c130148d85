// InputScript: what happens to a simulation between frames: keys, pointer, gamepads, travel, game
// actions.
#pragma once

#include <cstdint>
#include <framecheck/sim/events.hpp>
#include <framecheck/sim/simulation.hpp>
#include <functional>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace framecheck {

struct KeyPress {
  std::string code;  // KeyboardEvent.code: "Backquote", "ArrowLeft"
  bool repeat = false;
  friend bool operator==(const KeyPress&, const KeyPress&) = default;
};
// A key let go; a key is held from its KeyPress to its KeyRelease.
struct KeyRelease {
  std::string code;
  friend bool operator==(const KeyRelease&, const KeyRelease&) = default;
};
// A pointer event, in the game's logical coordinates.
struct Pointer {
  PointerEvent event;
  friend bool operator==(const Pointer&, const Pointer&) = default;
};
// A gamepad event: connected, disconnected, a button or an axis (the W3C standard mapping).
struct Gamepad {
  GamepadEvent event;
  friend bool operator==(const Gamepad&, const Gamepad&) = default;
};
struct Travel {
  std::string level;
  friend bool operator==(const Travel&, const Travel&) = default;
};
// Something a case does to the game directly, under a name that shows in failures.
struct GameAction {
  std::string name;
  std::function<void(Simulation&)> apply;
  friend bool operator==(const GameAction& a, const GameAction& b) { return a.name == b.name; }
};
using InputEvent = std::variant<KeyPress, KeyRelease, Pointer, Gamepad, Travel, GameAction>;

// Applies one event to a simulation: keys, pointer and gamepads as its input hooks take them,
// travel as its travel.
void apply_input(Simulation& simulation, const InputEvent& event);

// Events by frame: those at frame n are applied, in the order added, just before frame n runs.
//   InputScript script;
//   script.add(120, KeyPress{"Backquote"});
//   script.add(600, Travel{"arena-2"});
class InputScript {
 public:
  void add(std::uint64_t frame, InputEvent event) { events_[frame].push_back(std::move(event)); }
  // The events due before frame n (empty if none).
  const std::vector<InputEvent>& before(std::uint64_t frame) const;
  bool empty() const { return events_.empty(); }
  const std::map<std::uint64_t, std::vector<InputEvent>>& all() const { return events_; }

 private:
  std::map<std::uint64_t, std::vector<InputEvent>> events_;
};

}  // namespace framecheck
