// `framecheck report`: one HTML page for any suite's run.
#pragma once

#include <iosfwd>

#include "cli_options.hpp"

namespace framecheck::cli {

// Reads the JUnit XML, copies each golden case's picture and each failing golden's expected,
// actual and diff pictures beside the page, replays each session with --verify for its plot,
// and writes OUT/index.html. 0 when everything passed, 1 when a case failed or a session
// diverged (the page is written either way), 2 for bad input.
int run_report(const ReportCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
