// Driver: steps a simulation headlessly on a fixed simulated clock, and renders frames
// offscreen.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <framecheck/drive/input_script.hpp>
#include <framecheck/engine.hpp>  // driver().engine() of a framecheck::Game
#include <framecheck/image/image.hpp>
#include <framecheck/sim/game.hpp>
#include <framecheck/sim/simulation.hpp>
#include <memory>
#include <string>

namespace framecheck {

// How the driver runs a game beyond the game's own RunSpec.
struct DriverOptions {
  // Changes to the game's RunSpec for this run: `.run = [](RunSpec& r) { r.fps = 144; }`.
  RunEdit run;
  // Each frame's sample; by default exactly the frame's budget, 1000 / fps ms.
  std::shared_ptr<FrameTimer> samples;
  InputScript input;                                  // applied before the frames it names
  DebugFlags debug;                                   // named debug sources to turn on
  std::function<void(const std::string& block)> log;  // the panel in a log, once per second
};

// The harness's hold on one simulation: any Simulation from a factory, or framecheck's engine
// running a framecheck::Game. Nothing it does reads the wall clock.
//   games::Arena game;
//   Driver driver(game, {.run = [](RunSpec& r) { r.fps = 144; }});
//   driver.press("Backquote");
//   driver.step(600);
//   Image frame = driver.render_image();
//   Driver own(make_my_simulation);  // a SimulationFactory: a game on its own engine
class Driver {
 public:
  // Framecheck's engine running `game`, which must outlive the driver.
  explicit Driver(Game& game, DriverOptions options = {});
  // The simulation `make` makes for these options.
  explicit Driver(const SimulationFactory& make, DriverOptions options = {});
  ~Driver();
  Driver(const Driver&) = delete;
  Driver& operator=(const Driver&) = delete;

  // Runs `frames` frames (applying scripted input before each).
  void step(std::int64_t frames = 1);
  // Runs frames until simulated time reaches `t` since the start (at least once past it).
  void step_until(SimTime t);
  // Runs the frames that `seconds` of simulated time hold at this frame rate.
  void step_seconds(double seconds);

  void press(const std::string& code, bool repeat = false) {
    apply_input(*sim_, KeyPress{code, repeat});
  }
  void release(const std::string& code) { apply_input(*sim_, KeyRelease{code}); }
  void pointer(const PointerEvent& event) { apply_input(*sim_, Pointer{event}); }
  void gamepad(const GamepadEvent& event) { apply_input(*sim_, Gamepad{event}); }
  void travel(const std::string& level) { sim_->travel(level); }

  Simulation& simulation() { return *sim_; }
  const Simulation& simulation() const { return *sim_; }
  // The engine under the simulation, for the cases of a framecheck::Game that reach its world:
  // the one place the harness adapts framecheck's engine. Throws std::logic_error for a
  // simulation on its own engine.
  Engine& engine() { return engine_of(*sim_); }
  Diagnostics& diagnostics() { return sim_->diagnostics(); }
  // Frames run so far; the next step runs frame() + 1.
  std::uint64_t frame() const { return sim_->frames(); }
  const DriverOptions& options() const { return options_; }
  // What this run is: the game's RunSpec with the options' changes.
  const RunSpec& run() const { return sim_->run(); }

  // Draws the scene and overlay as they stand onto the offscreen surface, and returns it (owned
  // by the driver, valid until the next render).
  cairo_surface_t* render();
  Image render_image();
  // The render as PNG bytes, exactly as a golden file holds them.
  std::string render_png();

 private:
  DriverOptions options_;
  std::unique_ptr<Simulation> sim_;
  FixedRate rate_;
  cairo_surface_t* surface_ = nullptr;
};

}  // namespace framecheck
