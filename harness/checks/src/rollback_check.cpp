#include <framecheck/checks/determinism_check.hpp>
#include <framecheck/checks/rollback_check.hpp>
#include <framecheck/session/session_lines.hpp>
#include <framecheck/sim/world_state.hpp>
#include <memory>

namespace framecheck {
namespace {

// What the first simulation kept after one frame: its whole state and its checksum.
struct Saved {
  EngineSnapshot snapshot;
  std::uint64_t checksum = 0;
};

// Every way the engine's state now differs from `expected` (which it then holds): the game's
// first differing field, then the world's.
std::vector<std::string> differences(Engine& engine, const EngineSnapshot& expected) {
  const GameState resimulated_game = engine.game_state();
  const std::optional<WorldState> resimulated_world =
      engine.world() ? std::optional(capture_world(*engine.world())) : std::nullopt;
  std::vector<std::string> out;
  if (auto problem = engine.restore(expected)) {
    out.push_back(std::move(*problem));
    return out;
  }
  if (auto field = first_difference(engine.game_state(), resimulated_game))
    out.push_back(std::move(*field));
  if (engine.world() && resimulated_world) {
    if (auto field = first_difference(capture_world(*engine.world()), *resimulated_world))
      out.push_back(std::move(*field));
  }
  return out;
}

}  // namespace

std::optional<RollbackFinding> check_rollback(const GameFactory& make, const DriverOptions& options,
                                              std::uint64_t frames, std::uint64_t distance) {
  if (distance == 0) distance = 1;
  std::unique_ptr<Game> game;
  {
    const ScopedGameFill fill(kFirstRunFill);
    game = make();
  }
  Driver driver(*game, options);
  Engine& engine = driver.engine();
  // The last distance + 1 frames' saved states, frame f in slot f % (distance + 1); frame 0 is
  // the game as it starts, before its first frame.
  std::vector<Saved> ring(distance + 1);
  const auto slot = [&](std::uint64_t f) -> Saved& { return ring[f % (distance + 1)]; };
  slot(0) = {engine.save(), engine.checksum()};
  for (std::uint64_t f = 1; f <= frames; ++f) {
    driver.step(1);
    slot(f) = {engine.save(), engine.checksum()};
    if (f < distance) continue;
    const std::uint64_t restored = f - distance;
    if (auto problem = engine.restore(slot(restored).snapshot))
      return RollbackFinding{f, restored, restored + 1, {std::move(*problem)}};
    for (std::uint64_t g = restored + 1; g <= f; ++g) {
      driver.step(1);
      const std::uint64_t expected = slot(g).checksum;
      const std::uint64_t resimulated = engine.checksum();
      if (resimulated != expected) {
        RollbackFinding finding{f, restored, g, {}};
        finding.differences.push_back("checksum: recorded " + checksum_text(expected) +
                                      ", replayed " + checksum_text(resimulated));
        for (std::string& d : differences(engine, slot(g).snapshot))
          finding.differences.push_back(std::move(d));
        return finding;
      }
    }
  }
  return std::nullopt;
}

}  // namespace framecheck
