#include "arena.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <framecheck/determinism/det_math.hpp>
#include <numbers>
#include <stdexcept>

namespace framecheck::games {
namespace {

using namespace std::chrono_literals;

constexpr SimTime kWarmup = 2s;
constexpr SimTime kPlaying = 20s;
constexpr SimTime kEnded = 3s;
constexpr SimTime kBossAfter = 5s;
constexpr double kPlayerSpeed = 70;     // logical units per second
constexpr double kStickDeadZone = 0.2;  // a stick at rest rarely reads exactly 0
constexpr double kEnemySpeed = 45;
constexpr double kBossSpeed = 20;
constexpr int kMaxEnemies = 40;

double seconds(SimTime t) {
  return std::chrono::duration<double>(t).count();
}

void append_fixed1(std::string& out, double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 1);
  out.append(buf, end);
}

bool is_enemy(const Actor& a) {
  return a.tag == "red" || a.tag == "blue";
}

}  // namespace

void Arena::init(InitApi& api) {
  api.diagnostics.register_source("levels visited", [this] { return levels_visited_; });
  api.diagnostics.register_source("session time", [this] { return seconds(session_time_); });
  api.start_level = next_level_;
  spawner_debug_ = api.debug.add(std::make_shared<SpawnerDebugSource>(spawner_probe_));
  cells_debug_ = api.debug.add(std::make_shared<CellsDebugSource>(cells_probe_));
}

void Arena::build_world(World& world) {
  ++levels_visited_;
  next_level_ = world.level() == "arena-1" ? "arena-2" : "arena-1";
  score_ = spawned_ = boss_hp_ = 0;
  boss_ = 0;
  boss_defeated_ = false;
  kills_.clear();
  spawner_probe_ = {};
  cells_probe_.clear();
  spawn_period_ = world.level() == "arena-1" ? SimTime(600ms) : SimTime(400ms);

  const Vec2 size = world.logical_size();
  player_ = world.spawn("player", {size.x / 2 - 5, size.y / 2 - 5}, {10, 10});
  enter_phase(world, "warmup");

  DiagnosticRegistry& reg = world.diagnostics();
  reg.register_source("score", [this] { return score_; });
  reg.register_source("leader", [this]() -> std::string {
    const int red = kills_.contains("red") ? kills_.at("red") : 0;
    const int blue = kills_.contains("blue") ? kills_.at("blue") : 0;
    return red == blue ? "none" : red > blue ? "red" : "blue";
  });
  reg.register_source("player", [this, &world]() -> std::string {
    const Actor* p = world.find(player_);
    if (p == nullptr) return "-";
    std::string s = "(";
    append_fixed1(s, p->position.x);
    s += ", ";
    append_fixed1(s, p->position.y);
    s += ")";
    return s;
  });
  reg.register_source("enemies", [&world] {
    int n = 0;
    for (const Actor& a : world.actors())
      n += a.alive && is_enemy(a);
    return n;
  });
  reg.register_source("spawned", [this] { return spawned_; });
  reg.register_source("boss", [this]() -> DiagnosticValue {
    if (boss_defeated_) return "defeated";
    if (boss_ == 0) throw std::runtime_error("boss not spawned");
    return boss_hp_;
  });

  world.every(spawn_period_, [this](World& w) {
    if (w.phase() == "playing") spawn_enemy(w);
  });
}

void Arena::enter_phase(World& world, const char* phase) {
  world.set_phase(phase);
  phase_time_ = SimTime(0);
}

void Arena::tick(World& world, SimTime dt) {
  session_time_ += dt;
  phase_time_ += dt;
  const double s = seconds(dt);

  if (world.phase() == "warmup" && phase_time_ >= kWarmup) enter_phase(world, "playing");
  if (world.phase() == "playing" && phase_time_ >= kPlaying) enter_phase(world, "ended");
  if (world.phase() == "ended" && phase_time_ >= kEnded) world.request_travel(next_level_);

  if (world.phase() == "playing" && boss_ == 0 && !boss_defeated_ && phase_time_ >= kBossAfter) {
    const Vec2 size = world.logical_size();
    boss_ = world.spawn("boss", {size.x - 40, 10}, {22, 22}, {-kBossSpeed, kBossSpeed});
    boss_hp_ = 3;
  }
  if (boss_hit_cooldown_ > SimTime(0)) boss_hit_cooldown_ -= dt;

  for (Actor& a : world.actors()) {
    if (!a.alive) continue;
    if (a.id == player_) {
      steer_player(world, a, s);
    } else {
      move_and_bounce(world, a, s);
    }
  }

  // The probes, every tick, whether or not anyone looks.
  int alive = 0;
  for (const Actor& a : world.actors())
    alive += a.alive && is_enemy(a);
  spawner_probe_.alive = alive;
  spawner_probe_.spawned = spawned_;
  const Actor* player = world.find(player_);
  cells_probe_.update(
      player ? std::optional<Vec2>(player->position + player->size * 0.5) : std::nullopt, dt);
}

