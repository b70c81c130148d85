#include "kite.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <stdexcept>

namespace framecheck::testing {

Kite::Kite(const SimulationSetup& setup, Bug bug)
    : run_(edited(RunSpec{.logical_size = {64, 36}, .surface_width = 64, .surface_height = 36},
                  setup.run)),
      bug_(bug),
      timer_(setup.frame_timer ? setup.frame_timer : std::make_shared<WallClockTimer>()),
      surface_(setup.surface) {
  diagnostics_.instance_registry().register_source("score", [this] { return score_; });
  diagnostics_.instance_registry().register_source("height",
                                                   [this] { return 14 - y_; });  // above the ground
  // The overlay's first line is the game's to fill: one field, one kite.
  diagnostics_.set_world_line_source([] { return WorldLine{"field", "flying", 1}; });
}

void Kite::frame(SimTime dt) {
  timer_->frame_started();
  now_ += dt;
  ++frames_;
  const double seconds = static_cast<double>(dt.count()) / 1e9;
  double wind = static_cast<double>(wind_) + stick_;
  if (bug_ == Bug::kUndeclared && frames_ % 25 == 0) ++gusts_;
  if (bug_ == Bug::kUndeclared) wind += static_cast<double>(gusts_ % 3) * 0.5;
  if (bug_ == Bug::kUninitialised && frames_ > 30 && calm_) wind = 0;
  vx_ = std::clamp(vx_ + wind * 40 * seconds, -30.0, 30.0);
  const double gravity = bug_ == Bug::kChangedRule && frames_ >= 40 ? 12 : 10;
  vy_ = std::clamp(vy_ + gravity * seconds - 0.5 * vy_ * seconds, -20.0, 20.0);
  const double before = x_;
  x_ += vx_ * seconds;
  y_ += vy_ * seconds;
  // The field wraps: a kite off one side comes in at the other, and the ground lifts it.
  if (x_ > 32) x_ -= 64;
  if (x_ < -32) x_ += 64;
  const bool ground_holds = !(bug_ == Bug::kLeavesField && stick_ > 0.5);
  if (y_ > 14 && ground_holds) y_ = 14, vy_ = -15;
  if ((before < 0) != (x_ < 0) && std::abs(x_) < 16) ++score_;
  if (surface_ != nullptr) draw_onto(*surface_);
  diagnostics_.window().add(now_, timer_->frame_finished({frames_, now_}));
}

void Kite::key_down(const KeyEvent& key) {
  if (bug_ == Bug::kThrows && key.code == "ArrowLeft" && stick_ < -0.5) {
    throw std::out_of_range("Kite: no wind that strong to the left");
  }
  if (bug_ == Bug::kCombo && !key.repeat) {
    static constexpr const char* kSequence[] = {"ArrowLeft", "ArrowRight", "ArrowLeft"};
    const bool in_time = combo_ == 0 || frames_ - combo_at_ <= 20;
    if (combo_ < 3 && in_time && key.code == kSequence[combo_]) {
      ++combo_, combo_at_ = frames_;
    } else {
      combo_ = key.code == kSequence[0] ? 1 : 0, combo_at_ = frames_;
    }
  }
  if (key.code == "ArrowLeft") wind_ = -1;
  if (key.code == "ArrowRight") wind_ = 1;
  if (key.code == "Backquote" && !key.repeat) diagnostics_.toggle();
}

void Kite::key_up(const KeyEvent& key) {
  if ((key.code == "ArrowLeft" && wind_ < 0) || (key.code == "ArrowRight" && wind_ > 0)) wind_ = 0;
}

void Kite::pointer(const PointerEvent& pointer) {
  if (bug_ == Bug::kCombo && pointer.kind == PointerKind::kDown && combo_ == 3) {
    vx_ = std::numeric_limits<double>::quiet_NaN();
  }
  if (bug_ == Bug::kCrashes && pointer.kind == PointerKind::kWheel && pointer.wheel.y < 0 &&
      wind_ > 0) {
    std::abort();
  }
  if (bug_ == Bug::kUnseeded && pointer.kind == PointerKind::kDown && wind_ < 0) {
    vx_ += static_cast<double>(std::random_device{}()) / 4294967296.0;  // never the same twice
  }
  if (pointer.kind == PointerKind::kDown) wind_ = pointer.position.x < 32 ? -1 : 1;
  if (pointer.kind == PointerKind::kUp) wind_ = 0;
}

void Kite::gamepad(const GamepadEvent& gamepad) {
  if (bug_ == Bug::kNotFinite && gamepad.kind == GamepadKind::kButton && gamepad.index == kPadY &&
      gamepad.value > 0 && wind_ < 0) {
    x_ = std::numeric_limits<double>::quiet_NaN();
  }
  if (bug_ == Bug::kHangs && gamepad.kind == GamepadKind::kDisconnected && wind_ > 0) {
    for (volatile bool forever = true; forever;) {
    }
  }
  if (gamepad.kind == GamepadKind::kAxis && gamepad.index == kPadLeftX) stick_ = gamepad.value;
  if (gamepad.kind == GamepadKind::kDisconnected) stick_ = 0;
}

void Kite::declare_state(StateArchive& state) {
  state.whole("frames", frames_);
  state.whole("time", now_);
  state.number("x", x_);
  state.number("y", y_);
  state.number("vx", vx_);
  state.number("vy", vy_);
  state.whole("wind", wind_);
  state.number("stick", stick_);
  state.whole("score", score_);
}

bool Kite::render_rgba(std::span<std::uint8_t> rgba, int width, int height) {
  // Sky darkening with the score, the ground a band, the kite a square where it flies.
  const auto sky = static_cast<std::uint8_t>(200 - std::min<std::int64_t>(score_, 10) * 12);
  // A kite 4 logical units square, scaled to the surface.
  const int size = std::max(1, width / 16);
  const int kite_x = static_cast<int>((x_ + 32) * width / 64) - size / 2;
  const int kite_y = static_cast<int>((y_ + 18) * height / 36) - size / 2;
  for (int py = 0; py < height; ++py) {
    for (int px = 0; px < width; ++px) {
      std::uint8_t* p = rgba.data() + (static_cast<std::size_t>(py) * width + px) * 4;
      const bool kite = px >= kite_x && px < kite_x + size && py >= kite_y && py < kite_y + size;
      const bool ground = py >= height * 15 / 18;
      p[0] = kite ? 230 : ground ? 60 : 90;
      p[1] = kite ? 60 : ground ? 140 : sky;
      p[2] = kite ? 40 : ground ? 50 : 235;
      p[3] = 255;
    }
  }
  return true;
}

std::optional<InputAlphabet> Kite::input_alphabet() const {
  return InputAlphabet{.keys = {"ArrowLeft", "ArrowRight", "Backquote"}};
}

std::optional<std::string> Kite::broken_invariant() {
  if (y_ > 14) return "the kite stays above the ground";
  return std::nullopt;
}

SimulationFactory kite_factory(Kite::Bug bug) {
  return [bug](const SimulationSetup& setup) -> std::unique_ptr<Simulation> {
    return make_simulation<Kite>(setup, bug);
  };
}

}  // namespace framecheck::testing
