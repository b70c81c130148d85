#include <gtest/gtest.h>

#include <framecheck/sim/events.hpp>

namespace framecheck {
namespace {

TEST(EventTarget, DeliversToListenersInOrderUntilRemoved) {
  EventTarget target;
  std::string seen;
  const auto a = target.add_keydown_listener([&](const KeyEvent& e) { seen += "a" + e.code; });
  target.add_keydown_listener([&](const KeyEvent& e) { seen += "b" + e.code; });
  target.dispatch_keydown({"X"});
  target.remove_listener(a);
  target.dispatch_keydown({"Y"});
  EXPECT_EQ(seen, "aXbXbY");
}

TEST(EventTarget, AListenerMayRemoveItselfWhileDispatching) {
  EventTarget target;
  int calls = 0;
  EventTarget::ListenerId id = 0;
  id = target.add_keydown_listener([&](const KeyEvent&) {
    ++calls;
    target.remove_listener(id);
  });
  target.dispatch_keydown({"K"});
  target.dispatch_keydown({"K"});
  EXPECT_EQ(calls, 1);
}

TEST(EventTarget, EachKindReachesOnlyItsOwnListeners) {
  EventTarget target;
  std::string seen;
  target.add_keydown_listener([&](const KeyEvent& e) { seen += "down " + e.code + ";"; });
  target.add_keyup_listener([&](const KeyEvent& e) { seen += "up " + e.code + ";"; });
  const auto pointer = target.add_pointer_listener([&](const PointerEvent& e) {
    seen += "pointer " + std::to_string(static_cast<int>(e.kind)) + " " + std::to_string(e.button) +
            ";";
  });
  const auto pad = target.add_gamepad_listener([&](const GamepadEvent& e) {
    seen += "pad " + std::to_string(e.pad) + " " + std::to_string(e.index) + ";";
  });
  target.dispatch_keyup({"KeyW"});
  target.dispatch_pointer({PointerKind::kDown, {3, 4}, 2, {}});
  target.dispatch_gamepad({GamepadKind::kButton, 1, kPadUp, 1.0, {}});
  target.dispatch_keydown({"KeyA"});
  target.remove_listener(pointer);
  target.remove_listener(pad);
  target.dispatch_pointer({PointerKind::kUp, {3, 4}, 2, {}});
  target.dispatch_gamepad({GamepadKind::kAxis, 0, kPadLeftX, -1.0, {}});
  EXPECT_EQ(seen, "up KeyW;pointer 1 2;pad 1 12;down KeyA;");
  EXPECT_EQ(target.listener_count(), 2u);
}

}  // namespace
}  // namespace framecheck