void Arena::steer_player(World& world, Actor& player, double s) {
  Vec2 heading{(held_[1] ? 1.0 : 0.0) - (held_[0] ? 1.0 : 0.0),
               (held_[3] ? 1.0 : 0.0) - (held_[2] ? 1.0 : 0.0)};
  const bool arrows = held_[0] || held_[1] || held_[2] || held_[3];
  Vec2 stick{0, 0};
  for (const auto& [pad, xy] : sticks_)
    stick = stick + Vec2{xy[0], xy[1]};
  const double pushed = framecheck::det_math::sqrt(stick.x * stick.x + stick.y * stick.y);
  if (heading.x != 0 && heading.y != 0) {
    heading = heading * std::numbers::sqrt2 * 0.5;  // a diagonal at the same speed
  } else if (!arrows && pushed > kStickDeadZone) {
    heading = pushed > 1 ? stick * (1 / pushed) : stick;  // as fast as the stick is pushed
  } else if (heading == Vec2{0, 0} && !arrows) {
    // Autopilot: towards the nearest enemy (lowest id on a tie), or rest.
    heading = {0, 0};
    double best = INFINITY;
    for (const Actor& a : world.actors()) {
      if (!a.alive || a.id == player_) continue;
      const Vec2 d = a.position - player.position;
      const double dist = d.x * d.x + d.y * d.y;
      if (dist < best) {
        best = dist;
        heading = d;
      }
    }
    const double len = framecheck::det_math::sqrt(heading.x * heading.x + heading.y * heading.y);
    heading = len > 1 ? heading * (1 / len) : Vec2{0, 0};
  }
  player.velocity = heading * kPlayerSpeed;
  move_and_bounce(world, player, s);
}

void Arena::move_and_bounce(World& world, Actor& a, double s) {
  const Vec2 size = world.logical_size();
  a.position = a.position + a.velocity * s;
  if (a.position.x < 0 || a.position.x + a.size.x > size.x) {
    a.velocity.x = -a.velocity.x;
    a.position.x = std::clamp(a.position.x, 0.0, size.x - a.size.x);
  }
  if (a.position.y < 0 || a.position.y + a.size.y > size.y) {
    a.velocity.y = -a.velocity.y;
    a.position.y = std::clamp(a.position.y, 0.0, size.y - a.size.y);
  }
}

void Arena::spawn_enemy(World& world) {
  int alive = 0;
  for (const Actor& a : world.actors())
    alive += a.alive && is_enemy(a);
  if (alive >= kMaxEnemies) return;
  const Vec2 size = world.logical_size();
  Rng& rng = world.rng();
  const char* tag = rng.below(2) == 0 ? "red" : "blue";
  // From a random point on a random edge, heading into the arena.
  Vec2 at;
  const auto edge = rng.below(4);
  const double along = rng.next_double();
  at = edge == 0   ? Vec2{along * (size.x - 6), 0}
       : edge == 1 ? Vec2{along * (size.x - 6), size.y - 6}
       : edge == 2 ? Vec2{0, along * (size.y - 6)}
                   : Vec2{size.x - 6, along * (size.y - 6)};
  const double angle = rng.uniform(0, 2 * std::numbers::pi);
  const det_math::SinCos dir = det_math::sincos(angle);
  Vec2 v{dir.cos * kEnemySpeed, dir.sin * kEnemySpeed};
  if ((edge == 0 && v.y < 0) || (edge == 1 && v.y > 0)) v.y = -v.y;
  if ((edge == 2 && v.x < 0) || (edge == 3 && v.x > 0)) v.x = -v.x;
  world.spawn(tag, at, {6, 6}, v);
  ++spawned_;
  spawner_probe_.spawn_point = at + Vec2{3, 3};
  spawner_probe_.inward = edge == 0   ? Vec2{0, 1}
                          : edge == 1 ? Vec2{0, -1}
                          : edge == 2 ? Vec2{1, 0}
                                      : Vec2{-1, 0};
}

