#include <gtest/gtest.h>

#include <framecheck/diagnostics/debug_registry.hpp>

namespace framecheck {
namespace {

class Counting final : public DebugSource {
 public:
  explicit Counting(std::string id) : id_(std::move(id)) {}
  std::string_view id() const override { return id_; }
  std::string_view title() const override { return id_; }
  void rows(DebugRows& out) override {
    ++calls;
    out.row("n", calls, calls > 2);
  }
  void lines(DebugLines& out) override { out.line({0, 0}, {1, 1}, {1, 0, 0, 1}); }
  int calls = 0;

 private:
  std::string id_;
};

DebugFlags flags(const char* list) {
  DebugFlags f;
  f.add(list);
  return f;
}

TEST(DebugRegistry, ASourceThatIsOffIsNeverAddedNorCalled) {
  DebugRegistry reg(flags("cells"));
  auto off = std::make_shared<Counting>("spawner");
  const DebugHandle h = reg.add(off);
  EXPECT_FALSE(h.added());
  EXPECT_TRUE(reg.empty());
  reg.collect();
  EXPECT_EQ(off->calls, 0);
}

TEST(DebugRegistry, AnOnSourceWritesRowsAndLinesEachCollect) {
  DebugRegistry reg(flags("cells"));
  auto on = std::make_shared<Counting>("cells");
  const DebugHandle h = reg.add(on);
  EXPECT_TRUE(h.added());
  reg.collect();
  reg.collect();
  EXPECT_EQ(on->calls, 2);
  ASSERT_EQ(reg.sections().size(), 1u);
  EXPECT_EQ(reg.sections()[0].title, "cells");
  EXPECT_EQ(reg.sections()[0].rows[0].value, DiagnosticValue(2));
  EXPECT_EQ(reg.lines().size(), 1u) << "lines are per frame, not accumulated";
}

TEST(DebugRegistry, TheHandleRemovesTheSource) {
  DebugRegistry reg(flags("a,b"));
  DebugHandle a = reg.add(std::make_shared<Counting>("a"));
  DebugHandle b = reg.add(std::make_shared<Counting>("b"));
  EXPECT_TRUE(b.added());
  a.remove();
  reg.collect();
  ASSERT_EQ(reg.sections().size(), 1u);
  EXPECT_EQ(reg.sections()[0].title, "b");
  a.remove();  // twice is harmless
  EXPECT_FALSE(a.added());
}

TEST(DebugLines, PastTheCapLinesAreDroppedAndCounted) {
  DebugLines lines;
  for (std::size_t i = 0; i < DebugLines::kMaxLines + 10; ++i)
    lines.line({0, 0}, {1, 1}, {1, 1, 1, 1});
  EXPECT_EQ(lines.size(), DebugLines::kMaxLines);
  EXPECT_EQ(lines.dropped(), 10u);
  lines.clear();
  EXPECT_EQ(lines.dropped(), 0u);
}

}  // namespace
}  // namespace framecheck
