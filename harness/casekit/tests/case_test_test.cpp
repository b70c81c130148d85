#include <gmock/gmock.h>
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/casekit/case_test.hpp>
#include <framecheck/drive/frame_samples.hpp>
#include <functional>
#include <kite.hpp>
#include <sstream>

#include "test_folder.hpp"

namespace framecheck {
namespace {

using ::testing::HasSubstr;
namespace fs = std::filesystem;

class Counter final : public Game {
 public:
  double value = 3.0001;
  int shade = 0;
  void init(InitApi& api) override {
    api.diagnostics.register_source("score", [this] { return value; });
    api.diagnostics.register_source("scene", [] { return "title"; });
    api.diagnostics.register_source("speed", [] { return 2.5; });
    api.start_level = "one";
  }
  void build_world(World& world) override { world.spawn("box", {10, 10}, {40, 40}); }
  void tick(World&, SimTime) override {}
  std::optional<Rgba> actor_colour(const Actor&) const override {
    return Rgba{0.2 + 0.01 * shade, 0.4, 0.6, 1};
  }
};

// What one call of a check records: its failures, fatal or not, and whether it stopped the case.
struct Recorded {
  std::vector<std::string> messages;
  bool fatal = false;
  bool stopped = false;
};

// Runs `check`, catching what it records (and a stopped case) instead of failing this test.
Recorded record(const std::function<void()>& check) {
  Recorded out;
  ::testing::TestPartResultArray results;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
    try {
      check();
    } catch (const std::exception&) {
      out.stopped = true;
    }
  }
  for (int i = 0; i < results.size(); ++i) {
    out.messages.push_back(results.GetTestPartResult(i).message());
    out.fatal = out.fatal || results.GetTestPartResult(i).fatally_failed();
  }
  return out;
}

class CaseKit : public CaseTest {
 protected:
  CaseKit() : CaseTest("kit") {}
  void SetUp() override {
    start(game_, {.run =
                      [](RunSpec& r) {
                        r.surface_width = 96;
                        r.surface_height = 54;
                      },
                  .samples = constant_samples(16.0)});
    step(2);
    saved_ = golden_settings();
    golden_settings() = {
        dir_ / "golden", dir_ / "artifacts", GoldenUpdate::kNone, "run --update-goldens", {}};
  }
  void TearDown() override { golden_settings() = saved_; }
  Counter game_;
  TestFolder dir_;
  GoldenSettings saved_;
};

TEST_F(CaseKit, NumbersThatDisplayAlikeAreAlsoShownExactly) {
  const Recorded r = record([&] { expect_reading("score", 3); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0], HasSubstr("reading \"score\": expected 3, got 3.000"));
  EXPECT_THAT(r.messages[0], HasSubstr("(exactly: expected 3, got 3.0001)"));
  // Where the display is already exact, nothing is added.
  const Recorded plain = record([&] { expect_reading("speed", 2); });
  ASSERT_EQ(plain.messages.size(), 1u);
  EXPECT_THAT(plain.messages[0], ::testing::Not(HasSubstr("(exactly:")));
}

TEST_F(CaseKit, AMissingReadingListsTheReadingsThereAreClosestFirst) {
  const Recorded r = record([&] { expect_reading("scroe", 1); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0],
              HasSubstr("no reading \"scroe\"; expected 1; the readings are \"score\", "));
  EXPECT_THAT(r.messages[0], HasSubstr("\"scene\""));
}

TEST_F(CaseKit, ANearCheckPassesWithinItsToleranceAndSaysByHowMuchItMissed) {
  EXPECT_TRUE(record([&] { expect_reading_near("score", 3, 0.001); }).messages.empty());
  const Recorded r = record([&] { expect_reading_near("score", 3, 0.00001); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0], HasSubstr("expected 3 within 0.00001, got 3.0001, off by"));
  const Recorded text = record([&] { expect_reading_near("scene", 3, 1); });
  ASSERT_EQ(text.messages.size(), 1u);
  EXPECT_THAT(text.messages[0], HasSubstr("got \"title\""));
}

TEST_F(CaseKit, AnExpectCheckGoesOnAndAnAssertCheckStopsTheCase) {
  const Recorded soft = record([&] { expect_reading("scene", "menu"); });
  EXPECT_FALSE(soft.fatal);
  EXPECT_FALSE(soft.stopped);
  bool reached = false;
  const Recorded hard = record([&] {
    assert_reading("scene", "menu");
    reached = true;
  });
  EXPECT_TRUE(hard.fatal);
  EXPECT_TRUE(hard.stopped);
  EXPECT_FALSE(reached) << "an assert_ check must stop the case";
  ASSERT_EQ(hard.messages.size(), 1u);
  EXPECT_THAT(hard.messages[0], HasSubstr("expected \"menu\", got \"title\""));
  EXPECT_TRUE(record([&] { EXPECT_TRUE(assert_reading("scene", "title")); }).messages.empty());
}

TEST_F(CaseKit, AGoldenMismatchPrintsTheCommandThatUpdatesThatOneGolden) {
  golden_settings().update = GoldenUpdate::kAll;
  ASSERT_TRUE(record([&] { expect_golden(); }).messages.empty());
  golden_settings().update = GoldenUpdate::kNone;
  game_.shade = 30;  // the box changes colour
  const Recorded r = record([&] { expect_golden(); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0], HasSubstr("pixels differ"));
  EXPECT_THAT(r.messages[0],
              HasSubstr("update this golden with:\n    run --update-goldens --gtest_filter=CaseKit."
                        "AGoldenMismatchPrintsTheCommandThatUpdatesThatOneGolden"));
  EXPECT_TRUE(fs::exists(dir_ / "artifacts" / "kit" / (case_name() + ".diff.png")));
  // Back as it was, the case passes and its stale pictures go.
  game_.shade = 0;
  EXPECT_TRUE(record([&] { expect_golden(); }).messages.empty());
  EXPECT_FALSE(fs::exists(dir_ / "artifacts" / "kit" / (case_name() + ".diff.png")));
  EXPECT_FALSE(fs::exists(dir_ / "artifacts" / "kit" / (case_name() + ".actual.png")));
}

TEST_F(CaseKit, APassWithinToleranceSaysSo) {
  golden_settings().update = GoldenUpdate::kAll;
  ASSERT_TRUE(record([&] { expect_golden(); }).messages.empty());
  golden_settings().update = GoldenUpdate::kNone;
  game_.shade = 30;
  ::testing::internal::CaptureStdout();
  const Recorded r = record([&] { expect_golden({.max_diff_pixels = 100000}); });
  const std::string said = ::testing::internal::GetCapturedStdout();
  EXPECT_TRUE(r.messages.empty());
  EXPECT_THAT(said, HasSubstr("passed within tolerance"));
  EXPECT_THAT(said, HasSubstr("pixels differ (100000 allowed; "));
}

// Logs every input it is given and the frame it came before, and lists two levels.
class InputLog final : public Game {
 public:
  std::vector<std::string> log;
  std::uint64_t ticks = 0;
  bool space_down = false;
  std::uint64_t frames_with_space = 0;
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World&) override {}
  void tick(World&, SimTime) override {
    ++ticks;
    frames_with_space += space_down ? 1 : 0;
  }
  void on_key(const KeyEvent& k) override {
    space_down = space_down || k.code == "Space";
    log.push_back("down " + k.code);
  }
  void on_key_up(const KeyEvent& k) override {
    space_down = space_down && k.code != "Space";
    log.push_back("up " + k.code);
  }
  void on_pointer(const PointerEvent& p) override {
    const char* kinds[] = {"move", "press", "release", "wheel"};
    std::ostringstream s;
    s << kinds[static_cast<int>(p.kind)] << " " << p.position.x << "," << p.position.y;
    if (p.kind == PointerKind::kDown || p.kind == PointerKind::kUp) s << " button " << p.button;
    if (p.kind == PointerKind::kWheel) s << " by " << p.wheel.x << "," << p.wheel.y;
    log.push_back(s.str());
  }
  void on_gamepad(const GamepadEvent& g) override {
    const char* kinds[] = {"connected", "disconnected", "button", "axis"};
    std::ostringstream s;
    s << "pad " << g.pad << " " << kinds[static_cast<int>(g.kind)];
    if (g.kind == GamepadKind::kConnected) s << " " << g.name;
    if (g.kind == GamepadKind::kButton || g.kind == GamepadKind::kAxis)
      s << " " << g.index << " " << g.value;
    log.push_back(s.str());
  }
  std::vector<std::string> levels() const override { return {"one", "two"}; }
};

