// CaseTest: GoogleTest cases that read as scenarios: step, press, travel, then expect.
#pragma once

#include <gtest/gtest.h>

#include <framecheck/casekit/source_location.hpp>
#include <framecheck/checks/determinism_check.hpp>
#include <framecheck/checks/rollback_check.hpp>
#include <framecheck/drive/driver.hpp>
#include <framecheck/golden/golden.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace framecheck {

// A fixture for one suite of cases over one game. Every failure names the case, the frame, and
// (for a reading) the name with both values.
//   class ArenaCase : public CaseTest {
//    protected:
//     ArenaCase() : CaseTest("arena") { start(game_); }
//     games::Arena game_;
//   };
//   TEST_F(ArenaCase, ScoreStartsAtZero) {
//     step_seconds(1);
//     expect_reading("score", 0);
//     expect_golden();  // golden/arena/score_starts_at_zero.png
//   }
class CaseTest : public ::testing::Test {
 public:
  // Settings shared by every case in the binary; run_cases fills them from flags and environment.
  static GoldenSettings& golden_settings();

 protected:
  explicit CaseTest(std::string suite) : suite_(std::move(suite)) {}

  // Starts the case on `game`, run by framecheck's engine; the game must outlive the case.
  Driver& start(Game& game, DriverOptions options = {});
  // Starts the case on the simulation `make` makes: a game on its own engine.
  //   MyCase() : CaseTest("kite") { start(kite_factory()); }
  Driver& start(const SimulationFactory& make, DriverOptions options = {});
  Driver& driver();

  void step(std::int64_t frames = 1) { driver().step(frames); }
  void step_seconds(double seconds) { driver().step_seconds(seconds); }
  // Steps a frame at a time until `condition` holds, checking it first and after each frame, for
  // at most `max_frames` frames; a failure names the limit and the frames it ran.
  //   step_until([&] { return game_.phase() == "playing"; }, 600);
  bool step_until(const std::function<bool()>& condition, std::int64_t max_frames,
                  SourceLocation at = SourceLocation::current());
  bool assert_step_until(const std::function<bool()>& condition, std::int64_t max_frames,
                         SourceLocation at = SourceLocation::current());

  // Keys by KeyboardEvent.code ("KeyW", "ArrowLeft", "Space"), applied before the next frame.
  void press(const std::string& code, bool repeat = false) { driver().press(code, repeat); }
  void release(const std::string& code) { driver().release(code); }
  // Pressed before the next frame and released after `frames` frames: down for exactly those.
  void hold(const std::string& code, std::int64_t frames);

  // The pointer, in the game's logical coordinates, applied before the next frame; `button` is
  // MouseEvent.button's number (0 main, 1 middle, 2 secondary).
  void move_pointer(Vec2 at);
  void press_pointer(Vec2 at, int button = 0);
  void release_pointer(Vec2 at, int button = 0);
  // A press and a release at `at` before the same frame, as a quick click gives them. A game
  // that polls the button in tick wants press_pointer, step, release_pointer instead.
  void click(Vec2 at, int button = 0);
  // The wheel turned by `notches` (WheelEvent's deltaX, deltaY), positive right and down.
  void wheel(Vec2 at, Vec2 notches);

  // Gamepads as the W3C standard mapping numbers them (events.hpp: kPadA, kPadLeftX, ...),
  // applied before the next frame. `pad` is the gamepad's index; a real one is connected first.
  void connect_gamepad(int pad = 0, const std::string& name = "Standard Gamepad");
  void disconnect_gamepad(int pad = 0);
  // A button to `value`: 1 pressed, 0 released, a trigger anything between.
  void press_button(int button, int pad = 0, double value = 1);
  void release_button(int button, int pad = 0) { press_button(button, pad, 0); }
  // A stick (0 left, 1 right) to `at`, each axis -1 to 1, positive right and down: two axis
  // events, x then y.
  void move_stick(Vec2 at, int stick = 0, int pad = 0);

  // Opens `level`. A level the game's levels() does not list (when it lists any) is refused, as
  // record refuses it: the case stops there, naming the levels there are.
  void travel(const std::string& level, SourceLocation at = SourceLocation::current());

  // The overlay on or off, as its toggle key would turn it (without the key's event).
  void show_overlay() { driver().diagnostics().set_enabled(true); }
  void hide_overlay() { driver().diagnostics().set_enabled(false); }

