// Guided exploration (explore with `guided`): an archive of cells, each the first snapshot of a
// place a run reached and the input that reached it; each run restores a rarely chosen one in a
// child process and plays on from there on generated input. Go-Explore's loop, with the game's
// own snapshots as its return.
#pragma once

#include <cstdint>
#include <framecheck/explore/explorer.hpp>
#include <functional>
#include <optional>

namespace framecheck {

// The seed of run `run` of an exploration with `seed`.
std::uint64_t run_seed(std::uint64_t seed, std::uint64_t run);

// What a guided exploration hands on for each run, in run order: the whole input from frame 1
// to the end of the run, and the finding it met (its frame counted from frame 1).
using TakeRun = std::function<void(std::uint64_t run, const InputScript& input,
                                   const std::optional<Finding>& found, std::size_t cells)>;

// Runs options.runs guided runs (fewer when `time_up` says so); returns the cells found.
std::size_t explore_guided(const SimulationFactory& make, const ExploreOptions& options,
                           const InputAlphabet& alphabet, Vec2 area,
                           const std::function<bool()>& time_up, const TakeRun& take);

}  // namespace framecheck
