// FrameTimer: how the engine measures one frame's sample. The wall clock live; a script, a
// function of the world or a recording in the harness.
#pragma once

#include <chrono>
#include <cstdint>
#include <framecheck/determinism/sim_time.hpp>
#include <optional>

namespace framecheck {

class World;

// What a timer may consult when it reports a frame: which frame, its end in simulated time, and
// the open world (null when none is).
struct FrameInfo {
  std::uint64_t frame = 0;  // 1 for the first frame of a run
  SimTime now{0};
  const World* world = nullptr;
};

// Brackets a frame's ticks, collision pass, render and overlay; its answer is the sample.
class FrameTimer {
 public:
  virtual ~FrameTimer() = default;
  virtual void frame_started() = 0;
  // The frame's sample in milliseconds.
  virtual double frame_finished(const FrameInfo& frame) = 0;
  // Brackets one tick's body (the game's update and its timers). A timer that cannot time ticks
  // keeps the default, and the tick figures show as missing rather than as 0.
  virtual void tick_started() {}
  virtual std::optional<double> tick_finished() { return std::nullopt; }
};

// Real elapsed time on the monotonic clock: what a live build measures.
class WallClockTimer final : public FrameTimer {
 public:
  void frame_started() override { start_ = std::chrono::steady_clock::now(); }
  double frame_finished(const FrameInfo&) override {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_)
        .count();
  }
  void tick_started() override { tick_start_ = std::chrono::steady_clock::now(); }
  std::optional<double> tick_finished() override {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - tick_start_)
        .count();
  }

 private:
  std::chrono::steady_clock::time_point start_{};
  std::chrono::steady_clock::time_point tick_start_{};
};

}  // namespace framecheck