class CaseInput : public CaseTest {
 protected:
  CaseInput() : CaseTest("input") {}
  void SetUp() override {
    start(game_, {.run =
                      [](RunSpec& r) {
                        r.surface_width = 64;
                        r.surface_height = 36;
                      },
                  .samples = constant_samples(16.0)});
  }
  InputLog game_;
};

TEST_F(CaseInput, PointerMovePressReleaseClickAndWheelInLogicalCoordinates) {
  move_pointer({10, 20});
  press_pointer({10, 20}, 2);
  step();
  release_pointer({11, 21}, 2);
  click({160, 90});
  wheel({5, 5}, {0, -3});
  step();
  EXPECT_EQ(game_.log, (std::vector<std::string>{"move 10,20", "press 10,20 button 2",
                                                 "release 11,21 button 2", "press 160,90 button 0",
                                                 "release 160,90 button 0", "wheel 5,5 by 0,-3"}));
}

TEST_F(CaseInput, GamepadsConnectPressAndMoveTheirSticksBeforeTheNextFrame) {
  connect_gamepad();
  connect_gamepad(1, "Second Pad");
  press_button(kPadA);
  press_button(kPadRightTrigger, 1, 0.25);
  move_stick({-1, 0.5});
  move_stick({0.125, -0.75}, 1, 1);
  step();
  release_button(kPadA);
  disconnect_gamepad(1);
  step();
  EXPECT_EQ(game_.log, (std::vector<std::string>{
                           "pad 0 connected Standard Gamepad", "pad 1 connected Second Pad",
                           "pad 0 button 0 1", "pad 1 button 7 0.25", "pad 0 axis 0 -1",
                           "pad 0 axis 1 0.5", "pad 1 axis 2 0.125", "pad 1 axis 3 -0.75",
                           "pad 0 button 0 0", "pad 1 disconnected"}));
}

