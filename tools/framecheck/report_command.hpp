// `framecheck report`: one HTML page for any suite's run.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "parsed.hpp"

namespace framecheck::cli {

// `framecheck report`: one HTML page from any suite's JUnit XML, artifacts, goldens and sessions.
struct ReportCommandOptions {
  std::vector<std::string> junit;     // one or more --gtest_output=xml files
  std::string golden_dir;             // where the goldens are (<suite>/<case>.png); optional
  std::string artifacts_dir;          // where failing cases left their pictures; optional
  std::vector<std::string> sessions;  // replayed with --verify, with their plots
  std::vector<std::string> pictures;  // further PNGs to show (chosen frames, a live run's last)
  std::vector<std::string> findings;  // explore --out folders (a shard's each), merged
  std::string out;                    // the folder written: index.html and the pictures
  std::string title = "framecheck report";
};

// Parses the arguments after `report` (argv[0] is "report").
Parsed<ReportCommandOptions> parse_report(int argc, const char* const* argv);

// Reads the JUnit XML, copies each golden case's picture and each failing golden's expected,
// actual and diff pictures beside the page, replays each session with --verify for its plot,
// merges the findings of explore's folders (one bug once, whichever shards found it), and writes
// OUT/index.html. 0 when everything passed, 1 when a case failed, a session diverged or a finding
// was made (the page is written either way), 2 for bad input.
int run_report(const ReportCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
