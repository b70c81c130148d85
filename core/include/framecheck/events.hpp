// KeyEvent, PointerEvent and EventTarget: how a player's input reaches the engine, as a browser's
// keydown, keyup and pointer events would.
#pragma once

#include <cstdint>
#include <framecheck/geometry.hpp>
#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace framecheck {

// A key going down or up. `code` names the physical key as KeyboardEvent.code does
// ("Backquote", "KeyW", "ArrowLeft", "Space"), whatever the keyboard layout; `repeat` is true
// for a keydown that auto-repeat sends while the key is held (never for a keyup).
struct KeyEvent {
  std::string code;
  bool repeat = false;
};

// What a pointer did.
enum class PointerKind { kMove, kDown, kUp, kWheel };

// A pointer event at `position`, in the game's logical coordinates (outside the logical area
// when the pointer is over the letterbox). `button` is MouseEvent.button's number (0 main,
// 1 middle, 2 secondary, 3 back, 4 forward) for kDown and kUp; `wheel` is WheelEvent's
// (deltaX, deltaY) in notches, positive right and down, for kWheel.
struct PointerEvent {
  PointerKind kind = PointerKind::kMove;
  Vec2 position;
  int button = 0;
  Vec2 wheel;
  friend bool operator==(const PointerEvent&, const PointerEvent&) = default;
};

// Delivers keydown, keyup and pointer events to the listeners of each kind, in the order they
// were added.
//   EventTarget target;
//   auto id = target.add_keydown_listener([](const KeyEvent& e) { ... });
//   target.dispatch_keydown({"Backquote"});
class EventTarget {
 public:
  using ListenerId = std::uint64_t;
  using Listener = std::function<void(const KeyEvent&)>;
  using PointerListener = std::function<void(const PointerEvent&)>;

  ListenerId add_keydown_listener(Listener listener);
  ListenerId add_keyup_listener(Listener listener);
  ListenerId add_pointer_listener(PointerListener listener);
  // Removes a listener of any kind; an unknown id is ignored.
  void remove_listener(ListenerId id);
  void dispatch_keydown(const KeyEvent& event);
  void dispatch_keyup(const KeyEvent& event);
  void dispatch_pointer(const PointerEvent& event);
  std::size_t listener_count() const { return listeners_.size(); }

 private:
  enum class Kind { kKeyDown, kKeyUp, kPointer };
  struct Entry {
    ListenerId id;
    Kind kind;
    std::variant<Listener, PointerListener> call;
  };
  ListenerId add(Kind kind, std::variant<Listener, PointerListener> call);
  template <typename Event>
  void dispatch(Kind kind, const Event& event);

  std::vector<Entry> listeners_;
  ListenerId next_id_ = 1;
};

}  // namespace framecheck
