#include "report_page.hpp"

#include <algorithm>
#include <cstdio>

namespace framecheck::cli {
namespace {

// Dark page, light text. Contrast on #121418 (and on the #1c1f26 of <pre>): text 15.0:1
// (13.4), muted 8.7:1 (7.8), links 9.1:1 (8.2), passed 11.0:1 (9.9), failed 8.4:1 (7.5),
// skipped 12.7:1 (11.4): all above WCAG AA's 4.5:1.
constexpr std::string_view kStyle = R"(
body { background: #121418; color: #e6e8ec; font: 15px/1.5 system-ui, sans-serif;
       margin: 2em auto; max-width: 1700px; padding: 0 1em; }
h1, h2, h3 { font-weight: 600; }
h2 { margin-top: 2em; border-bottom: 1px solid #3a3f4a; }
a { color: #8cb8ff; }
pre { background: #1c1f26; padding: .8em; overflow: auto; white-space: pre-wrap; }
img { max-width: 100%; border: 1px solid #3a3f4a; background: #000; display: block; }
table { border-collapse: collapse; width: 100%; }
td, th { text-align: left; padding: .2em .6em; border-bottom: 1px solid #2a2e37; }
td.time { text-align: right; font-variant-numeric: tabular-nums; }
.passed { color: #7ddc9a; } .failed { color: #ff8f87; } .skipped { color: #f2d479; }
.muted, figcaption { color: #aab3bf; }
.row { display: grid; grid-template-columns: repeat(3, 1fr); gap: 1em; }
.gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 1em; }
figure { margin: 0; }
.swipe { position: relative; display: inline-block; max-width: 100%; }
.swipe img.over { position: absolute; top: 0; left: 0; clip-path: inset(0 50% 0 0); }
.swipe-box { display: inline-block; max-width: 100%; }
.swipe-control { width: 100%; display: block; }
.broken { outline: 3px solid #ff8f87; }
.broken-note { color: #ff8f87; }
)";

// Marks every picture that did not load, says so on the console, and records the counts on
// <body> for whoever checks the page; and drives each expected/actual swipe.
constexpr std::string_view kScript = R"(
window.addEventListener('load', () => {
  let broken = 0;
  const images = document.querySelectorAll('img');
  for (const img of images) {
    if (!img.complete || img.naturalWidth === 0) {
      broken++;
      img.classList.add('broken');
      const note = document.createElement('p');
      note.className = 'broken-note';
      note.textContent = 'missing picture: ' + img.getAttribute('src');
      img.after(note);
      console.error('framecheck report: a picture did not load: ' + img.getAttribute('src'));
    }
  }
  document.body.dataset.imagesChecked = String(images.length);
  document.body.dataset.imagesBroken = String(broken);
});
for (const control of document.querySelectorAll('.swipe-control')) {
  const over = document.getElementById(control.dataset.target);
  const apply = () => { over.style.clipPath = 'inset(0 ' + (100 - control.value) + '% 0 0)'; };
  control.addEventListener('input', apply);
  apply();
}
)";

const char* verdict_class(CaseOutcome::Verdict v) {
  switch (v) {
    case CaseOutcome::Verdict::kPassed:
      return "passed";
    case CaseOutcome::Verdict::kFailed:
      return "failed";
    case CaseOutcome::Verdict::kSkipped:
      return "skipped";
  }
  return "";
}

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f s", s);
  return buf;
}

std::string figure(const std::string& src, const std::string& caption) {
  return "<figure><a href=\"" + html_escape(src) + "\"><img src=\"" + html_escape(src) +
         "\" alt=\"" + html_escape(caption) + "\" loading=\"eager\"></a><figcaption>" +
         html_escape(caption) + "</figcaption></figure>\n";
}

void failing_golden(std::string& page, const ReportCase& c, std::size_t index) {
  const std::string id = "swipe-" + std::to_string(index);
  page += "<h3 class=\"failed\">" + html_escape(c.outcome.suite + "." + c.outcome.name) +
          ": differs from its golden</h3>\n<div class=\"row\">\n";
  if (!c.expected.empty()) page += figure(c.expected, "expected (the golden)");
  page += figure(c.actual, "actual (this run)");
  if (!c.diff.empty()) page += figure(c.diff, "diff (differing pixels in red)");
  page += "</div>\n";
  if (!c.expected.empty()) {
    // Expected underneath, actual over it, cut at the slider: drag to swipe between the two.
    page +=
        "<p class=\"muted\">Swipe between expected (right of the cut) and actual (left):</p>\n"
        "<div class=\"swipe-box\"><div class=\"swipe\"><img src=\"" +
        html_escape(c.expected) + "\" alt=\"expected\"><img class=\"over\" id=\"" + id +
        "\" src=\"" + html_escape(c.actual) +
        "\" alt=\"actual\"></div>\n<input class=\"swipe-control\" type=\"range\" min=\"0\" "
        "max=\"100\" value=\"50\" data-target=\"" +
        id + "\" aria-label=\"swipe between expected and actual\"></div>\n";
  }
  if (!c.outcome.message.empty()) page += "<pre>" + html_escape(c.outcome.message) + "</pre>\n";
}

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string render_report_html(const ReportModel& model) {
  std::size_t passed = 0, failed = 0, skipped = 0;
  double seconds = 0;
  for (const ReportCase& c : model.cases) {
    seconds += c.outcome.seconds;
    passed += c.outcome.verdict == CaseOutcome::Verdict::kPassed;
    failed += c.outcome.verdict == CaseOutcome::Verdict::kFailed;
    skipped += c.outcome.verdict == CaseOutcome::Verdict::kSkipped;
  }
  std::string page = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
                     html_escape(model.title) + "</title>\n<style>" + std::string(kStyle) +
                     "</style></head>\n<body>\n<h1>" + html_escape(model.title) + "</h1>\n";

  page += "<h2>Cases</h2>\n<p class=\"" + std::string(failed > 0 ? "failed" : "passed") + "\">" +
          std::to_string(model.cases.size()) + " cases: " + std::to_string(passed) + " passed, " +
          std::to_string(failed) + " failed, " + std::to_string(skipped) + " skipped, in " +
          seconds_text(seconds) + ".</p>\n";
  std::size_t index = 0;
  for (const ReportCase& c : model.cases) {
    if (c.outcome.verdict == CaseOutcome::Verdict::kFailed && !c.actual.empty())
      failing_golden(page, c, index++);
  }
  page += "<table>\n<tr><th>case</th><th>result</th><th>time</th></tr>\n";
  for (const ReportCase& c : model.cases) {
    const char* verdict = verdict_class(c.outcome.verdict);
    page += "<tr><td>" + html_escape(c.outcome.suite + "." + c.outcome.name) + "</td><td class=\"" +
            verdict + "\">" + verdict + "</td><td class=\"time\">" +
            seconds_text(c.outcome.seconds) + "</td></tr>\n";
    if (c.outcome.verdict == CaseOutcome::Verdict::kFailed && c.actual.empty() &&
        !c.outcome.message.empty()) {
      page += "<tr><td colspan=\"3\"><pre>" + html_escape(c.outcome.message) + "</pre></td></tr>\n";
    }
  }
  page += "</table>\n";

  const bool any_golden = std::any_of(model.cases.begin(), model.cases.end(),
                                      [](const ReportCase& c) { return !c.golden.empty(); });
  if (any_golden) {
    page += "<h2>Goldens</h2>\n<div class=\"gallery\">\n";
    for (const ReportCase& c : model.cases) {
      if (!c.golden.empty()) page += figure(c.golden, c.outcome.suite + "." + c.outcome.name);
    }
    page += "</div>\n";
  }

  for (const ReportSession& s : model.sessions) {
    page += "<h2>Session " + html_escape(s.name) + "</h2>\n<p class=\"" +
            std::string(s.matched ? "passed" : "failed") + "\">" + html_escape(s.summary) +
            "</p>\n";
    if (!s.details.empty()) {
      page += "<pre>";
      for (const std::string& d : s.details)
        page += html_escape(d) + "\n";
      page += "</pre>\n";
    }
    if (!s.plot.empty()) page += figure(s.plot, "frame times of " + s.name);
  }

  if (!model.pictures.empty()) {
    page += "<h2>Pictures</h2>\n<div class=\"gallery\">\n";
    for (const std::string& p : model.pictures)
      page += figure(p, p.substr(p.find('/') + 1));
    page += "</div>\n";
  }

  // Appended piece by piece: g++ 12 at -O3 misreads `" " + text` here as an overlapping copy.
  page += "<p class=\"muted\">From";
  for (const std::string& source : model.sources) {
    page += ' ';
    page += html_escape(source);
  }
  page += ".</p>\n<script>";
  page += kScript;
  page += "</script>\n</body></html>\n";
  return page;
}

}  // namespace framecheck::cli
