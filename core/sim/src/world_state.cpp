#include <bit>
#include <cmath>
#include <framecheck/determinism/hex_text.hpp>
#include <framecheck/diagnostics/format.hpp>
#include <framecheck/sim/world_state.hpp>

namespace framecheck {
namespace {

// JavaScript's digits, but a negative zero says so: the checksum tells it from 0.
std::string number(double v) {
  return v == 0 && std::signbit(v) ? "-0" : format_js_number(v);
}

std::string quoted(const std::string& s) {
  return "\"" + s + "\"";
}

std::string both(const std::string& recorded, const std::string& replayed) {
  return ": recorded " + recorded + ", replayed " + replayed;
}

std::string name_of(const ActorState& a) {
  return "actor " + std::to_string(a.id) + " (" + a.tag + ")";
}

std::optional<std::string> compare_actor(const ActorState& a, const ActorState& b) {
  const std::string who = name_of(a);
  if (a.tag != b.tag) return who + " tag" + both(quoted(a.tag), quoted(b.tag));
  const std::pair<const char*, double ActorState::*> fields[] = {
      {"x", &ActorState::x},      {"y", &ActorState::y},   {"width", &ActorState::w},
      {"height", &ActorState::h}, {"vx", &ActorState::vx}, {"vy", &ActorState::vy}};
  for (const auto& [field, member] : fields) {
    // By bits, as the checksum compares: -0 and 0 differ there, and so they do here.
    if (std::bit_cast<std::uint64_t>(a.*member) != std::bit_cast<std::uint64_t>(b.*member))
      return who + " " + field + both(number(a.*member), number(b.*member));
  }
  if (a.alive != b.alive)
    return who + " alive" + both(a.alive ? "true" : "false", b.alive ? "true" : "false");
  return std::nullopt;
}

}  // namespace

WorldState capture_world(const World& world) {
  WorldState s;
  s.level = world.level();
  s.phase = world.phase();
  s.time_ns = world.now().count();
  s.ticks = world.ticks();
  s.rng = world.rng().state();
  s.timers = world.timer_count();
  s.actors.reserve(world.actors().size());
  for (const Actor& a : world.actors()) {
    s.actors.push_back({a.id, a.tag, a.position.x, a.position.y, a.size.x, a.size.y, a.velocity.x,
                        a.velocity.y, a.alive});
  }
  return s;
}

Actor actor_of(const ActorState& a) {
  return Actor{a.id, a.tag, {a.x, a.y}, {a.w, a.h}, {a.vx, a.vy}, a.alive};
}

std::optional<std::string> first_difference(const WorldState& recorded,
                                            const WorldState& replayed) {
  const WorldState& a = recorded;
  const WorldState& b = replayed;
  if (a.level != b.level) return "world level" + both(quoted(a.level), quoted(b.level));
  if (a.phase != b.phase) return "world phase" + both(quoted(a.phase), quoted(b.phase));
  if (a.time_ns != b.time_ns)
    return "world time" +
           both(std::to_string(a.time_ns) + " ns", std::to_string(b.time_ns) + " ns");
  if (a.ticks != b.ticks)
    return "world ticks" + both(std::to_string(a.ticks), std::to_string(b.ticks));
  std::size_t i = 0, j = 0;
  while (i < a.actors.size() || j < b.actors.size()) {
    if (j == b.actors.size() || (i < a.actors.size() && a.actors[i].id < b.actors[j].id))
      return name_of(a.actors[i]) + both("present", "absent");
    if (i == a.actors.size() || b.actors[j].id < a.actors[i].id)
      return name_of(b.actors[j]) + both("absent", "present");
    if (auto d = compare_actor(a.actors[i], b.actors[j])) return d;
    ++i, ++j;
  }
  for (std::size_t w = 0; w < a.rng.size(); ++w) {
    if (a.rng[w] != b.rng[w]) {
      return "world random state word " + std::to_string(w) +
             both(hex_text(a.rng[w]), hex_text(b.rng[w]));
    }
  }
  if (a.timers != b.timers)
    return "world timers" + both(std::to_string(a.timers), std::to_string(b.timers));
  return std::nullopt;
}

}  // namespace framecheck
