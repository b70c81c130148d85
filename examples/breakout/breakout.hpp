// Breakout: the tutorial's game (docs/tutorial.md). A paddle, a ball and three rows of bricks,
// with the diagnostics a team would register: serves in the engine's registry (they survive a
// new level), the score, the bricks left and the ball in the world's.
#pragma once

#include <framecheck/sim/game.hpp>
#include <optional>
#include <string>
#include <vector>

namespace breakout {

class Breakout final : public framecheck::Game {
 public:
  void init(framecheck::InitApi& api) override;
  void build_world(framecheck::World& world) override;
  void tick(framecheck::World& world, framecheck::SimTime dt) override;
  void on_collision(framecheck::World& world, framecheck::Actor& a, framecheck::Actor& b) override;
  void on_key(const framecheck::KeyEvent& key) override;
  std::optional<framecheck::Rgba> actor_colour(const framecheck::Actor& actor) const override;
  std::vector<std::string> levels() const override { return {"level-1"}; }
  // Its own run: a 640x360 surface over the default 320x180 coordinates, at 60 Hz. Its cases,
  // recordings and demo all run at it unless a case or an option changes one field.
  framecheck::RunSpec run_spec() const override {
    return {.surface_width = 640, .surface_height = 360};
  }
  void declare_state(framecheck::StateArchive& state) override;
  // What explore presses: the keys on_key reads, and the overlay's.
  std::optional<framecheck::InputAlphabet> input_alphabet() const override {
    return framecheck::InputAlphabet{
        .keys = {"ArrowLeft", "ArrowRight", "ArrowDown", "Space", "Backquote"},
        .pointer = false,
        .gamepad = false};
  }
  // "the paddle stays on the court", "the ball stays on the court" (its centre).
  std::optional<std::string> broken_invariant(const framecheck::World* world) const override;

 private:
  void serve(framecheck::World& world);

  int serves_ = 0;  // engine lifetime: every ball put into play
  int score_ = 0;   // world lifetime
  int steer_ = 0;   // -1, 0 or +1: the last arrow key pressed
  bool serve_requested_ = false;
  framecheck::ActorId paddle_ = 0;
  framecheck::ActorId ball_ = 0;
};

}  // namespace breakout