TEST_F(CaseInput, HoldKeepsAKeyDownForExactlyThoseFrames) {
  step(3);
  hold("Space", 5);
  step(4);
  EXPECT_EQ(game_.frames_with_space, 5u);
  EXPECT_EQ(driver().frame(), 12u);
  EXPECT_EQ(game_.log, (std::vector<std::string>{"down Space", "up Space"}));
}

TEST_F(CaseInput, StepUntilStopsWhenTheConditionHoldsOrNamesTheLimit) {
  EXPECT_TRUE(step_until([&] { return game_.ticks >= 7; }, 100));
  EXPECT_EQ(driver().frame(), 7u) << "no frame past the one that made it hold";
  EXPECT_TRUE(step_until([&] { return true; }, 0)) << "a condition that holds runs no frame";
  EXPECT_EQ(driver().frame(), 7u);
  const Recorded soft = record([&] { step_until([] { return false; }, 30); });
  ASSERT_EQ(soft.messages.size(), 1u);
  EXPECT_FALSE(soft.fatal);
  EXPECT_THAT(soft.messages[0],
              HasSubstr("frame 37: step_until: the condition did not hold within 30 frames "
                        "(frames 8 to 37 ran)"));
  const Recorded hard = record([&] { assert_step_until([] { return false; }, 1); });
  EXPECT_TRUE(hard.fatal);
  EXPECT_TRUE(hard.stopped);
}

