// A game run twice on the same inputs, compared frame by frame: what check-determinism and
// CaseTest::expect_deterministic are made of.
#pragma once

#include <cstdint>
#include <filesystem>
#include <framecheck/checks/heap_perturbation.hpp>
#include <framecheck/io/result.hpp>
#include <framecheck/run/recorder.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/sim/game.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

// A new instance of the game, as a catalog entry makes one.
using GameFactory = std::function<std::unique_ptr<Game>()>;

// Where a second run first differs from the first, and every way it does at that frame: the
// checksum, the game field and, from the checkpoint there, the actor field with both values.
struct DeterminismFinding {
  std::uint64_t frame = 0;
  std::vector<std::string> differences;  // "frame 12: actor 3 (red) x: recorded 1, replayed 2"
};

// The first run: a game from `make` run as `record` says, recorded to `session` with a checkpoint
// after every frame (whatever record.header.checkpoint_every says), so a replay names the field
// at the exact frame.
Status record_first_run(const GameFactory& make, RecordOptions record,
                        const std::filesystem::path& session);

// A second run: `session` replayed and verified by a new game from `make`, in this process, the
// heap perturbed in `order` before the game is made and before every frame. nullopt when every
// frame agrees.
Result<std::optional<DeterminismFinding>> replay_perturbed(const std::filesystem::path& session,
                                                           const GameFactory& make,
                                                           HeapOrder order);

// A verified replay's divergence as lines: the exact frame's differences, then its checkpoint's,
// none twice.
std::vector<std::string> divergence_lines(const ReplayReport& report);

}  // namespace framecheck
