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

TEST(InputScriptFile, ErrorsNameTheFileAndLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"{\"frame\": 0, \"key\": \"A\"}",
       "in.jsonl:line 1: each event needs \"frame\": a whole number from 1"},
      {"\n{\"frame\": 2, \"jump\": 1}",
       "in.jsonl:line 2: an input is {\"key\": CODE} (with \"repeat\"), {\"keyup\": CODE}, "
       "{\"pointer\": KIND, \"x\", \"y\", ...} or {\"travel\": LEVEL}, with its \"frame\"; or "
       "{\"frame\": N, \"stall_ms\": MS}"},
      {"{frame: 2}",
       "in.jsonl:line 1: invalid JSON: expected {\"frame\": N, and \"key\", \"keyup\", "
       "\"pointer\", \"travel\" or \"stall_ms\"}"},
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

}  // namespace
}  // namespace framecheck
