#include <framecheck/checks/determinism_check.hpp>
#include <framecheck/checks/rollback_check.hpp>
#include <framecheck/engine.hpp>
#include <framecheck/session/session_lines.hpp>
#include <memory>
#include <optional>

namespace framecheck {
namespace {

// What the first simulation kept after one frame: its whole state and its checksum.
struct Saved {
  std::unique_ptr<SavedState> state;
  std::uint64_t checksum = 0;
};

// Every way the simulation's state now differs from `expected` (which it then holds): the
// declared state's first differing field, then its description's.
std::vector<std::string> differences(Simulation& sim, const SavedState& expected) {
  const GameState resimulated = sim.game_state();
  const StateDescription resimulated_description = sim.describe();
  std::vector<std::string> out;
  if (auto problem = sim.load_state(expected)) {
    out.push_back(std::move(*problem));
    return out;
  }
  if (auto field = first_difference(sim.game_state(), resimulated))
    out.push_back(std::move(*field));
  if (auto field = first_difference(sim.describe(), resimulated_description))
    out.push_back(std::move(*field));
  return out;
}

}  // namespace

std::optional<RollbackFinding> check_rollback(const SimulationFactory& make,
                                              const DriverOptions& options, std::uint64_t frames,
                                              std::uint64_t distance) {
  if (distance == 0) distance = 1;
  std::optional<Driver> driver;
  {
    const ScopedGameFill fill(kFirstRunFill);
    driver.emplace(make, options);
  }
  Simulation& sim = driver->simulation();
  // The last distance + 1 frames' saved states, frame f in slot f % (distance + 1); frame 0 is
  // the game as it starts, before its first frame.
  std::vector<Saved> ring(distance + 1);
  const auto slot = [&](std::uint64_t f) -> Saved& { return ring[f % (distance + 1)]; };
  slot(0) = {sim.save_state(), sim.checksum()};
  for (std::uint64_t f = 1; f <= frames; ++f) {
    driver->step(1);
    slot(f) = {sim.save_state(), sim.checksum()};
    if (f < distance) continue;
    const std::uint64_t restored = f - distance;
    if (auto problem = sim.load_state(*slot(restored).state))
      return RollbackFinding{f, restored, restored + 1, {std::move(*problem)}};
    for (std::uint64_t g = restored + 1; g <= f; ++g) {
      driver->step(1);
      const std::uint64_t expected = slot(g).checksum;
      const std::uint64_t resimulated = sim.checksum();
      if (resimulated != expected) {
        RollbackFinding finding{f, restored, g, {}};
        finding.differences.push_back("checksum: recorded " + checksum_text(expected) +
                                      ", replayed " + checksum_text(resimulated));
        for (std::string& d : differences(sim, *slot(g).state))
          finding.differences.push_back(std::move(d));
        return finding;
      }
    }
  }
  return std::nullopt;
}

std::optional<RollbackFinding> check_rollback(const GameFactory& make, const DriverOptions& options,
                                              std::uint64_t frames, std::uint64_t distance) {
  return check_rollback(simulation_of(make), options, frames, distance);
}

}  // namespace framecheck
