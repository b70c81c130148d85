// The HTML of `framecheck report`: a pure function of what the report found, so that the page's
// structure is tested without a browser and the browser test checks only what a browser adds.
#pragma once

#include <string>
#include <vector>

#include "junit_results.hpp"

namespace framecheck::cli {

// One golden a case checked. Picture paths are relative to the page; empty where there is none.
struct ReportGolden {
  std::string suite;  // the golden's folder, <golden_dir>/<suite>/<name>.png
  std::string name;
  bool failed = false;
  std::string golden;    // the golden itself
  std::string expected;  // a failing golden's pictures, from the artifacts folder
  std::string actual;
  std::string diff;
  std::string summary;  // "changed: 700 of 57600 pixels differ; ..." (from its result)
  std::string accept;   // the command that accepts this run's frame; empty when it passed
};

// One testcase on the page: a case with its goldens, a session's test, or another test.
struct ReportCase {
  CaseOutcome outcome;
  std::vector<ReportGolden> goldens;
};

// One replayed session.
struct ReportSession {
  std::string name;
  bool matched = false;              // verified with every checkpoint matching
  std::string summary;               // "1800 frames, 30 checkpoints, all match"
  std::vector<std::string> details;  // each divergence, or the reason it could not replay
  std::string plot;                  // its frame-time plot, relative to the page
  std::string clip;                  // the frames around its divergence, animated; or empty
  std::string clip_caption;          // "frames 170 to 230, frame 200 framed in red"
};

// One finding of framecheck explore, merged from the folders (shards) that found it.
struct ReportFinding {
  std::string line;                   // "frame 1: not-finite: x is nan"
  std::vector<std::string> found_by;  // the explore folders that found it, in the order given
  std::string input, session, text;   // its files beside the page; session empty if none
  std::string replay;                 // the command that replays it
};

struct ReportModel {
  std::string title = "framecheck report";
  std::vector<std::string> sources;  // the JUnit files read, for the page's footer
  std::vector<ReportCase> cases;     // every testcase of every file, in order
  std::vector<ReportSession> sessions;
  std::vector<std::string> pictures;  // further pictures, relative to the page
  std::vector<ReportFinding> findings;
};

// The whole page: cases, goldens (by suite), sessions and other tests apart, filters (failed,
// passed, all) and a search box. Text is escaped; colours meet WCAG AA on the page's
// background; nothing is wider than the window; a script that runs on load marks any picture
// that did not load and reports it on the console.
std::string render_report_html(const ReportModel& model);

// Text made safe for HTML.
std::string html_escape(std::string_view text);

}  // namespace framecheck::cli
