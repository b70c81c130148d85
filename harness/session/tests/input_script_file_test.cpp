#include <gtest/gtest.h>

#include <framecheck/session/input_script_file.hpp>

namespace framecheck {
namespace {

TEST(InputScriptFile, ReadsKeysTravelAndStallsSkippingCommentsAndBlanks) {
  auto r = parse_input_script(
      "# a comment\n\n{\"frame\": 3, \"key\": \"Backquote\"}\n{\"frame\": 3, \"key\": \"KeyA\", "
      "\"repeat\": true}\n"
      "{\"frame\": 9, \"travel\": \"arena-2\"}\n{\"frame\": 12, \"stall_ms\": 80}\n",
      "in.jsonl");
  ASSERT_TRUE(r) << r.error().message();
  ASSERT_EQ(r->input.before(3).size(), 2u);
  EXPECT_EQ(std::get<KeyPress>(r->input.before(3)[1]), (KeyPress{"KeyA", true}));
  EXPECT_EQ(std::get<Travel>(r->input.before(9)[0]).level, "arena-2");
  EXPECT_EQ(r->stalls_ms.at(12), 80.0);
}

TEST(InputScriptFile, ReadsKeyupsAndPointerEventsAsASessionHoldsThem) {
  auto r = parse_input_script(
      "{\"frame\": 4, \"keyup\": \"ArrowLeft\"}\n"
      "{\"frame\": 5, \"pointer\": \"down\", \"x\": 10.5, \"y\": 20, \"button\": 0}\n",
      "in.jsonl");
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(std::get<KeyRelease>(r->input.before(4)[0]), KeyRelease{"ArrowLeft"});
  EXPECT_EQ(std::get<Pointer>(r->input.before(5)[0]).event,
            (PointerEvent{PointerKind::kDown, {10.5, 20}, 0, {}}));
}

TEST(InputScriptFile, ReadsGamepadsAsASessionHoldsThemTheirValuesExactly) {
  auto r = parse_input_script(
      "{\"frame\": 1, \"gamepad\": 0, \"connected\": \"Pad\"}\n"
      "{\"frame\": 2, \"gamepad\": 0, \"axis\": 1, \"value\": -0.30000000000000004}\n"
      "{\"frame\": 2, \"gamepad\": 0, \"button\": 7, \"value\": 0.750022888882107}\n"
      "{\"frame\": 3, \"gamepad\": 0, \"disconnected\": true}\n",
      "in.jsonl");
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(std::get<Gamepad>(r->input.before(1)[0]).event,
            (GamepadEvent{GamepadKind::kConnected, 0, 0, 0, "Pad"}));
  EXPECT_EQ(std::get<Gamepad>(r->input.before(2)[0]).event,
            (GamepadEvent{GamepadKind::kAxis, 0, kPadLeftY, -0.1 - 0.2, {}}));
  EXPECT_EQ(std::get<Gamepad>(r->input.before(2)[1]).event,
            (GamepadEvent{GamepadKind::kButton, 0, kPadRightTrigger, 24576.0 / 32767.0, {}}));
  EXPECT_EQ(std::get<Gamepad>(r->input.before(3)[0]).event.kind, GamepadKind::kDisconnected);
}

TEST(InputScriptFile, ErrorsNameTheFileAndLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"{\"frame\": 0, \"key\": \"A\"}",
       "in.jsonl:line 1: each event needs \"frame\": a whole number from 1"},
      {"\n{\"frame\": 2, \"jump\": 1}",
       "in.jsonl:line 2: an input is {\"key\": CODE} (with \"repeat\"), {\"keyup\": CODE}, "
       "{\"pointer\": KIND, \"x\", \"y\", ...}, {\"gamepad\": PAD, ...} or {\"travel\": LEVEL}, "
       "with its \"frame\"; or {\"frame\": N, \"stall_ms\": MS}"},
      {"{frame: 2}",
       "in.jsonl:line 1: invalid JSON: expected {\"frame\": N, and \"key\", \"keyup\", "
       "\"pointer\", \"gamepad\", \"travel\" or \"stall_ms\"}"},
      {"{\"frame\": 2, \"gamepad\": 0, \"axis\": 4, \"value\": 0.5}",
       "in.jsonl:line 1: a gamepad input's \"axis\" must be a whole number from 0 to 3, with its "
       "\"frame\"; or {\"frame\": N, \"stall_ms\": MS}"},
      {"{\"frame\": 2, \"gamepad\": 0, \"button\": 16, \"value\": -0.5}",
       "in.jsonl:line 1: a gamepad button needs \"value\": a number from 0 to 1, with its "
       "\"frame\"; or {\"frame\": N, \"stall_ms\": MS}"},
      {"{\"frame\": 2, \"gamepad\": 0, \"axis\": 1, \"value\": 1.5}",
       "in.jsonl:line 1: a gamepad axis needs \"value\": a number from -1 to 1, with its "
       "\"frame\"; or {\"frame\": N, \"stall_ms\": MS}"},
      {"{\"frame\": 2, \"gamepad\": 16, \"disconnected\": true}",
       "in.jsonl:line 1: a gamepad input's \"gamepad\" must be a whole number from 0 to 15, with "
       "its \"frame\"; or {\"frame\": N, \"stall_ms\": MS}"},
      {"{\"frame\": 2, \"gamepad\": 0, \"button\": 1}",
       "in.jsonl:line 1: a gamepad input is {\"gamepad\": PAD, and \"connected\": NAME, "
       "\"disconnected\": true, \"button\": N with \"value\", or \"axis\": N with \"value\"}, "
       "with its \"frame\"; or {\"frame\": N, \"stall_ms\": MS}"},
      {"{\"frame\": 2, \"pointer\": \"wheel\", \"x\": 1, \"y\": 2}",
       "in.jsonl:line 1: a pointer input needs a finite number \"dx\", with its \"frame\"; or "
       "{\"frame\": N, \"stall_ms\": MS}"},
      {"{\"frame\": 2, \"stall_ms\": -4}",
       "in.jsonl:line 1: \"stall_ms\" must be above 0 and at most 10000"},
  };
  for (const auto& [text, message] : cases) {
    auto r = parse_input_script(text, "in.jsonl");
    ASSERT_FALSE(r) << text;
    EXPECT_EQ(r.error().message(), message);
  }
}

