#include <framecheck/drive/input_script.hpp>

namespace framecheck {

void apply_input(Simulation& simulation, const InputEvent& event) {
  if (const auto* key = std::get_if<KeyPress>(&event)) {
    simulation.key_down({key->code, key->repeat});
  } else if (const auto* release = std::get_if<KeyRelease>(&event)) {
    simulation.key_up({release->code, false});
  } else if (const auto* pointer = std::get_if<Pointer>(&event)) {
    simulation.pointer(pointer->event);
  } else if (const auto* pad = std::get_if<Gamepad>(&event)) {
    simulation.gamepad(pad->event);
  } else if (const auto* travel = std::get_if<Travel>(&event)) {
    simulation.travel(travel->level);
  } else if (const auto* action = std::get_if<GameAction>(&event)) {
    action->apply(simulation);
  }
}

const std::vector<InputEvent>& InputScript::before(std::uint64_t frame) const {
  static const std::vector<InputEvent> kNone;
  const auto it = events_.find(frame);
  return it == events_.end() ? kNone : it->second;
}

}  // namespace framecheck