TEST_F(CaseInput, TravelRefusesALevelTheGameDoesNotList) {
  travel("two");
  step();
  EXPECT_EQ(driver().engine().world()->level(), "two");
  const Recorded r = record([&] { travel("field-9"); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_TRUE(r.stopped) << "a case cannot go on in a level that is not there";
  EXPECT_THAT(r.messages[0], HasSubstr("travel to unknown level 'field-9'; the game has one, two"));
  step();
  EXPECT_EQ(driver().engine().world()->level(), "two");
}

// Counts its ticks in a static: a second run in the same process starts where the first ended.
class LeakyCounter final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override { box_ = world.spawn("box", {0, 0}, {4, 4}); }
  void tick(World& world, SimTime) override {
    static int ticks = 0;
    world.find(box_)->position.x = ++ticks;
  }

 private:
  ActorId box_ = 0;
};

TEST_F(CaseKit, ADeterministicGamePassesExpectDeterministic) {
  const Recorded r = record(
      [&] { EXPECT_TRUE(expect_deterministic([] { return std::make_unique<Counter>(); }, 30)); });
  EXPECT_TRUE(r.messages.empty()) << r.messages.front();
}

TEST_F(CaseKit, ALeakingStaticFailsExpectDeterministicAtItsFirstFrameNamingTheField) {
  const Recorded r = record([&] {
    EXPECT_FALSE(expect_deterministic([] { return std::make_unique<LeakyCounter>(); }, 30));
  });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_FALSE(r.fatal);
  EXPECT_THAT(r.messages[0],
              HasSubstr("case kit/a_leaking_static_fails_expect_deterministic_at_its_first_frame_"
                        "naming_the_field: not deterministic over 30 frames: a second run in this "
                        "process first differs at frame 1"));
  EXPECT_THAT(r.messages[0], HasSubstr("frame 1: actor 1 (box) x: recorded 1, replayed 31"));
  EXPECT_THAT(r.messages[0], HasSubstr("most likely: state that outlives a game (a static"));
}

// Moves by a member it never initialises, and has no constructor of its own: make_unique<T>()
// would zero the member every time, make_game<T> leaves the byte each run fills it with.
class UnsetCounter final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override { box_ = world.spawn("box", {0, 0}, {4, 4}); }
  void tick(World& world, SimTime) override {
    world.find(box_)->position.x = static_cast<double>(++count_ % 1000);
  }

 private:
  ActorId box_ = 0;
  std::uint32_t count_;  // deliberately without an initialiser
};

TEST_F(CaseKit, AnUninitialisedMemberFailsExpectDeterministicInTheZeroFilledRun) {
  const Recorded r =
      record([&] { EXPECT_FALSE(expect_deterministic(make_game<UnsetCounter>, 30)); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0],
              HasSubstr("not deterministic over 30 frames: a run with the game's storage "
                        "zero-filled first differs at frame 1"));
  EXPECT_THAT(r.messages[0], HasSubstr("frame 1: actor 1 (box) x: recorded "));
  EXPECT_THAT(r.messages[0], HasSubstr("most likely: a member the game never initialises"));
}

// A bool it never initialises, first read at frame 10. Every non-zero byte reads as true, so
// only the zero-filled run, as value-initialisation leaves it, reads false.
class UnsetFlag final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override { box_ = world.spawn("box", {0, 0}, {4, 4}); }
  void tick(World& world, SimTime) override {
    if (++ticks_ == 10 && !seen_) world.find(box_)->position.x += 5;
  }

 private:
  ActorId box_ = 0;
  int ticks_ = 0;
  bool seen_;  // deliberately without an initialiser
};