void Arena::on_collision(World& world, Actor& a, Actor& b) {
  Actor* player = a.id == player_ ? &a : b.id == player_ ? &b : nullptr;
  Actor& other = player == &a ? b : a;
  if (player != nullptr) {
    if (is_enemy(other)) {
      ++kills_[other.tag];
      ++score_;
      world.remove(other.id);
    } else if (other.id == boss_ && boss_hit_cooldown_ <= SimTime(0)) {
      boss_hit_cooldown_ = 500ms;
      if (--boss_hp_ == 0) {
        boss_defeated_ = true;
        score_ += 5;
        world.remove(boss_);
      }
    }
    return;
  }
  if (is_enemy(a) && is_enemy(b) && a.tag != b.tag) {
    world.remove(a.id);
    world.remove(b.id);
  }
}

namespace {

// Which of the held keys an arrow is (left, right, up, down), or -1.
int arrow_index(const std::string& code) {
  return code == "ArrowLeft"    ? 0
         : code == "ArrowRight" ? 1
         : code == "ArrowUp"    ? 2
         : code == "ArrowDown"  ? 3
                                : -1;
}

}  // namespace

void Arena::on_key(const KeyEvent& key) {
  if (const int i = arrow_index(key.code); i >= 0) held_[static_cast<std::size_t>(i)] = true;
}

void Arena::on_key_up(const KeyEvent& key) {
  if (const int i = arrow_index(key.code); i >= 0) held_[static_cast<std::size_t>(i)] = false;
}

void Arena::on_gamepad(const GamepadEvent& pad) {
  if (pad.kind == GamepadKind::kConnected) sticks_[pad.pad] = {0, 0};
  if (pad.kind == GamepadKind::kDisconnected) sticks_.erase(pad.pad);
  if (pad.kind == GamepadKind::kAxis && (pad.index == kPadLeftX || pad.index == kPadLeftY))
    sticks_[pad.pad][static_cast<std::size_t>(pad.index)] = pad.value;
}

std::optional<InputAlphabet> Arena::input_alphabet() const {
  return InputAlphabet{.keys = {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Backquote"},
                       .pointer = false,
                       .gamepad = true};
}

std::optional<std::string> Arena::broken_invariant(const World* world) const {
  if (world == nullptr) return std::nullopt;
  if (const Actor* player = world->find(player_)) {
    const Vec2 size = world->logical_size();
    if (player->position.x < 0 || player->position.y < 0 ||
        player->position.x + player->size.x > size.x ||
        player->position.y + player->size.y > size.y) {
      return "the player stays inside the arena";
    }
  }
  if (boss_hp_ < 0 || boss_hp_ > 3) return "the boss has 0 to 3 hits left";
  if (score_ < 0) return "the score never goes below 0";
  return std::nullopt;
}

std::optional<std::string> Arena::explore_cell(const World* world) const {
  if (world == nullptr) return "between levels";
  std::string cell = world->level() + " boss " + std::to_string(boss_hp_);
  if (const Actor* player = world->find(player_)) {
    const Vec2 size = world->logical_size();
    cell += " at " + std::to_string(static_cast<int>(player->position.x * 4 / size.x)) + "," +
            std::to_string(static_cast<int>(player->position.y * 4 / size.y));
  }
  return cell;
}

std::optional<Rgba> Arena::actor_colour(const Actor& actor) const {
  if (actor.tag == "red") return Rgba{0.937, 0.325, 0.314, 1.0};
  if (actor.tag == "blue") return Rgba{0.329, 0.553, 0.957, 1.0};
  if (actor.tag == "boss") return Rgba{0.733, 0.447, 0.949, 1.0};
  if (actor.tag == "player") return Rgba{0.945, 0.949, 0.957, 1.0};
  return std::nullopt;
}

void Arena::on_world_closing(World&) {
  player_ = boss_ = 0;
}

void Arena::declare_state(StateArchive& state) {
  state.whole("levels visited", levels_visited_);
  state.whole("session time", session_time_);
  state.text("next level", next_level_);
  state.whole("player", player_);
  state.whole("boss", boss_);
  state.whole("boss hp", boss_hp_);
  state.flag("boss defeated", boss_defeated_);
  state.whole("boss hit cooldown", boss_hit_cooldown_);
  state.whole("score", score_);
  state.whole("spawned", spawned_);
  state.entries("kills ", kills_);
  state.whole("phase time", phase_time_);
  state.whole("spawn period", spawn_period_);
  state.flags("held", held_);
  state.entries("stick ", sticks_);
}

}  // namespace framecheck::games
