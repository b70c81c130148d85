// `framecheck diff`: two PNGs compared as pixelmatch 7.2.0 compares them.
#pragma once

#include <iosfwd>

#include "cli_options.hpp"

namespace framecheck::cli {

// Returns 0 within tolerance, 1 when the images differ (a size change included), 2 on bad input.
int run_diff(const DiffCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
