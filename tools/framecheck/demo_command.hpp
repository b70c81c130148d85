// `framecheck demo`: a game run live with the overlay on.
#pragma once

#include <iosfwd>

#include "cli_options.hpp"

namespace framecheck::cli {

// Runs the demo; prints the panel to out and problems to err. Returns the exit status.
int run_demo(const DemoOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
