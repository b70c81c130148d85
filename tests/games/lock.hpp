// Lock: a combination lock on no engine of framecheck's, for guided exploration's measurement. A
// dial of 16 numbers turns with ArrowUp and ArrowDown (a held key turns it on with each repeat);
// Enter tries the number: the right one opens the next of three stages, a wrong one sets the lock
// back to the first. Its planted bug needs the three stages reached in order: the lock, opened,
// makes a number NaN.
#pragma once

#include <cstdint>
#include <framecheck/sim/simulation.hpp>
#include <memory>

namespace framecheck::testing {

class Lock final : public Simulation {
 public:
  // The numbers that open each stage, in order.
  static constexpr int kCode[] = {7, 3, 12};

  explicit Lock(const SimulationSetup& setup = {}, bool opens_to_nan = false);

  const RunSpec& run() const override { return run_; }
  void frame(SimTime dt) override;
  std::uint64_t frames() const override { return frames_; }
  SimTime now() const override { return now_; }
  void key_down(const KeyEvent& key) override;
  void declare_state(StateArchive& state) override;
  Diagnostics& diagnostics() override { return diagnostics_; }
  bool render_rgba(std::span<std::uint8_t> rgba, int width, int height) override;
  std::optional<InputAlphabet> input_alphabet() const override;

 private:
  RunSpec run_;
  bool opens_to_nan_;
  std::shared_ptr<FrameTimer> timer_;
  Diagnostics diagnostics_;
  std::uint64_t frames_ = 0;
  SimTime now_{0};
  std::int64_t stage_ = 0;  // stages opened, 0 to 3
  std::int64_t dial_ = 0;   // 0 to 15
  double tumbler_ = 1;      // the planted bug's NaN, once the lock is open
};

// Locks as the harness makes them; `opens_to_nan` plants the bug.
SimulationFactory lock_factory(bool opens_to_nan = false);

}  // namespace framecheck::testing
