// KeyEvent, PointerEvent, GamepadEvent and EventTarget: how a player's input reaches the engine,
// as a browser's keydown, keyup, pointer and gamepad events would.
#pragma once

#include <cstdint>
#include <framecheck/determinism/geometry.hpp>
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

// What a gamepad did: connected, disconnected, or one of its buttons or axes changed.
enum class GamepadKind { kConnected, kDisconnected, kButton, kAxis };

// The W3C Gamepad API's standard mapping: buttons 0-16, axes 0-3.
inline constexpr int kGamepadButtons = 17;
inline constexpr int kGamepadAxes = 4;
// Gamepads connected at once, at most: pads 0-15 (a 17th is not captured).
inline constexpr int kMaxGamepads = 16;

// Standard-mapping button numbers (W3C Gamepad API, "Standard Gamepad").
enum GamepadButton : int {
  kPadA = 0,            // bottom face button
  kPadB = 1,            // right face button
  kPadX = 2,            // left face button
  kPadY = 3,            // top face button
  kPadLeftBumper = 4,   // front left, top
  kPadRightBumper = 5,  // front right, top
  kPadLeftTrigger = 6,  // front left, bottom: analog, 0 to 1
  kPadRightTrigger = 7,
  kPadBack = 8,        // the left centre button (Back, Select, View)
  kPadStart = 9,       // the right centre button (Start, Menu)
  kPadLeftStick = 10,  // the sticks pressed in
  kPadRightStick = 11,
  kPadUp = 12,  // the directional pad
  kPadDown = 13,
  kPadLeft = 14,
  kPadRight = 15,
  kPadHome = 16,  // the centre button (Guide, PS)
};
// Standard-mapping axes: each stick's x and y, -1 to 1, positive right and down.
enum GamepadAxis : int { kPadLeftX = 0, kPadLeftY = 1, kPadRightX = 2, kPadRightY = 3 };

// A gamepad event. `pad` is the gamepad's index as navigator.getGamepads() gives it: the lowest
// free one when it connected, kept until it disconnects. For kButton, `index` is a button and
// `value` its pressure, 0 to 1 (0 or 1 for a digital one); for kAxis, an axis and its position,
// -1 to 1. `name` is the gamepad's (Gamepad.id) on kConnected.
struct GamepadEvent {
  GamepadKind kind = GamepadKind::kButton;
  int pad = 0;
  int index = 0;
  double value = 0;
  std::string name;
  friend bool operator==(const GamepadEvent&, const GamepadEvent&) = default;
};

// Delivers keydown, keyup, pointer and gamepad events to the listeners of each kind, in the order
// they were added.
//   EventTarget target;
//   auto id = target.add_keydown_listener([](const KeyEvent& e) { ... });
//   target.dispatch_keydown({"Backquote"});
class EventTarget {
 public:
  using ListenerId = std::uint64_t;
  using Listener = std::function<void(const KeyEvent&)>;
  using PointerListener = std::function<void(const PointerEvent&)>;
  using GamepadListener = std::function<void(const GamepadEvent&)>;

  ListenerId add_keydown_listener(Listener listener);
  ListenerId add_keyup_listener(Listener listener);
  ListenerId add_pointer_listener(PointerListener listener);
  ListenerId add_gamepad_listener(GamepadListener listener);
  // Removes a listener of any kind; an unknown id is ignored.
  void remove_listener(ListenerId id);
  void dispatch_keydown(const KeyEvent& event);
  void dispatch_keyup(const KeyEvent& event);
  void dispatch_pointer(const PointerEvent& event);
  void dispatch_gamepad(const GamepadEvent& event);
  std::size_t listener_count() const { return listeners_.size(); }

 private:
  enum class Kind { kKeyDown, kKeyUp, kPointer, kGamepad };
  using Call = std::variant<Listener, PointerListener, GamepadListener>;
  struct Entry {
    ListenerId id;
    Kind kind;
    Call call;
  };
  ListenerId add(Kind kind, Call call);
  template <typename Event>
  void dispatch(Kind kind, const Event& event);

  std::vector<Entry> listeners_;
  ListenerId next_id_ = 1;
};

}  // namespace framecheck
