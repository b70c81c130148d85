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
#include <framecheck/sim/game_factory.hpp>
#include <framecheck/sim/simulation.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

// Where a second run first differs from the first, and every way it does at that frame: the
// checksum, the game field and, from the checkpoint there, the actor field with both values.
struct DeterminismFinding {
  std::uint64_t frame = 0;
  std::vector<std::string> differences;  // "frame 12: actor 3 (red) x: recorded 1, replayed 2"
};

// The runs a determinism check compares with its first, in order. Each changes one more thing,
// so the first that differs says what the game depends on; a later one may differ for the same
// reason, sooner or later, and says nothing more (the verdict calls it not attributable).
enum class SecondRun {
  kSameProcess,  // a new game in the same process, made and run as the first was
  kZeroFilled,   // a new game in zero-filled storage, as value-initialisation would leave it
  kHeapFalling,  // a new game, the heap perturbed (falling address order), its storage refilled
  kHeapRising,   // the same, rising: what check-determinism's run in another process does
};

// What each run is, as the checks' output names it: "a second run in this process".
const char* run_name(SecondRun run);
// What a difference in that run most likely means, and where to look.
const char* likely_cause(SecondRun run);
// The likely cause of a difference that only a run in another process found.
inline constexpr const char* kOtherProcessCause =
    "something of the process: an environment variable, the clock, the process id, an address "
    "that differs between processes, or a thread's timing";

// The byte a game that make_game builds is filled with in the first run (and the same-process
// run, which changes nothing else): 1, the one non-zero byte every compiler reads as a `true`
// bool, so that a flag never initialised reads true there and false in the zero-filled run.
// The perturbed runs' bytes are others again, so any member never initialised differs.
inline constexpr std::uint8_t kFirstRunFill = 0x01;
std::uint8_t perturbed_fill(HeapOrder order);

// A factory whose simulations are made as a perturbed run makes them: the heap perturbed in
// `order` first (so memory a game leaves uninitialised holds the pattern whatever its factory),
// in storage filled with perturbed_fill(order) where make_simulation or make_game takes it.
SimulationFactory perturbed(SimulationFactory make, HeapOrder order);
// A factory whose simulations are made in storage filled with `byte`.
SimulationFactory filled(SimulationFactory make, std::uint8_t byte);

// The first run: a game from `make` run as `record` says, recorded to `session` with a checkpoint
// after every frame (whatever record.header.checkpoint_every says), so a replay names the field
// at the exact frame.
Status record_first_run(const GameFactory& make, RecordOptions record,
                        const std::filesystem::path& session);
// The same for a game on its own engine (its storage filled where make_simulation made it).
Status record_first_run(const SimulationFactory& make, RecordOptions record,
                        const std::filesystem::path& session);

// A second run in this process: `session` replayed and verified by a new game from `make`, made
// and run as `run` says (perturbed runs perturb the heap before the game is made and before every
// frame; the zero-filled run fills the storage make_game takes with 0). nullopt when every frame
// agrees.
Result<std::optional<DeterminismFinding>> replay_second_run(const std::filesystem::path& session,
                                                            const GameFactory& make, SecondRun run);
Result<std::optional<DeterminismFinding>> replay_second_run(const std::filesystem::path& session,
                                                            const SimulationFactory& make,
                                                            SecondRun run);

// A verified replay's divergence as lines: the exact frame's differences, then its checkpoint's,
// none twice.
std::vector<std::string> divergence_lines(const ReplayReport& report);

}  // namespace framecheck
