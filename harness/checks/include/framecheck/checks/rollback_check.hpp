// The rollback check, GGRS's SyncTest for a framecheck game: what check-determinism --rollback
// and CaseTest::expect_rollback_safe are made of. After every frame F from the distance N on,
// the state saved after frame F - N is restored and the N frames up to F are simulated again on
// the same input; each frame's checksum must be the one the first simulation gave. A member
// that changes what the game does but that its declaration (Game::declare_state) does not bind
// survives the restore with a later value, and shows at the first frame where it matters.
#pragma once

#include <cstdint>
#include <framecheck/drive/driver.hpp>
#include <framecheck/sim/game_factory.hpp>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

// What the rollback check says a difference means, and where to look.
inline constexpr const char* kRollbackCause =
    "state the game's declaration misses: a member that changes what the game does but that "
    "declare_state does not bind (so a restore left it as it was later), or state kept outside "
    "the game and its world (a static, a file, the clock)";

// The first rollback whose resimulation differs from the first simulation, and every way it
// does. Each frame from the distance on is checked, so the rollback before this one agreed: the
// state the declaration misses changed, or first mattered, at `frame` itself.
struct RollbackFinding {
  std::uint64_t frame = 0;        // the frame the first simulation had run when it rolled back
  std::uint64_t restored = 0;     // the frame whose saved state was restored
  std::uint64_t resimulated = 0;  // the first frame simulated again that differs
  // "game score: recorded 40, replayed 38": recorded is the first simulation, replayed the
  // resimulation; or why the saved state could not be restored at all.
  std::vector<std::string> differences;
};

// Runs a new simulation from `make` (a game made by make_game has its storage filled as a first
// run's) on a driver made with `options` for `frames` frames, rolling back `distance` (>= 1)
// frames after every frame from `distance` on: Simulation::save_state and load_state, compared
// by checksum(). nullopt when every resimulated frame agrees.
//   auto found = check_rollback(make_my_simulation, {.input = script}, 600, 8);
std::optional<RollbackFinding> check_rollback(const SimulationFactory& make,
                                              const DriverOptions& options, std::uint64_t frames,
                                              std::uint64_t distance);
// The same for a framecheck::Game, run on framecheck's engine (simulation_of).
//   auto found = check_rollback(make_game<Arena>, {.input = script}, 600, 8);
std::optional<RollbackFinding> check_rollback(const GameFactory& make, const DriverOptions& options,
                                              std::uint64_t frames, std::uint64_t distance);

}  // namespace framecheck
