// `framecheck record`: a live run of a catalog game, written as a session.
#pragma once

#include <iosfwd>

#include "cli_options.hpp"

namespace framecheck::cli {

// Returns 0 when the session is written, 2 on bad input (an unknown game, a bad input script,
// an unwritable output).
int run_record(const RecordCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
