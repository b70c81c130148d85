#include <algorithm>
#include <cmath>
#include <framecheck/drive/driver.hpp>
#include <framecheck/explore/cell.hpp>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

namespace framecheck {
namespace {

// A number's bucket: its whole part below 16 in size, its sign and power of two above. frexp
// and floor are exact, so the bucket is the same on every machine.
std::string bucket(double v) {
  if (v != v) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::fabs(v) < 16) return std::to_string(static_cast<int>(std::floor(v)));
  int exponent = 0;
  std::frexp(v, &exponent);
  std::string out = v < 0 ? "-2^" : "2^";
  out += std::to_string(exponent);
  return out;
}

std::string bucket_of(const GameStateValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, double>) {
          return bucket(v);
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          return bucket(static_cast<double>(v));
        } else if constexpr (std::is_same_v<T, bool>) {
          return v ? "yes" : "no";
        } else if constexpr (std::is_same_v<T, std::string>) {
          // Appended piece by piece: g++ 12 at -O3 misreads `"'" + text` as an overlapping copy.
          std::string out = "'";
          out.append(v, 0, 32);
          out += v.size() <= 32 ? "'" : "...'";
          return out;
        } else {
          std::string out = "#";
          out += std::to_string(v.size());
          return out;
        }
      },
      value);
}

}  // namespace

std::vector<std::string> clock_fields(const SimulationFactory& make, const RunEdit& run) {
  Driver driver(make, DriverOptions{.run = run});
  Simulation& sim = driver.simulation();
  // Each whole number's value after frames 1 to 4 with no input: one that rises every frame is
  // counting time (the frame count, the clock, a level's or a phase's time).
  std::map<std::string, std::vector<std::int64_t>> seen;
  for (int frame = 1; frame <= 4; ++frame) {
    driver.step(1);
    for (const GameStateField& field : sim.game_state().fields()) {
      if (const auto* whole = std::get_if<std::int64_t>(&field.value))
        seen[field.name].push_back(*whole);
    }
  }
  std::vector<std::string> clocks;
  for (const GameStateField& field : sim.game_state().fields()) {
    const auto it = seen.find(field.name);
    if (it == seen.end() || it->second.size() != 4) continue;
    const std::vector<std::int64_t>& v = it->second;
    if (v[0] < v[1] && v[1] < v[2] && v[2] < v[3]) clocks.push_back(field.name);
  }
  return clocks;
}

std::string explore_cell_of(Simulation& sim, const std::vector<std::string>& clock) {
  if (std::optional<std::string> own = sim.explore_cell()) return *own;
  return default_cell(sim, clock);
}

std::string default_cell(Simulation& sim, const std::vector<std::string>& clock) {
  std::string cell;
  // "name=value", appended piece by piece (g++ 12 at -O3 misreads a concatenation of a literal
  // and a string as an overlapping copy).
  const auto add = [&](std::string_view name, const std::string& value) {
    if (!cell.empty()) cell += ' ';
    cell += name;
    cell += '=';
    cell += value;
  };
  const StateDescription description = sim.describe();
  if (description.world) {
    const WorldState& world = *description.world;
    add("level", world.level);
    add("phase", world.phase);
    const ActorState* player = world.actors.empty() ? nullptr : &world.actors.front();
    for (const ActorState& actor : world.actors) {
      if (actor.tag == "player") {
        player = &actor;
        break;
      }
    }
    if (player != nullptr) {
      const Vec2 area = sim.run().logical_size;
      const auto grid = [](double at, double size) {
        return std::isfinite(at) ? std::to_string(static_cast<int>(std::floor(at * 8 / size)))
                                 : std::string("nan");
      };
      std::string at = grid(player->x, area.x);
      at += ',';
      at += grid(player->y, area.y);
      add(player->tag, at);
    }
  }
  for (const GameStateField& field : sim.game_state().fields()) {
    // A position or a speed is motion, not place: the player's grid cell stands for it.
    if (std::holds_alternative<double>(field.value) ||
        std::holds_alternative<std::vector<double>>(field.value) ||
        std::find(clock.begin(), clock.end(), field.name) != clock.end())
      continue;
    add(field.name, bucket_of(field.value));
  }
  return cell;
}

}  // namespace framecheck
