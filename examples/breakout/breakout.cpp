#include "breakout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <framecheck/determinism/det_math.hpp>

namespace breakout {
namespace {

using framecheck::Actor;
using framecheck::SimTime;
using framecheck::World;

constexpr double kPaddleSpeed = 160;  // logical units per second
constexpr double kBallSpeed = 110;

double seconds(SimTime t) {
  return std::chrono::duration<double>(t).count();
}

}  // namespace

void Breakout::init(framecheck::InitApi& api) {
  api.diagnostics.register_source("serves", [this] { return serves_; });
  api.start_level = "level-1";
}

void Breakout::build_world(World& world) {
  score_ = 0;
  steer_ = 0;
  const framecheck::Vec2 size = world.logical_size();
  paddle_ = world.spawn("paddle", {size.x / 2 - 20, size.y - 12}, {40, 5});
  for (int row = 0; row < 3; ++row) {
    for (int column = 0; column < 10; ++column) {
      world.spawn("brick-" + std::to_string(row), {8 + column * 30.4, 16 + row * 12.0}, {28, 9});
    }
  }
  world.set_phase("serving");
  world.diagnostics().register_source("score", [this] { return score_; });
  world.diagnostics().register_source("bricks left", [&world] {
    int left = 0;
    for (const Actor& a : world.actors())
      left += a.alive && a.tag.starts_with("brick") ? 1 : 0;
    return left;
  });
  world.diagnostics().register_source("ball", [this, &world]() -> std::string {
    const Actor* ball = world.find(ball_);
    if (ball == nullptr || !ball->alive) return "none";
    char text[48];
    std::snprintf(text, sizeof text, "(%.1f, %.1f)", ball->position.x, ball->position.y);
    return text;
  });
}

void Breakout::serve(World& world) {
  ++serves_;
  const Actor* paddle = world.find(paddle_);
  const double x = paddle ? paddle->position.x + 18 : 150;
  // The angle comes from the world's seeded random numbers: a replay serves the same way.
  const double angle = world.rng().uniform(-2.2, -0.9);
  ball_ = world.spawn("ball", {x, 150}, {4, 4},
                      {kBallSpeed * framecheck::det_math::cos(angle),
                       kBallSpeed * framecheck::det_math::sin(angle)});
  world.set_phase("playing");
}

void Breakout::tick(World& world, SimTime dt) {
  const double s = seconds(dt);
  const framecheck::Vec2 size = world.logical_size();
  if (Actor* paddle = world.find(paddle_)) {
    paddle->position.x =
        std::clamp(paddle->position.x + steer_ * kPaddleSpeed * s, 0.0, size.x - paddle->size.x);
  }
  if (serve_requested_ && world.phase() == "serving") serve(world);
  serve_requested_ = false;
  Actor* ball = world.find(ball_);
  if (ball == nullptr || !ball->alive) return;
  ball->position.x += ball->velocity.x * s;
  ball->position.y += ball->velocity.y * s;
  if (ball->position.x < 0 || ball->position.x + ball->size.x > size.x) ball->velocity.x *= -1;
  if (ball->position.y < 0) ball->velocity.y = std::abs(ball->velocity.y);
  if (ball->position.y > size.y) {  // missed: back to serving
    world.remove(ball_);
    world.set_phase("serving");
  }
}

void Breakout::on_collision(World& world, Actor& a, Actor& b) {
  Actor& ball = a.tag == "ball" ? a : b;
  Actor& other = a.tag == "ball" ? b : a;
  if (ball.tag != "ball") return;
  if (other.tag == "paddle") {
    ball.velocity.y = -std::abs(ball.velocity.y);
  } else if (other.tag.starts_with("brick")) {
    world.remove(other.id);
    ball.velocity.y *= -1;
    score_ += 10;
  }
}

std::optional<framecheck::Rgba> Breakout::actor_colour(const Actor& actor) const {
  if (actor.tag == "paddle") return framecheck::Rgba{0.85, 0.88, 0.95, 1};
  if (actor.tag == "ball") return framecheck::Rgba{1, 0.95, 0.6, 1};
  return std::nullopt;  // bricks: the engine's colour for their tag, one per row
}

void Breakout::on_key(const framecheck::KeyEvent& key) {
  if (key.code == "ArrowLeft") steer_ = -1;
  if (key.code == "ArrowRight") steer_ = 1;
  if (key.code == "ArrowDown") steer_ = 0;
  if (key.code == "Space" && !key.repeat) serve_requested_ = true;
}

std::optional<std::string> Breakout::broken_invariant(const framecheck::World* world) const {
  if (world == nullptr) return std::nullopt;
  const framecheck::Vec2 size = world->logical_size();
  const auto on_court = [&](const framecheck::Actor& a) {
    return a.position.x >= 0 && a.position.x + a.size.x <= size.x && a.position.y >= 0;
  };
  if (const framecheck::Actor* paddle = world->find(paddle_); paddle && !on_court(*paddle)) {
    return "the paddle stays on the court";
  }
  // The ball may poke out for the frame it bounces in: its centre stays on the court.
  if (const framecheck::Actor* ball = world->find(ball_); ball && ball->alive) {
    const framecheck::Vec2 centre = ball->position + ball->size * 0.5;
    if (centre.x < 0 || centre.x > size.x || centre.y < 0) return "the ball stays on the court";
  }
  return std::nullopt;
}

void Breakout::declare_state(framecheck::StateArchive& state) {
  state.whole("serves", serves_);
  state.whole("score", score_);
  state.whole("steer", steer_);
  state.flag("serve requested", serve_requested_);
}

}  // namespace breakout
