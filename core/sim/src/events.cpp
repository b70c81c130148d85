#include <algorithm>
#include <framecheck/sim/events.hpp>

namespace framecheck {

EventTarget::ListenerId EventTarget::add(Kind kind, Call call) {
  const ListenerId id = next_id_++;
  listeners_.push_back({id, kind, std::move(call)});
  return id;
}

EventTarget::ListenerId EventTarget::add_keydown_listener(Listener listener) {
  return add(Kind::kKeyDown, std::move(listener));
}

EventTarget::ListenerId EventTarget::add_keyup_listener(Listener listener) {
  return add(Kind::kKeyUp, std::move(listener));
}

EventTarget::ListenerId EventTarget::add_pointer_listener(PointerListener listener) {
  return add(Kind::kPointer, std::move(listener));
}

EventTarget::ListenerId EventTarget::add_gamepad_listener(GamepadListener listener) {
  return add(Kind::kGamepad, std::move(listener));
}

void EventTarget::remove_listener(ListenerId id) {
  std::erase_if(listeners_, [id](const Entry& entry) { return entry.id == id; });
}

template <typename Event>
void EventTarget::dispatch(Kind kind, const Event& event) {
  using Handler = std::function<void(const Event&)>;
  // A copy, so a listener may add or remove listeners (itself included) while it runs.
  const auto listeners = listeners_;
  for (const Entry& entry : listeners) {
    if (entry.kind == kind) std::get<Handler>(entry.call)(event);
  }
}

void EventTarget::dispatch_keydown(const KeyEvent& event) {
  dispatch(Kind::kKeyDown, event);
}

void EventTarget::dispatch_keyup(const KeyEvent& event) {
  dispatch(Kind::kKeyUp, event);
}

void EventTarget::dispatch_pointer(const PointerEvent& event) {
  dispatch(Kind::kPointer, event);
}

void EventTarget::dispatch_gamepad(const GamepadEvent& event) {
  dispatch(Kind::kGamepad, event);
}

}  // namespace framecheck
