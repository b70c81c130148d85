#include "lock.hpp"

#include <algorithm>
#include <limits>

namespace framecheck::testing {

Lock::Lock(const SimulationSetup& setup, bool opens_to_nan)
    : run_(edited(RunSpec{.logical_size = {64, 36}, .surface_width = 64, .surface_height = 36},
                  setup.run)),
      opens_to_nan_(opens_to_nan),
      timer_(setup.frame_timer ? setup.frame_timer : std::make_shared<WallClockTimer>()) {
  diagnostics_.instance_registry().register_source("stage", [this] { return stage_; });
  diagnostics_.instance_registry().register_source("dial", [this] { return dial_; });
}

void Lock::frame(SimTime dt) {
  timer_->frame_started();
  now_ += dt;
  ++frames_;
  diagnostics_.window().add(now_, timer_->frame_finished({frames_, now_}));
}

void Lock::key_down(const KeyEvent& key) {
  if (key.code == "ArrowUp") dial_ = (dial_ + 1) % 16;
  if (key.code == "ArrowDown") dial_ = (dial_ + 15) % 16;
  if (key.code != "Enter" || key.repeat || stage_ == 3) return;
  stage_ = dial_ == kCode[stage_] ? stage_ + 1 : 0;
  if (stage_ == 3 && opens_to_nan_) tumbler_ = std::numeric_limits<double>::quiet_NaN();
}

void Lock::declare_state(StateArchive& state) {
  state.whole("frames", frames_);
  state.whole("time", now_);
  state.whole("stage", stage_);
  state.whole("dial", dial_);
  state.number("tumbler", tumbler_);
}

bool Lock::render_rgba(std::span<std::uint8_t> rgba, int width, int height) {
  // The dial a bar across the top, each opened stage a green band below it.
  for (int py = 0; py < height; ++py) {
    for (int px = 0; px < width; ++px) {
      std::uint8_t* p = rgba.data() + (static_cast<std::size_t>(py) * width + px) * 4;
      const bool dial = py < height / 4 && px < (dial_ + 1) * width / 16;
      const bool opened = py >= height / 4 && (py - height / 4) * 4 < stage_ * height;
      p[0] = dial ? 230 : 40;
      p[1] = dial ? 200 : opened ? 170 : 50;
      p[2] = 60;
      p[3] = 255;
    }
  }
  return true;
}

std::optional<InputAlphabet> Lock::input_alphabet() const {
  return InputAlphabet{.keys = {"ArrowUp", "ArrowDown", "Enter"}};
}

SimulationFactory lock_factory(bool opens_to_nan) {
  return [opens_to_nan](const SimulationSetup& setup) -> std::unique_ptr<Simulation> {
    return make_simulation<Lock>(setup, opens_to_nan);
  };
}

}  // namespace framecheck::testing
