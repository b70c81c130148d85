// `framecheck check-determinism`: a game run on the same inputs five times, every frame's
// checksum (world and declared game state) compared with the first run's: a second run in the
// same process, one in zero-filled storage, one with the heap perturbed and the game's storage
// refilled, and one in another process; and with --rollback N, a run that restores the state N
// frames back after every frame and simulates them again. Each run changes one more thing, and
// the first in that order that differs names what the game depends on.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "parsed.hpp"

namespace framecheck::cli {

// The frames check-determinism runs when neither --frames nor a --session says.
inline constexpr std::int64_t kCheckFrames = 600;
// The farthest --rollback goes back: a rollback netcode's window is a few frames, and the check
// costs distance + 1 simulations of every frame.
inline constexpr std::int64_t kMaxRollback = 600;

struct CheckDeterminismOptions {
  std::string game;
  std::int64_t frames = 0;            // 0: a --session's own length, or kCheckFrames
  std::int64_t fps = 0;               // 0: the game's (RunSpec)
  std::optional<std::uint64_t> seed;  // unset: the game's (RunSpec)
  int width = 0;                      // 0: the game's surface
  int height = 0;
  std::string script;   // an input script, or
  std::string session;  // a session whose header and inputs are run
  std::vector<std::string> debug;
  // With N > 0, one more run: after every frame from N on, the state N frames back restored and
  // those frames simulated again (check_rollback), which finds state the declaration misses.
  std::int64_t rollback = 0;
};

// Parses the arguments after `check-determinism` (argv[0] is its name).
Parsed<CheckDeterminismOptions> parse_check_determinism(int argc, const char* const* argv);

// 0 when every run agrees on every frame; 1 naming the first frame that differs and its first
// differing actor or game-state field with both values; 2 for bad input.
//   framecheck check-determinism --game arena --frames 1800 --script input.jsonl
//   framecheck check-determinism --game arena --rollback 8
int run_check_determinism(const CheckDeterminismOptions& options, std::ostream& out,
                          std::ostream& err);

}  // namespace framecheck::cli
