#include <gtest/gtest.h>

#include <framecheck/explore/explorer.hpp>
#include <framecheck/explore/generated_input.hpp>
#include <framecheck/explore/shrink.hpp>
#include <kite.hpp>

namespace framecheck {
namespace {

using testing::Kite;
using testing::kite_factory;

const Prober kInProcess = [](const InputScript& input, const ProbeOptions& options) {
  return probe(kite_factory(Kite::Bug::kThrows), input, options);
};

// A long input with the throwing pair (the stick left, then ArrowLeft) buried in it.
InputScript buried() {
  InputScript input = explored_input({.keys = {"ArrowRight", "Backquote"}}, {64, 36}, 400, 5, 0);
  input.add(200, Gamepad{{.kind = GamepadKind::kConnected, .name = "Standard Gamepad"}});
  input.add(210, Gamepad{{.kind = GamepadKind::kAxis, .index = kPadLeftX, .value = -0.9}});
  input.add(300, KeyPress{"ArrowLeft"});
  return input;
}

TEST(Shrink, KeepsOnlyWhatTheFindingNeedsAsEarlyAsItCanBe) {
  const InputScript input = buried();
  const auto found = probe(kite_factory(Kite::Bug::kThrows), input, {.frames = 400});
  ASSERT_TRUE(found);
  ASSERT_GT(flatten(input).size(), 20u);
  const Shrunk shrunk = shrink_input(kInProcess, input, *found, {.frames = 400});
  const std::vector<TimedInput> events = flatten(shrunk.input);
  // The stick's move and the key: nothing else is needed (a stick moves unconnected).
  ASSERT_EQ(events.size(), 2u);
  ASSERT_TRUE(std::holds_alternative<Gamepad>(events[0].event));
  EXPECT_EQ(std::get<Gamepad>(events[0].event).event.value, -1.0);  // -0.9, made simpler
  EXPECT_EQ(std::get<KeyPress>(events[1].event).code, "ArrowLeft");
  EXPECT_TRUE(shrunk.finding.same_bug(*found));
  EXPECT_LE(shrunk.finding.frame, found->frame);
  EXPECT_EQ(shrunk.finding.frame, 1u);  // both moved to the first frame
  EXPECT_EQ(probe(kite_factory(Kite::Bug::kThrows), shrunk.input, {.frames = 400}), shrunk.finding);
}

TEST(Shrink, MakesWhatItKeepsSimpler) {
  InputScript input;
  input.add(4, Gamepad{{.kind = GamepadKind::kAxis, .index = kPadLeftX, .value = -0.8123282962}});
  input.add(9, KeyPress{"ArrowLeft", true});
  const auto found = probe(kite_factory(Kite::Bug::kThrows), input, {.frames = 60});
  ASSERT_TRUE(found);
  const std::vector<TimedInput> events =
      flatten(shrink_input(kInProcess, input, *found, {.frames = 60}).input);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(std::get<Gamepad>(events[0].event).event.value, -1.0);
  EXPECT_EQ(std::get<KeyPress>(events[1].event), (KeyPress{"ArrowLeft", false}));
}

TEST(Shrink, MakesOneEventSimplerInEachWayItCan) {
  InputScript input;
  for (const char* key : {"ArrowLeft", "ArrowRight", "ArrowLeft"})
    input.add(2, KeyPress{key});
  input.add(
      3, Pointer{{.kind = PointerKind::kDown, .position = {33.37178781, 4.20595907}, .button = 2}});
  const Prober combo = [](const InputScript& in, const ProbeOptions& options) {
    return probe(kite_factory(Kite::Bug::kCombo), in, options);
  };
  const auto found = combo(input, {.frames = 60});
  ASSERT_TRUE(found);
  const std::vector<TimedInput> events =
      flatten(shrink_input(combo, input, *found, {.frames = 60}).input);
  ASSERT_EQ(events.size(), 4u);
  // The main button, then whole coordinates: one event made simpler twice.
  EXPECT_EQ(std::get<Pointer>(events[3].event).event.button, 0);
  EXPECT_EQ(std::get<Pointer>(events[3].event).event.position, (Vec2{33, 4}));
}

TEST(Shrink, TheSameFindingShrinksToTheSameInput) {
  const InputScript input = buried();
  const auto found = probe(kite_factory(Kite::Bug::kThrows), input, {.frames = 400});
  ASSERT_TRUE(found);
  const Shrunk a = shrink_input(kInProcess, input, *found, {.frames = 400});
  const Shrunk b = shrink_input(kInProcess, input, *found, {.frames = 400});
  EXPECT_EQ(a.finding, b.finding);
  EXPECT_EQ(a.probes, b.probes);
  EXPECT_EQ(a.input.all(), b.input.all());
}

TEST(Shrink, StopsAtItsBudget) {
  const InputScript input = buried();
  const auto found = probe(kite_factory(Kite::Bug::kThrows), input, {.frames = 400});
  ASSERT_TRUE(found);
  const Shrunk shrunk = shrink_input(kInProcess, input, *found, {.frames = 400}, 5);
  EXPECT_EQ(shrunk.probes, 5u);
  EXPECT_EQ(probe(kite_factory(Kite::Bug::kThrows), shrunk.input, {.frames = 400})->place,
            found->place);
}

}  // namespace
}  // namespace framecheck
