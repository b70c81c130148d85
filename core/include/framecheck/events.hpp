// KeyEvent and EventTarget: how key presses reach the engine, as a browser's keydown would.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace framecheck {

// A keydown. `code` names the physical key as KeyboardEvent.code does ("Backquote", "KeyW",
// "ArrowLeft", "Space"); `repeat` is true for auto-repeat while the key is held.
struct KeyEvent {
  std::string code;
  bool repeat = false;
};

// Delivers keydown events to its listeners, in the order they were added.
//   EventTarget target;
//   auto id = target.add_keydown_listener([](const KeyEvent& e) { ... });
//   target.dispatch_keydown({"Backquote"});
class EventTarget {
 public:
  using ListenerId = std::uint64_t;
  using Listener = std::function<void(const KeyEvent&)>;

  ListenerId add_keydown_listener(Listener listener);
  void remove_listener(ListenerId id);
  void dispatch_keydown(const KeyEvent& event);
  std::size_t listener_count() const { return listeners_.size(); }

 private:
  std::vector<std::pair<ListenerId, Listener>> listeners_;
  ListenerId next_id_ = 1;
};

}  // namespace framecheck
