// `framecheck replay FILE`: a session re-run headlessly, verified, inspected, plotted.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "parsed.hpp"

namespace framecheck::cli {

// `framecheck replay FILE [--clip FROM:TO OUT.png]`: a session re-run headlessly.
struct ReplayCommandOptions {
  std::string file;
  bool verify = false;
  std::int64_t at = 0;            // print readings and metrics at this frame; 0 for none
  bool json = false;              // --at as JSON
  std::vector<std::string> pngs;  // "FRAME:OUT.png", each rendered with its overlay
  std::string metrics_csv;
  std::string plot;
  bool progress = true;            // on stderr, when it is a terminal and the replay is long
  bool log = false;                // print the panel as text once per simulated second
  std::vector<std::string> debug;  // --debug= lists, as given
  std::string perturb_heap;        // "", "rising" or "falling": as check-determinism does
  std::string clip;                // "FROM:TO": those frames as an animated PNG, into clip_out
  std::string clip_out;
  std::int64_t from = 0;  // start at the last keyframe at or before this frame; 0: see run_replay
  unsigned jobs = 1;  // --verify's threads, over the stretches between keyframes (parsed: cores)
};

// Parses the arguments after `replay` (argv[0] is "replay").
Parsed<ReplayCommandOptions> parse_replay(int argc, const char* const* argv);

// Returns 0, 1 when --verify finds a divergence, 2 on bad input (the message names the file,
// the line and the problem).
int run_replay(const ReplayCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