  // The checks. Each expect_ check records a failure and lets the case go on; each assert_
  // variant records it as fatal and stops the case there, as GoogleTest's ASSERT_ does. Each
  // returns whether it held.

  // The reading called `name` (the first, if both registries have one) holds this value. Numbers
  // that display alike ("3.000" for 3.0001) are shown exactly too; a missing name lists the
  // readings there are, closest first.
  bool expect_reading(std::string_view name, const DiagnosticValue& expected,
                      SourceLocation at = SourceLocation::current());
  bool assert_reading(std::string_view name, const DiagnosticValue& expected,
                      SourceLocation at = SourceLocation::current());
  // The reading called `name` is a number within `tolerance` of `expected`.
  bool expect_reading_near(std::string_view name, double expected, double tolerance,
                           SourceLocation at = SourceLocation::current());
  bool assert_reading_near(std::string_view name, double expected, double tolerance,
                           SourceLocation at = SourceLocation::current());
  // The reading called `name` is an error with this message.
  bool expect_error(std::string_view name, std::string_view message,
                    SourceLocation at = SourceLocation::current());
  bool assert_error(std::string_view name, std::string_view message,
                    SourceLocation at = SourceLocation::current());
  // No source is registered under `name`.
  bool expect_absent(std::string_view name, SourceLocation at = SourceLocation::current());
  bool assert_absent(std::string_view name, SourceLocation at = SourceLocation::current());
  // The panel, as text, is exactly these lines.
  bool expect_panel(const std::vector<std::string>& lines,
                    SourceLocation at = SourceLocation::current());
  bool assert_panel(const std::vector<std::string>& lines,
                    SourceLocation at = SourceLocation::current());
  bool expect_metrics(const FrameMetrics& expected, SourceLocation at = SourceLocation::current());
  bool assert_metrics(const FrameMetrics& expected, SourceLocation at = SourceLocation::current());
  // The rendered frame matches golden/<suite>/<case>.png (the case's name in snake_case),
  // exactly unless the suite's tolerance (set_golden_tolerance) or the one given says otherwise.
  // A mismatch gives the exact count and pixelmatch's, and the command that updates this one
  // golden; a pass within tolerance says so.
  bool expect_golden(SourceLocation at = SourceLocation::current());
  bool expect_golden(const GoldenTolerance& tolerance,
                     SourceLocation at = SourceLocation::current());
  bool assert_golden(SourceLocation at = SourceLocation::current());
  bool assert_golden(const GoldenTolerance& tolerance,
                     SourceLocation at = SourceLocation::current());
  bool expect_golden_named(std::string_view name, SourceLocation at = SourceLocation::current());
  bool expect_golden_named(std::string_view name, const GoldenTolerance& tolerance,
                           SourceLocation at = SourceLocation::current());
  // The tolerance of this suite's golden checks that name none (exact by default): set it in
  // the fixture's constructor, for a suite whose frames are not deterministic.
  void set_golden_tolerance(const GoldenTolerance& tolerance) { golden_tolerance_ = tolerance; }

  // A new game from `make`, run `frames` frames from `input` and recorded, then replayed four
  // times more in this process by new games: as the first, in zero-filled storage, then with the
  // heap perturbed before every frame (falling address order, then rising) and the game's
  // storage filled with another byte (make_game<MyGame> fills it): every frame's checksum agrees. A
  // failure names the run, the first frame that differs, the actor or game field with both values,
  // and the likely cause. The runs take the game's own RunSpec with the changes this case's start()
  // made, so they check the configuration the case runs; `framecheck check-determinism` adds a run
  // in a second process.
  bool expect_deterministic(const GameFactory& make, std::uint64_t frames,
                            const InputScript& input = {},
                            SourceLocation at = SourceLocation::current());
  // The same for a game on its own engine (its storage filled where make_simulation made it).
  bool expect_deterministic(const SimulationFactory& make, std::uint64_t frames,
                            const InputScript& input = {},
                            SourceLocation at = SourceLocation::current());
  // A new game from `make`, run `frames` frames from `input` with a rollback after every frame
  // from `distance` on: the state `distance` frames back restored and those frames simulated
  // again, each frame's checksum the same as the first time (check_rollback, GGRS's SyncTest).
  // A failure names the resimulated frame, the frame restored, the first differing field and
  // what it means: state the game's declare_state misses. Runs at this case's RunSpec.
  //   expect_rollback_safe(make_game<Arena>, 600, 8, script);
  bool expect_rollback_safe(const GameFactory& make, std::uint64_t frames, std::uint64_t distance,
                            const InputScript& input = {},
                            SourceLocation at = SourceLocation::current());
  // The same for a simulation on its own engine.
  bool expect_rollback_safe(const SimulationFactory& make, std::uint64_t frames,
                            std::uint64_t distance, const InputScript& input = {},
                            SourceLocation at = SourceLocation::current());

