// `framecheck check-determinism`: a game run twice on the same inputs, every frame's checksum
// (world and declared game state) compared: a second run in the same process after the first,
// with the heap perturbed between its frames, and a second process.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "parsed.hpp"

namespace framecheck::cli {

struct CheckDeterminismOptions {
  std::string game;
  std::int64_t frames = 600;          // with --session, at most the session's frames
  std::int64_t fps = 0;               // 0: the game's (RunSpec)
  std::optional<std::uint64_t> seed;  // unset: the game's (RunSpec)
  int width = 0;                      // 0: the game's surface
  int height = 0;
  std::string script;   // an input script, or
  std::string session;  // a session whose header and inputs are run
  std::vector<std::string> debug;
};

// Parses the arguments after `check-determinism` (argv[0] is its name).
Parsed<CheckDeterminismOptions> parse_check_determinism(int argc, const char* const* argv);

// 0 when every run agrees on every frame; 1 naming the first frame that differs and its first
// differing actor or game-state field with both values; 2 for bad input.
//   framecheck check-determinism --game arena --frames 1800 --script input.jsonl
int run_check_determinism(const CheckDeterminismOptions& options, std::ostream& out,
                          std::ostream& err);

}  // namespace framecheck::cli
