// Plinko: a small physics game on an engine of its own. Box2D moves the balls, a software
// renderer of its own draws them into an RGBA buffer, and its own loop (play_main.cpp) takes
// input from SDL2. framecheck sees it only as a framecheck::Simulation.
//
// A carriage runs along the top: ArrowLeft and ArrowRight (or the left stick) move it, Space (or
// the A button, or a click where the ball should fall) drops a ball. Balls fall through a field
// of pegs into eight bins; each bin scores what is written under it.
#pragma once

#include <cstdint>
#include <framecheck/sim/simulation.hpp>
#include <memory>
#include <vector>

class b2World;
class b2Body;

namespace plinko {

// How Box2D's world lives. Box2D 2.4 has no snapshot of a b2World: a load can only build a new
// one, and a new world is not the one that was kept (plinko.cpp says why).
enum class WorldLifetime {
  kRebuiltEachFrame,  // built from the declared balls every frame: a load is exact
  kKept,              // kept from frame to frame, as games usually keep it, rebuilt after a load
  kKeptCold,          // kept, but with warm starting and sleeping off, as a rebuilt world has them
};

// What may change between builds of the game: the changed build's ball bounces higher.
struct Rules {
  float restitution = 0.4f;  // of a ball, against pegs, walls and other balls
  WorldLifetime world = WorldLifetime::kRebuiltEachFrame;
};

class Plinko final : public framecheck::Simulation {
 public:
  explicit Plinko(const framecheck::SimulationSetup& setup = {}, Rules rules = {});
  ~Plinko() override;

  const framecheck::RunSpec& run() const override { return run_; }
  void frame(framecheck::SimTime dt) override;
  std::uint64_t frames() const override { return frames_; }
  framecheck::SimTime now() const override { return now_; }
  void key_down(const framecheck::KeyEvent& key) override;
  void key_up(const framecheck::KeyEvent& key) override;
  void pointer(const framecheck::PointerEvent& pointer) override;
  void gamepad(const framecheck::GamepadEvent& gamepad) override;
  void declare_state(framecheck::StateArchive& state) override;
  framecheck::Diagnostics& diagnostics() override { return diagnostics_; }
  bool render_rgba(std::span<std::uint8_t> rgba, int width, int height) override;

  std::int64_t score() const { return score_; }
  std::size_t balls() const { return balls_.x.size(); }

 private:
  // The balls in play, a column per quantity, as Box2D's floats.
  struct Balls {
    std::vector<float> x, y, angle, vx, vy, spin;
  };

  void step_physics(float seconds);
  b2Body* add_ball(b2World& world, std::size_t i) const;
  void remove_ball(std::size_t i);
  void drop(float x);

  framecheck::RunSpec run_;
  Rules rules_;
  std::shared_ptr<framecheck::FrameTimer> timer_;
  framecheck::Surface* surface_;  // a live run's, drawn on after each frame; null headless
  framecheck::Diagnostics diagnostics_;
  std::uint64_t frames_ = 0;
  framecheck::SimTime now_{0};
  float carriage_ = 15.3f;     // the carriage's x, metres: off a peg's top
  std::int64_t steer_ = 0;     // -1, 0 or 1: the arrow keys held
  float stick_ = 0;            // the left stick's x
  std::int64_t cooldown_ = 0;  // frames until the next drop
  std::int64_t dropped_ = 0;   // balls dropped so far
  std::int64_t score_ = 0;
  Balls balls_;
  // WorldLifetime::kKept's world, its bodies in the balls' order, and whether a load has made it
  // stale.
  std::unique_ptr<b2World> world_;
  std::vector<b2Body*> bodies_;
  bool world_stale_ = true;
};

// Plinko as the harness makes it.
framecheck::SimulationFactory plinko_factory(Rules rules = {});

}  // namespace plinko