  // framecheck explore within the case: `runs` runs of `frames` frames of generated play from
  // `seed`, each in a child process, at this case's RunSpec. Each finding fails the case once,
  // shrunk, with its input as an input script to save and rerun (`framecheck explore --check`).
  //   expect_explores_clean(make_game<Arena>, 200, 600);
  bool expect_explores_clean(const GameFactory& make, std::uint64_t runs, std::uint64_t frames,
                             std::uint64_t seed = 1, SourceLocation at = SourceLocation::current());
  // The same for a game on its own engine.
  bool expect_explores_clean(const SimulationFactory& make, std::uint64_t runs,
                             std::uint64_t frames, std::uint64_t seed = 1,
                             SourceLocation at = SourceLocation::current());

  // "case arena/score_starts_at_zero, frame 60": the prefix of every failure.
  std::string where() const;
  std::string case_name() const;

 private:
  // The failure message of each check, or nullopt where it held.
  using Outcome = std::optional<std::string>;
  Outcome check_reading(std::string_view name, const DiagnosticValue& expected);
  Outcome check_reading_near(std::string_view name, double expected, double tolerance);
  Outcome check_error(std::string_view name, std::string_view message);
  Outcome check_absent(std::string_view name);
  Outcome check_panel(const std::vector<std::string>& lines);
  Outcome check_metrics(const FrameMetrics& expected);
  Outcome check_golden_named(std::string_view name, const GoldenTolerance& tolerance);
  Outcome check_deterministic(const SimulationFactory& make, const RunSpec& spec,
                              std::uint64_t frames, const InputScript& input);
  Outcome check_rollback_safe(const SimulationFactory& make, std::uint64_t frames,
                              std::uint64_t distance, const InputScript& input);
  Outcome check_explores_clean(const SimulationFactory& make, std::uint64_t runs,
                               std::uint64_t frames, std::uint64_t seed);
  std::string missing(std::string_view name, const std::string& want,
                      const std::vector<DiagnosticReading>& readings) const;
  // Records a failed check: a plain failure, or a fatal one that stops the case.
  bool report(const Outcome& outcome, bool fatal, const SourceLocation& at);

  Outcome check_step_until(const std::function<bool()>& condition, std::int64_t max_frames);

  std::string suite_;
  std::unique_ptr<Driver> driver_;
  RunEdit run_edit_;  // the changes start() made to the game's RunSpec, for expect_deterministic
  GoldenTolerance golden_tolerance_;
};

// The main of a case binary: GoogleTest's flags, then --update-goldens[=missing|changed|all]
// (plain: all), --golden-dir=DIR and --artifacts-dir=DIR (which override
// FRAMECHECK_UPDATE_GOLDENS, FRAMECHECK_GOLDEN_DIR and FRAMECHECK_ARTIFACTS_DIR). Relative
// default folders are taken from the working directory. Sharding (GTEST_TOTAL_SHARDS,
// GTEST_SHARD_INDEX) and --gtest_output=xml: work as in any GoogleTest binary.
int run_cases(int argc, char** argv, const std::filesystem::path& default_golden_dir,
              const std::filesystem::path& default_artifacts_dir);

#if defined(FRAMECHECK_CASES_GOLDEN_DIR) && defined(FRAMECHECK_CASES_ARTIFACTS_DIR)
// The main of a case binary registered with framecheck_add_cases, whose folders it fixed at
// build time as absolute paths: the binary finds its goldens run from anywhere, and the update
// command it prints writes into the source tree.
//   int main(int argc, char** argv) { return framecheck::run_cases(argc, argv); }
inline int run_cases(int argc, char** argv) {
  return run_cases(argc, argv, FRAMECHECK_CASES_GOLDEN_DIR, FRAMECHECK_CASES_ARTIFACTS_DIR);
}
#endif

}  // namespace framecheck
