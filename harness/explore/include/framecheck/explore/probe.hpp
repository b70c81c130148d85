// probe: one headless run of a game on given input, watched for findings after every frame.
#pragma once

#include <atomic>
#include <cstdint>
#include <framecheck/drive/input_script.hpp>
#include <framecheck/explore/finding.hpp>
#include <framecheck/sim/simulation.hpp>
#include <optional>

namespace framecheck {

struct ProbeOptions {
  std::uint64_t frames = 600;  // frames to run
  double hang_ms = 2000;       // a frame still running after this long (wall clock) is a hang
  RunEdit run;                 // changes to the game's own RunSpec
  // A twin of the game plays the same input beside it; the first frame whose checksums differ
  // is nondeterminism. About twice the time a run.
  bool twin = true;
};

// Runs a simulation `make` makes on `input` for `options.frames` frames, in this process, and
// returns the first exception, non-finite number, broken invariant or disagreement with its twin,
// or nullopt when every frame passes. The game's frame samples come from the driver's fixed budget,
// not the clock. Frames done are stored to `progress` as they finish, for a watchdog.
//   std::optional<Finding> f = probe(kite_factory(), input, {.frames = 600});
std::optional<Finding> probe(const SimulationFactory& make, const InputScript& input,
                             const ProbeOptions& options,
                             std::atomic<std::uint64_t>* progress = nullptr);

// probe() in a child process, so that a crash ends the child and not the caller, and a frame
// still running after options.hang_ms is a hang (the child is killed): what explore runs. The
// child is forked, so the factory and input need not be serialisable.
std::optional<Finding> probe_isolated(const SimulationFactory& make, const InputScript& input,
                                      const ProbeOptions& options);

}  // namespace framecheck
