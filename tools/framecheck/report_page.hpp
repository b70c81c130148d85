// The HTML of `framecheck report`: a pure function of what the report found, so that the page's
// structure is tested without a browser and the browser test checks only what a browser adds.
#pragma once

#include <string>
#include <vector>

#include "junit_results.hpp"

namespace framecheck::cli {

// One case on the page. Picture paths are relative to the page; empty where there is none.
struct ReportCase {
  CaseOutcome outcome;
  std::string golden;    // the golden picture of a golden case
  std::string expected;  // a failing golden case's pictures, from the artifacts folder
  std::string actual;
  std::string diff;
};

// One replayed session.
struct ReportSession {
  std::string name;
  bool matched = false;              // verified with every checkpoint matching
  std::string summary;               // "1800 frames, 30 checkpoints, all match"
  std::vector<std::string> details;  // each divergence, or the reason it could not replay
  std::string plot;                  // its frame-time plot, relative to the page
};

struct ReportModel {
  std::string title = "framecheck report";
  std::vector<std::string> sources;  // the JUnit files read, for the page's footer
  std::vector<ReportCase> cases;
  std::vector<ReportSession> sessions;
  std::vector<std::string> pictures;  // further pictures, relative to the page
};

// The whole page. Text is escaped; colours meet WCAG AA on the page's background; a script that
// runs on load marks any picture that did not load and reports it on the console.
std::string render_report_html(const ReportModel& model);

// Text made safe for HTML.
std::string html_escape(std::string_view text);

}  // namespace framecheck::cli