TEST_F(CaseKit, AnUninitialisedFlagFailsExpectDeterministicWhereItIsRead) {
  const Recorded r = record([&] { EXPECT_FALSE(expect_deterministic(make_game<UnsetFlag>, 30)); });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_THAT(r.messages[0],
              HasSubstr("a run with the game's storage zero-filled first differs at frame 10"));
  EXPECT_THAT(r.messages[0], HasSubstr("frame 10: actor 1 (box) x: recorded 0, replayed 5"));
}

// Doubles its pace once Space is pressed, keeping the boost in a member; BindsBoost says whether
// its declaration binds it as well as the box's x.
template <bool kBindsBoost>
class Booster final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override { box_ = world.spawn("box", {0, 0}, {4, 4}); }
  void tick(World& world, SimTime) override {
    x_ += boost_ ? 2 : 1;
    world.find(box_)->position.x = x_;
  }
  void on_key(const KeyEvent& key) override { boost_ = boost_ || key.code == "Space"; }
  void declare_state(StateArchive& state) override {
    state.number("x", x_);
    if (kBindsBoost) state.flag("boost", boost_);
  }

 private:
  ActorId box_ = 0;
  double x_ = 0;
  bool boost_ = false;
};

InputScript space_at(std::uint64_t frame) {
  InputScript input;
  input.add(frame, KeyPress{"Space"});
  return input;
}

TEST_F(CaseKit, AGameWhoseDeclarationBindsEverythingIsRollbackSafe) {
  const Recorded r = record(
      [&] { EXPECT_TRUE(expect_rollback_safe(make_game<Booster<true>>, 60, 8, space_at(20))); });
  EXPECT_TRUE(r.messages.empty()) << r.messages.front();
}

TEST_F(CaseKit, AMemberTheDeclarationMissesFailsExpectRollbackSafeWhereItChanges) {
  const Recorded r = record(
      [&] { EXPECT_FALSE(expect_rollback_safe(make_game<Booster<false>>, 60, 8, space_at(20))); });
  ASSERT_EQ(r.messages.size(), 1u);
  // The press at frame 20 turns the boost on; the rollback after frame 20 restores frame 12,
  // where it was off, but the boost stays on and frame 13 moves two.
  EXPECT_THAT(r.messages[0],
              HasSubstr("not rollback-safe over 60 frames: at frame 20, frame 12's state "
                        "restored, frame 13 simulated again differs"));
  EXPECT_THAT(r.messages[0], HasSubstr("game x: recorded 13, replayed 14"));
  EXPECT_THAT(r.messages[0], HasSubstr("actor 1 (box) x: recorded 13, replayed 14"));
  EXPECT_THAT(r.messages[0], HasSubstr("most likely: state the game's declaration misses"));
  // Without a press nothing the declaration misses ever changes: the check can only find what
  // the input reaches.
  const Recorded quiet =
      record([&] { EXPECT_TRUE(expect_rollback_safe(make_game<Booster<false>>, 60, 8)); });
  EXPECT_TRUE(quiet.messages.empty());
}

// A game that states its own run, 480x270 logical units at 50 ticks and 50 frames a second on a
// 960x540 surface. Every instance notes what its world and its ticks were, so a test can tell
// what each run (the case's, and each of expect_deterministic's) really was.
struct WideSeen {
  Vec2 logical;
  SimTime dt{0};
};
class WideGame final : public Game {
 public:
  static std::vector<WideSeen>& seen() {
    static std::vector<WideSeen> runs;
    return runs;
  }
  RunSpec run_spec() const override {
    return {.logical_size = {480, 270},
            .surface_width = 960,
            .surface_height = 540,
            .tick_rate = 50,
            .fps = 50};
  }
  void init(InitApi& api) override { api.start_level = "field"; }
  void build_world(World& world) override {
    seen().push_back({world.logical_size()});
    runner_ = world.spawn("runner", {0, 100}, {8, 8});
  }
  void tick(World& world, SimTime dt) override {
    seen().back().dt = dt;
    world.find(runner_)->position.x += 1;
  }

