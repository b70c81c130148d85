// `framecheck record`: a live run of a catalog game, written as a session.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "parsed.hpp"

namespace framecheck::cli {

// `framecheck record`: a live run of a catalog game, kept as a session.
struct RecordCommandOptions {
  std::string game;                   // empty: the catalog's only game
  std::int64_t frames = 0;            // required
  std::string out;                    // required
  std::int64_t fps = 0;               // 0: the game's (RunSpec)
  std::optional<std::uint64_t> seed;  // unset: the game's (RunSpec)
  std::string input;                  // an input script; none if empty
  bool realtime = false;
  std::int64_t checkpoint_every = 0;           // frames; 0 means each simulated second (fps)
  std::optional<std::int64_t> keyframe_every;  // frames; unset: about a minute; 0: none
  int width = 0;                               // 0: the game's surface
  int height = 0;
  std::vector<std::string> debug;  // --debug= lists, as given
};

// Parses the arguments after `record` (argv[0] is "record").
Parsed<RecordCommandOptions> parse_record(int argc, const char* const* argv);

// Returns 0 when the session is written, 2 on bad input (an unknown game, a bad input script,
// an unwritable output).
int run_record(const RecordCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
