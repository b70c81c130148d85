// Named debug sources: off by default, the arena's spawner and cells over the scene, the panel's
// row cap, warnings in amber, its corner, and the line cap.
#include "arena_case.hpp"

namespace framecheck::cases {

inline DebugFlags flags(const char* list) {
  DebugFlags f;
  f.add(list);
  return f;
}

namespace {

// A source with as many rows as asked, every third a warning, and as many lines.
class Many final : public DebugSource {
 public:
  Many(int rows, int lines) : rows_(rows), lines_(lines) {}
  std::string_view id() const override { return "many"; }
  std::string_view title() const override { return "Many rows"; }
  void rows(DebugRows& out) override {
    for (int i = 0; i < rows_; ++i)
      out.row("row " + std::to_string(i + 1), i * 10, i % 3 == 2);
  }
  void lines(DebugLines& out) override {
    for (int i = 0; i < lines_; ++i) {
      const double x = 10 + (i % 300);
      out.line({x, 170}, {x, 175}, {0.9, 0.9, 0.9, 1});
    }
  }

 private:
  int rows_, lines_;
};

TEST_F(ArenaCase, DebugSourcesAreOffUnlessNamed) {
  step_seconds(8);
  EXPECT_TRUE(driver().engine().debug().empty()) << where();
  const Image plain = driver().render_image();
  start_arena({.debug = flags("hud")});  // a flag naming no source of the arena's
  step_seconds(8);
  EXPECT_TRUE(driver().engine().debug().empty()) << where();
  EXPECT_EQ(driver().render_image(), plain) << "an unknown id changed the picture";
}

TEST_F(ArenaCase, CellsAndSpawnerOverTheScene) {
  start_arena({.debug = flags("cells,spawner")});
  show_overlay();
  step_seconds(12);
  EXPECT_EQ(driver().engine().debug().size(), 2u);
  // The probes count whether or not anyone looks; the debug sources only read them.
  expect_reading("spawned", static_cast<double>(game_->spawner_probe().spawned));
  expect_golden();
}

TEST_F(ArenaCase, TurningDebugSourcesOnChangesNoReading) {
  start_arena({.debug = flags("cells,spawner")});
  step_seconds(20);
  driver().render();
  const auto with = driver().diagnostics().read();
  start_arena();
  step_seconds(20);
  EXPECT_EQ(driver().diagnostics().read(), with);
}

TEST_F(ArenaCase, TheDebugPanelStopsAtSixteenRowsAndWarnsInAmber) {
  start_arena({.debug = flags("many")});
  driver().engine().debug().add(std::make_shared<Many>(20, 0)).added();
  step_seconds(1);
  expect_golden();  // "Many rows" and rows 1 to 15: sixteen rows; rows 3, 6, 9, 12, 15 in amber
}

TEST_F(ArenaCase, TheDebugPanelGoesInAnyCorner) {
  start_arena({.debug = flags("spawner")});
  driver().diagnostics().style().debug_corner = Corner::kTopRight;
  step_seconds(4);
  expect_golden();
}

TEST_F(ArenaCase, LinesPastTheCapAreDroppedAndCounted) {
  start_arena({.debug = flags("many")});
  driver().engine().debug().add(std::make_shared<Many>(1, 70'000)).added();
  step_seconds(1);
  driver().render();
  EXPECT_EQ(driver().engine().debug().lines().size(), DebugLines::kMaxLines);
  EXPECT_EQ(driver().engine().debug().lines().dropped(), 70'000u - DebugLines::kMaxLines);
  expect_golden();  // the panel's last row: "lines dropped 4464", in amber
}

}  // namespace
}  // namespace framecheck::cases

namespace framecheck::cases {
namespace {

TEST_F(ArenaCase, TheLogBlockIsThePanelsText) {
  std::vector<std::string> blocks;
  start_arena(
      {.debug = flags("spawner"), .log = [&](const std::string& b) { blocks.push_back(b); }});
  step(60);  // one simulated second: one block
  ASSERT_EQ(blocks.size(), 1u);
  std::string panel = "[1 s, frame 60]\n";
  for (const std::string& line : driver().diagnostics().panel_lines())
    panel += line + "\n";
  panel += "Spawner\n  Alive: 0\n  Spawned: 0\n";
  EXPECT_EQ(blocks[0], panel);
  step(59);
  EXPECT_EQ(blocks.size(), 1u) << "more than one block a second";
  step(1);
  EXPECT_EQ(blocks.size(), 2u);
}

TEST_F(ArenaCase, PerSecondFiguresShowWhatIsMissingAsNotAvailable) {
  // The harness's samples time frames, not ticks: the tick figures are missing, and say so.
  start_arena({.samples = scripted_samples(10.0, {{90, 40.0}}), .debug = flags("frame")});
  step_seconds(2.5);
  const auto& last = driver().engine().seconds().last();
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->frames, 60u);
  EXPECT_EQ(last->frame_max_ms, 40.0);
  EXPECT_EQ(last->frame_mean_ms, (10.0 * 59 + 40.0) / 60);
  EXPECT_FALSE(last->tick_budget_percent.has_value());
  expect_golden();
}

}  // namespace
}  // namespace framecheck::cases
