// `framecheck replay FILE`: a session re-run headlessly, verified, inspected, plotted.
#pragma once

#include <iosfwd>

#include "cli_options.hpp"

namespace framecheck::cli {

// Returns 0, 1 when --verify finds a divergence, 2 on bad input (the message names the file,
// the line and the problem).
int run_replay(const ReplayCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