// Written, then read back: every kind of event, the same script, the comment skipped.
TEST(InputScriptText, ReadsBackAsTheSameScript) {
  InputScript input;
  input.add(1, KeyPress{"ArrowLeft"});
  input.add(1, KeyPress{"ArrowLeft", true});
  input.add(3, KeyRelease{"ArrowLeft"});
  input.add(4, Pointer{{.kind = PointerKind::kDown, .position = {10.25, 3.5}, .button = 2}});
  input.add(4, Pointer{{.kind = PointerKind::kWheel, .position = {1, 2}, .wheel = {0, -3}}});
  input.add(9, Gamepad{{.kind = GamepadKind::kConnected, .pad = 1, .name = "Standard Gamepad"}});
  input.add(9, Gamepad{{.kind = GamepadKind::kAxis, .pad = 1, .index = 2, .value = -0.125}});
  input.add(9, Gamepad{{.kind = GamepadKind::kButton, .pad = 1, .index = 16, .value = 1}});
  input.add(12, Gamepad{{.kind = GamepadKind::kDisconnected, .pad = 1}});
  input.add(20, Travel{"arena-2"});
  const std::string text = input_script_text(input, "found by explore\nsecond line");
  EXPECT_EQ(text.substr(0, 44), "# found by explore\n# second line\n{\"frame\":1,");
  auto read = parse_input_script(text, "written.jsonl");
  ASSERT_TRUE(read) << read.error().message();
  EXPECT_EQ(read->input.all(), input.all());
}

}  // namespace
}  // namespace framecheck
