// Kite: a game on no engine of framecheck's, for the harness's own tests. It is a Simulation
// directly: a few numbers, its own input handling, its own pixels in an RGBA buffer; no World,
// no actors, no Cairo. A kite drifts on the wind: ArrowLeft and ArrowRight (or the left stick,
// or a click beside it) turn the wind, and it scores a point each time it crosses the middle.
// Its bugs are planted on purpose, so the checks have something to find.
#pragma once

#include <cstdint>
#include <framecheck/sim/simulation.hpp>
#include <memory>

namespace framecheck::testing {

class Kite final : public Simulation {
 public:
  // What is wrong with this build of the game.
  enum class Bug {
    kNone,
    kChangedRule,    // from frame 40 the kite falls faster: another build of the same game
    kUndeclared,     // `gusts` changes the wind but declare_state leaves it out
    kUninitialised,  // `calm` is read but never given a value: whatever its storage held
    // For explore, one of each kind of finding, most behind two inputs together:
    kThrows,       // ArrowLeft with the stick pushed left throws std::out_of_range
    kCrashes,      // the wheel turned up while the wind blows right aborts the process
    kNotFinite,    // the gamepad's Y button while the wind blows left makes x NaN
    kLeavesField,  // with the stick pushed right the ground does not hold the kite
    kHangs,        // the gamepad unplugged while ArrowRight is held never returns
    kCombo,        // ArrowLeft, ArrowRight, ArrowLeft, each within 20 frames, then a click: NaN
    kUnseeded,     // a click while the wind blows left adds a gust from std::random_device
  };

  explicit Kite(const SimulationSetup& setup = {}, Bug bug = Bug::kNone);

  const RunSpec& run() const override { return run_; }
  void frame(SimTime dt) override;
  std::uint64_t frames() const override { return frames_; }
  SimTime now() const override { return now_; }
  void key_down(const KeyEvent& key) override;
  void key_up(const KeyEvent& key) override;
  void pointer(const PointerEvent& pointer) override;
  void gamepad(const GamepadEvent& gamepad) override;
  void declare_state(StateArchive& state) override;
  Diagnostics& diagnostics() override { return diagnostics_; }
  bool render_rgba(std::span<std::uint8_t> rgba, int width, int height) override;
  std::optional<InputAlphabet> input_alphabet() const override;
  std::optional<std::string> broken_invariant() override;

  double x() const { return x_; }
  double y() const { return y_; }
  std::int64_t score() const { return score_; }

 private:
  RunSpec run_;
  Bug bug_;
  std::shared_ptr<FrameTimer> timer_;
  Surface* surface_;  // a live run's, drawn on after each frame; null headless
  Diagnostics diagnostics_;
  std::uint64_t frames_ = 0;
  SimTime now_{0};
  double x_ = 0, y_ = 0;    // logical units, the middle at 0
  double vx_ = 0, vy_ = 0;  // logical units a second
  std::int64_t wind_ = 0;   // -1, 0 or 1: which way the wind blows
  double stick_ = 0;        // the left stick's x
  std::int64_t score_ = 0;
  std::int64_t gusts_ = 0;      // Bug::kUndeclared: every gust counts, undeclared
  bool calm_;                   // Bug::kUninitialised: no initialiser, on purpose
  int combo_ = 0;               // Bug::kCombo: how much of the sequence has been pressed
  std::uint64_t combo_at_ = 0;  // and at which frame its last key was
};

// Kites as the harness makes them: a SimulationFactory.
SimulationFactory kite_factory(Kite::Bug bug = Kite::Bug::kNone);

}  // namespace framecheck::testing
