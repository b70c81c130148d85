#include <algorithm>
#include <framecheck/events.hpp>

namespace framecheck {

EventTarget::ListenerId EventTarget::add_keydown_listener(Listener listener) {
  const ListenerId id = next_id_++;
  listeners_.emplace_back(id, std::move(listener));
  return id;
}

void EventTarget::remove_listener(ListenerId id) {
  std::erase_if(listeners_, [id](const auto& entry) { return entry.first == id; });
}

void EventTarget::dispatch_keydown(const KeyEvent& event) {
  // A copy, so a listener may add or remove listeners (itself included) while it runs.
  const auto listeners = listeners_;
  for (const auto& [id, listener] : listeners)
    listener(event);
}

}  // namespace framecheck
