#include <gtest/gtest.h>

#include <framecheck/events.hpp>

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

}  // namespace
}  // namespace framecheck
