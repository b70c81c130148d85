// `framecheck explore`: generated play that hunts for exceptions, crashes, non-finite numbers,
// broken invariants and hangs. Each run plays input drawn from the seed over what the game reads,
// in a child process; each finding is shrunk to the shortest input that still shows it and
// written to its own folder: input.jsonl, a session of the frames before it, and finding.txt.
// `--check input.jsonl` runs one such input again: a finding kept as a regression test.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "parsed.hpp"

namespace framecheck::cli {

struct ExploreCommandOptions {
  std::string game;
  std::int64_t runs = 100;    // runs of generated play
  std::int64_t frames = 600;  // frames a run
  std::uint64_t seed = 1;     // what the input is drawn from: the same seed finds the same things
  std::string out = "framecheck-findings";  // a new or empty folder for the findings
  double time_limit = 0;                    // seconds after which no run starts; 0 for none
  double hang_ms = 2000;                    // a frame still running after this long is a hang
  std::int64_t jobs = 1;                    // runs at once: the same findings for any number
  std::string check;                        // an input script to run once instead of exploring
  bool progress = true;
  bool twin = true;  // a twin beside each run, for nondeterminism (--no-twin: none)
  bool guided = false;
  std::uint64_t shard = 0, shards = 1;  // --shard K/N, 0-based  // runs from the snapshots of
                                        // rarely chosen cells (--guided)
};

// Parses the arguments after `explore` (argv[0] is its name).
Parsed<ExploreCommandOptions> parse_explore(int argc, const char* const* argv);

// 0 when nothing is found, 1 with findings (each written and listed), 2 for bad input.
//   framecheck explore --game arena --runs 300 --frames 600 --seed 1 --jobs 2 --out findings
//   framecheck explore --game arena --check findings/01-exception-frame/input.jsonl
int run_explore(const ExploreCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
