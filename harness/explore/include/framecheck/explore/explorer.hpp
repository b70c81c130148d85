// explore: generated play, run after run, each run a child process watched for findings; each
// finding shrunk and kept once per bug. What `framecheck explore` runs.
//   ExploreResult r = explore(kite_factory(), {.runs = 300, .frames = 600, .seed = 1});
//   for (const Explored& e : r.findings) std::cout << describe(e.finding) << '\n';
#pragma once

#include <cstdint>
#include <framecheck/explore/finding.hpp>
#include <framecheck/explore/probe.hpp>
#include <framecheck/explore/shrink.hpp>
#include <functional>
#include <vector>

namespace framecheck {

struct ExploreOptions {
  std::uint64_t runs = 100;    // runs of generated play
  std::uint64_t frames = 600;  // frames a run
  std::uint64_t seed = 1;      // run i plays the input drawn from (seed, i)
  double hang_ms = 2000;       // a frame still running after this long is a hang
  double time_limit_s = 0;     // stop starting runs after this long; 0 for no limit
  RunEdit run;                 // changes to the game's own RunSpec
  bool isolate = true;         // each run in a child process (crashes and hangs survive)
  bool twin = true;            // each run beside a twin on its input, for nondeterminism
  // Guided (Go-Explore): each run restores the snapshot of a rarely chosen cell (cell.hpp) the
  // exploration reached and plays `frames` on from there; one run at a time, and no twin in the
  // search (a finding is confirmed from frame 1 with it). Off: every run from frame 1.
  bool guided = false;
  // One shard of `shards` (0-based): runs shard, shard + shards, ... of the exploration's; guided,
  // an archive and a seed of its own. Shards of one exploration never play the same run.
  std::uint64_t shard = 0;
  std::uint64_t shards = 1;
  std::uint64_t jobs = 1;  // runs at once when isolated; the findings are the same for any number
  std::uint64_t shrink_probes = 2000;  // the most tries shrinking a finding may take
  // After each run: runs done, findings so far (kept once per bug), cells reached (guided).
  std::function<void(std::uint64_t runs_done, std::size_t findings, std::size_t cells)> progress;
};

// A finding, shrunk, and the run that found it.
struct Explored {
  Finding finding;        // as the shrunk input shows it
  Finding first_seen;     // as the run's whole input showed it
  InputScript input;      // the shrunk input, from frame 1
  std::uint64_t run = 0;  // which run found it (its input is drawn from (seed, run))
  std::uint64_t events_before = 0, events_after = 0;  // the run's events, and the shrunk input's
  std::uint64_t shrink_probes = 0;
};

struct ExploreResult {
  std::uint64_t runs = 0;          // runs done (fewer than asked when the time limit stopped it)
  std::vector<Explored> findings;  // in the order first found, one per bug
  std::size_t cells = 0;           // guided: the places the archive holds
  double seconds = 0;              // wall-clock time of the whole exploration
};

// The input of run `run` of an exploration with `seed`: what explore plays, reproducible alone.
InputScript explored_input(const InputAlphabet& alphabet, Vec2 area, std::uint64_t frames,
                           std::uint64_t seed, std::uint64_t run);

ExploreResult explore(const SimulationFactory& make, const ExploreOptions& options);

}  // namespace framecheck
