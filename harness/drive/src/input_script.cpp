#include <framecheck/drive/input_script.hpp>
#include <framecheck/engine.hpp>

namespace framecheck {

void apply_input(Engine& engine, const InputEvent& event) {
  if (const auto* key = std::get_if<KeyPress>(&event)) {
    engine.key_target().dispatch_keydown({key->code, key->repeat});
  } else if (const auto* release = std::get_if<KeyRelease>(&event)) {
    engine.key_target().dispatch_keyup({release->code, false});
  } else if (const auto* pointer = std::get_if<Pointer>(&event)) {
    engine.key_target().dispatch_pointer(pointer->event);
  } else if (const auto* pad = std::get_if<Gamepad>(&event)) {
    engine.key_target().dispatch_gamepad(pad->event);
  } else if (const auto* travel = std::get_if<Travel>(&event)) {
    engine.travel(travel->level);
  } else if (const auto* action = std::get_if<GameAction>(&event)) {
    action->apply(engine);
  }
}

const std::vector<InputEvent>& InputScript::before(std::uint64_t frame) const {
  static const std::vector<InputEvent> kNone;
  const auto it = events_.find(frame);
  return it == events_.end() ? kNone : it->second;
}

}  // namespace framecheck
