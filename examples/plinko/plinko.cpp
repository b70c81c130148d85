#include "plinko.hpp"

#include <box2d/box2d.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <framecheck/determinism/det_math.hpp>

#include "board.hpp"

namespace plinko {
namespace {

using framecheck::GamepadEvent;
using framecheck::GamepadKind;
using framecheck::KeyEvent;
using framecheck::PointerEvent;
using framecheck::PointerKind;
using framecheck::RunSpec;
using framecheck::SimTime;

// The walls, the floor, the bins' dividers and the pegs: one static body.
void add_board(b2World& world) {
  b2BodyDef def;
  b2Body* board = world.CreateBody(&def);
  b2EdgeShape edge;
  edge.SetTwoSided({0, 0}, {kWidth, 0});
  board->CreateFixture(&edge, 0);
  edge.SetTwoSided({0, 0}, {0, kHeight});
  board->CreateFixture(&edge, 0);
  edge.SetTwoSided({kWidth, 0}, {kWidth, kHeight});
  board->CreateFixture(&edge, 0);
  for (int i = 1; i < 8; ++i) {
    b2PolygonShape divider;
    divider.SetAsBox(0.1f, kDividerHeight / 2, {static_cast<float>(i) * 4, kDividerHeight / 2}, 0);
    board->CreateFixture(&divider, 0);
  }
  for_each_peg([&](float x, float y) {
    b2CircleShape peg;
    peg.m_p = {x, y};
    peg.m_radius = kPegRadius;
    board->CreateFixture(&peg, 0);
  });
}

}  // namespace

Plinko::Plinko(const framecheck::SimulationSetup& setup, Rules rules)
    : run_(edited(
          RunSpec{.logical_size = {kWidth, kHeight}, .surface_width = 640, .surface_height = 360},
          setup.run)),
      rules_(rules),
      timer_(setup.frame_timer ? setup.frame_timer
                               : std::make_shared<framecheck::WallClockTimer>()),
      surface_(setup.surface) {
  auto& registry = diagnostics_.instance_registry();
  registry.register_source("score", [this] { return score_; });
  registry.register_source("balls", [this] { return static_cast<std::int64_t>(balls()); });
  registry.register_source("dropped", [this] { return dropped_; });
  diagnostics_.set_world_line_source([this] {
    return framecheck::WorldLine{"board", "playing", balls()};
  });
}

Plinko::~Plinko() = default;

b2Body* Plinko::add_ball(b2World& world, std::size_t i) const {
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position = {balls_.x[i], balls_.y[i]};
  def.angle = balls_.angle[i];
  def.linearVelocity = {balls_.vx[i], balls_.vy[i]};
  def.angularVelocity = balls_.spin[i];
  b2Body* body = world.CreateBody(&def);
  b2CircleShape shape;
  shape.m_radius = kBallRadius;
  b2FixtureDef fixture;
  fixture.shape = &shape;
  fixture.density = 1;
  fixture.friction = 0.3f;
  fixture.restitution = rules_.restitution;
  body->CreateFixture(&fixture);
  return body;
}

// Box2D 2.4 keeps state it neither shows nor takes back: the order of its contacts (which its
// solver's results depend on: it solves them one after another), the broad phase's tree that
// order comes from, the impulses it warm-starts from and how long each body has rested. A world
// built anew from the same bodies is not the world that was kept, so a load cannot put a kept
// world back. By default the world is therefore not kept: it is built from the declared balls,
// stepped once and read back, and a frame depends on declared state alone. (kKept and kKeptCold
// keep it, and the rollback check finds where each parts: docs/engine-adapter.md.)
void Plinko::step_physics(float seconds) {
  std::unique_ptr<b2World> rebuilt;
  b2World* world = world_.get();
  if (rules_.world == WorldLifetime::kRebuiltEachFrame || world_ == nullptr || world_stale_) {
    rebuilt = std::make_unique<b2World>(b2Vec2{0, -10});
    if (rules_.world != WorldLifetime::kKept) {
      rebuilt->SetAllowSleeping(false);  // a new body is awake: so is every body, every frame
      rebuilt->SetWarmStarting(false);   // there are no impulses from a last step to start from
    }
    add_board(*rebuilt);
    world = rebuilt.get();
    bodies_.clear();
  }
  for (std::size_t i = bodies_.size(); i < balls(); ++i) {
    bodies_.push_back(add_ball(*world, i));
  }
  world->Step(seconds, 8, 3);
  for (std::size_t i = 0; i < balls(); ++i) {
    const b2Body& body = *bodies_[i];
    balls_.x[i] = body.GetPosition().x;
    balls_.y[i] = body.GetPosition().y;
    balls_.angle[i] = body.GetAngle();
    balls_.vx[i] = body.GetLinearVelocity().x;
    balls_.vy[i] = body.GetLinearVelocity().y;
    balls_.spin[i] = body.GetAngularVelocity();
  }
  if (rules_.world != WorldLifetime::kRebuiltEachFrame) {
    if (rebuilt) world_ = std::move(rebuilt);
    world_stale_ = false;
  } else {
    bodies_.clear();
  }
}

void Plinko::remove_ball(std::size_t i) {
  for (std::vector<float>* column :
       {&balls_.x, &balls_.y, &balls_.angle, &balls_.vx, &balls_.vy, &balls_.spin}) {
    column->erase(column->begin() + static_cast<std::ptrdiff_t>(i));
  }
  if (i < bodies_.size() && world_ != nullptr) {
    world_->DestroyBody(bodies_[i]);
    bodies_.erase(bodies_.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

void Plinko::frame(SimTime dt) {
  timer_->frame_started();
  now_ += dt;
  ++frames_;
  const double seconds = static_cast<double>(dt.count()) / 1e9;
  const double speed = (static_cast<double>(steer_) + stick_) * 8;
  carriage_ = std::clamp(static_cast<float>(carriage_ + speed * seconds), 1.0f, kWidth - 1);
  if (cooldown_ > 0) --cooldown_;
  if (seconds > 0) step_physics(static_cast<float>(seconds));
  // A ball on the floor scores its bin and leaves the board.
  for (std::size_t i = balls(); i-- > 0;) {
    if (balls_.y[i] >= kBallRadius + 0.2f) continue;
    const auto bin = std::clamp(static_cast<int>(balls_.x[i] / 4), 0, 7);
    score_ += kBinValues[static_cast<std::size_t>(bin)];
    remove_ball(i);
  }
  if (surface_ != nullptr) draw_onto(*surface_);
  diagnostics_.window().add(now_, timer_->frame_finished({frames_, now_}));
}

void Plinko::drop(float x) {
  if (cooldown_ > 0 || balls() >= kMaxBalls) return;
  balls_.x.push_back(std::clamp(x, 1.0f, kWidth - 1));
  balls_.y.push_back(kDropHeight);
  for (std::vector<float>* column : {&balls_.angle, &balls_.vx, &balls_.vy, &balls_.spin}) {
    column->push_back(0);
  }
  cooldown_ = kCooldownFrames;
  ++dropped_;
}

void Plinko::key_down(const KeyEvent& key) {
  if (key.code == "ArrowLeft") steer_ = -1;
  if (key.code == "ArrowRight") steer_ = 1;
  if (key.code == "Space" && !key.repeat) drop(carriage_);
  if (key.code == "Backquote" && !key.repeat) diagnostics_.toggle();
}

void Plinko::key_up(const KeyEvent& key) {
  if ((key.code == "ArrowLeft" && steer_ < 0) || (key.code == "ArrowRight" && steer_ > 0)) {
    steer_ = 0;
  }
}

void Plinko::pointer(const PointerEvent& pointer) {
  // Logical units are the board's metres, y down.
  if (pointer.kind == PointerKind::kDown) drop(static_cast<float>(pointer.position.x));
}

void Plinko::gamepad(const GamepadEvent& gamepad) {
  if (gamepad.kind == GamepadKind::kAxis && gamepad.index == framecheck::kPadLeftX) {
    stick_ = static_cast<float>(gamepad.value);
  }
  if (gamepad.kind == GamepadKind::kButton && gamepad.index == framecheck::kPadA &&
      gamepad.value >= 0.5) {
    drop(carriage_);
  }
  if (gamepad.kind == GamepadKind::kDisconnected) stick_ = 0;
}

void Plinko::declare_state(framecheck::StateArchive& state) {
  if (state.loading()) world_stale_ = true;  // a kept world is no longer these balls
  state.whole("frames", frames_);
  state.whole("time", now_);
  state.number("carriage", carriage_);
  state.whole("steer", steer_);
  state.number("stick", stick_);
  state.whole("cooldown", cooldown_);
  state.whole("dropped", dropped_);
  state.whole("score", score_);
  state.numbers("ball x", balls_.x);
  state.numbers("ball y", balls_.y);
  state.numbers("ball angle", balls_.angle);
  state.numbers("ball vx", balls_.vx);
  state.numbers("ball vy", balls_.vy);
  state.numbers("ball spin", balls_.spin);
}

framecheck::SimulationFactory plinko_factory(Rules rules) {
  return [rules](const framecheck::SimulationSetup& setup) {
    return framecheck::make_simulation<Plinko>(setup, rules);
  };
}

}  // namespace plinko