 private:
  ActorId runner_ = 0;
};

class WideCase : public CaseTest {
 protected:
  WideCase() : CaseTest("wide") {}
  void SetUp() override { WideGame::seen().clear(); }
  WideGame game_;
};

TEST_F(WideCase, ACaseRunsTheGamesOwnSizeAndRatesWithNoOptionRepeated) {
  start(game_);
  step(10);
  ASSERT_EQ(WideGame::seen().size(), 1u);
  EXPECT_EQ(WideGame::seen()[0].logical.x, 480);
  EXPECT_EQ(WideGame::seen()[0].logical.y, 270);
  EXPECT_EQ(WideGame::seen()[0].dt, std::chrono::milliseconds(20));  // 50 ticks a second
  EXPECT_EQ(driver().engine().world()->now(),
            std::chrono::milliseconds(200));  // 10 frames of 1/50 s
  const Image frame = driver().render_image();
  EXPECT_EQ(frame.width, 960);
  EXPECT_EQ(frame.height, 540);
}

TEST_F(WideCase, ExpectDeterministicChecksTheGamesOwnSizeAndRates) {
  start(game_);
  WideGame::seen().clear();
  EXPECT_TRUE(expect_deterministic([] { return std::make_unique<WideGame>(); }, 30));
  // The recorded run and its four replays, each at the game's own spec.
  ASSERT_EQ(WideGame::seen().size(), 5u);
  for (const WideSeen& run : WideGame::seen()) {
    EXPECT_EQ(run.logical.x, 480);
    EXPECT_EQ(run.logical.y, 270);
    EXPECT_EQ(run.dt, std::chrono::milliseconds(20));
  }
}

TEST_F(WideCase, ACaseChangesOneFieldAndExpectDeterministicChecksThatChange) {
  start(game_, {.run = [](RunSpec& r) { r.tick_rate = 100; }});
  step(1);
  EXPECT_EQ(driver().run().tick_rate, 100);
  EXPECT_EQ(driver().run().fps, 50);  // the rest is the game's
  EXPECT_EQ(driver().run().surface_width, 960);
  WideGame::seen().clear();
  EXPECT_TRUE(expect_deterministic([] { return std::make_unique<WideGame>(); }, 30));
  ASSERT_EQ(WideGame::seen().size(), 5u);
  for (const WideSeen& run : WideGame::seen()) {
    EXPECT_EQ(run.logical.x, 480);
    EXPECT_EQ(run.dt, std::chrono::milliseconds(10));
  }
}

TEST_F(CaseKit, ExploringAGameWithoutBugsPasses) {
  const Recorded r =
      record([&] { EXPECT_TRUE(expect_explores_clean(testing::kite_factory(), 30, 300)); });
  EXPECT_TRUE(r.messages.empty()) << r.messages.front();
}

TEST_F(CaseKit, ExploringAPlantedBugFailsWithItShrunkAndItsInput) {
  const Recorded r = record([&] {
    EXPECT_FALSE(
        expect_explores_clean(testing::kite_factory(testing::Kite::Bug::kThrows), 60, 300));
  });
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_FALSE(r.fatal);
  EXPECT_THAT(r.messages[0], HasSubstr("explore found 1 bug in 60 runs of 300 frames (seed 1)"));
  EXPECT_THAT(r.messages[0],
              HasSubstr("frame 1: exception: key_down threw std::out_of_range: Kite: no wind "
                        "that strong to the left"));
  EXPECT_THAT(r.messages[0], HasSubstr("{\"frame\":1,\"key\":\"ArrowLeft\"}"));
}

}  // namespace
}  // namespace framecheck
