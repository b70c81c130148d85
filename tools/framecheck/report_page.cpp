#include "report_page.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <utility>

namespace framecheck::cli {
namespace {

// Dark page, light text. Contrast on #121418 (and on the #1c1f26 of <pre>): text 15.0:1
// (13.4), muted 8.7:1 (7.8), links 9.1:1 (8.2), passed 11.0:1 (9.9), failed 8.4:1 (7.5),
// skipped 12.7:1 (11.4): all above WCAG AA's 4.5:1.
constexpr std::string_view kStyle = R"(
body { background: #121418; color: #e6e8ec; font: 15px/1.5 system-ui, sans-serif;
       margin: 2em auto; max-width: 1700px; padding: 0 1em; }
h1, h2, h3 { font-weight: 600; overflow-wrap: anywhere; }
h2 { margin-top: 2em; border-bottom: 1px solid #3a3f4a; }
a { color: #8cb8ff; }
pre, code { background: #1c1f26; white-space: pre-wrap; overflow-wrap: anywhere; }
pre { padding: .8em; }
code { padding: .1em .3em; }
img { max-width: 100%; height: auto; border: 1px solid #3a3f4a; background: #000; display: block; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
td, th { text-align: left; padding: .2em .6em; border-bottom: 1px solid #2a2e37;
         overflow-wrap: anywhere; vertical-align: top; }
th.verdict, td.verdict { width: 6em; } th.time, td.time { width: 6em; }
td.time { text-align: right; font-variant-numeric: tabular-nums; }
.passed { color: #7ddc9a; } .failed { color: #ff8f87; } .skipped { color: #f2d479; }
.muted, figcaption { color: #aab3bf; }
.row { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(240px, 100%), 1fr));
       gap: 1em; }
.gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(280px, 100%), 1fr));
           gap: 1em; }
figure { margin: 0; min-width: 0; }
figcaption { overflow-wrap: anywhere; }
.controls { display: flex; flex-wrap: wrap; gap: 1em; align-items: center; position: sticky;
            top: 0; background: #121418; padding: .5em 0; z-index: 1; }
.controls input[type=search] { flex: 1 1 16em; min-width: 0; background: #1c1f26; color: #e6e8ec;
                               border: 1px solid #3a3f4a; padding: .3em .5em; font: inherit; }
.swipe { position: relative; display: inline-block; max-width: 100%; }
.swipe img.over { position: absolute; top: 0; left: 0; width: 100%; height: 100%;
                  clip-path: inset(0 50% 0 0); }
.swipe-box { display: inline-block; max-width: 100%; }
.swipe-control { width: 100%; display: block; }
.broken { outline: 3px solid #ff8f87; }
.broken-note { color: #ff8f87; }
[hidden] { display: none !important; }
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
// Show failed, passed or all, and only what the search matches (case names, golden names).
const search = document.getElementById('search');
const filter = () => {
  const show = document.querySelector('input[name=show]:checked').value;
  const words = search.value.toLowerCase().split(/\s+/).filter(w => w);
  let shown = 0;
  const items = document.querySelectorAll('.item');
  for (const item of items) {
    const verdict = show === 'all' || item.dataset.verdict === show;
    const text = item.dataset.search;
    const visible = verdict && words.every(w => text.includes(w));
    item.hidden = !visible;
    shown += visible && item.dataset.count === '1';
  }
  document.getElementById('shown').textContent = shown + ' shown';
};
for (const input of document.querySelectorAll('input[name=show]')) input.addEventListener('change', filter);
search.addEventListener('input', filter);
filter();
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

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The attributes the filters read: what a filter by verdict and the search box match.
std::string item_attributes(const ReportCase& c, bool counted) {
  std::string words = c.outcome.display();
  for (const ReportGolden& g : c.goldens)
    words += " " + g.suite + "/" + g.name;
  return " class=\"item\" data-verdict=\"" + std::string(verdict_class(c.outcome.verdict)) +
         "\" data-count=\"" + (counted ? "1" : "0") + "\" data-search=\"" +
         html_escape(lower(words)) + "\"";
}

void failing_golden(std::string& page, const ReportCase& c, const ReportGolden& g,
                    std::size_t index) {
  const std::string id = "swipe-" + std::to_string(index);
  page += "<section" + item_attributes(c, false) + ">\n<h3 class=\"failed\">" +
          html_escape(c.outcome.display()) + ": " + html_escape(g.suite + "/" + g.name) +
          " differs from its golden</h3>\n";
  if (!g.summary.empty()) page += "<p>" + html_escape(g.summary) + "</p>\n";
  page += "<div class=\"row\">\n";
  if (!g.expected.empty()) page += figure(g.expected, "expected (the golden)");
  page += figure(g.actual, "actual (this run)");
  if (!g.diff.empty()) page += figure(g.diff, "diff (differing pixels in red)");
  page += "</div>\n";
  if (!g.expected.empty()) {
    // Expected underneath, actual over it, cut at the slider: drag to swipe between the two.
    page +=
        "<p class=\"muted\">Swipe between expected (right of the cut) and actual (left):</p>\n"
        "<div class=\"swipe-box\"><div class=\"swipe\"><img src=\"" +
        html_escape(g.expected) + "\" alt=\"expected\"><img class=\"over\" id=\"" + id +
        "\" src=\"" + html_escape(g.actual) +
        "\" alt=\"actual\"></div>\n<input class=\"swipe-control\" type=\"range\" min=\"0\" "
        "max=\"100\" value=\"50\" data-target=\"" +
        id + "\" aria-label=\"swipe between expected and actual\"></div>\n";
  }
  if (!g.accept.empty())
    page += "<p>If the new frame is right, accept it: <code class=\"accept\">" +
            html_escape(g.accept) + "</code></p>\n";
  if (!c.outcome.message.empty()) page += "<pre>" + html_escape(c.outcome.message) + "</pre>\n";
  page += "</section>\n";
}

// A table of testcases, each row (and its failure's text) one item for the filters.
void table(std::string& page, const std::vector<const ReportCase*>& rows, const char* heading) {
  page += "<table>\n<tr><th>" + std::string(heading) +
          "</th><th class=\"verdict\">result</th><th class=\"time\">time</th></tr>\n";
  for (const ReportCase* c : rows) {
    const char* verdict = verdict_class(c->outcome.verdict);
    page += "<tbody" + item_attributes(*c, true) + "><tr><td>" + html_escape(c->outcome.display()) +
            "</td><td class=\"verdict " + verdict + "\">" + verdict + "</td><td class=\"time\">" +
            seconds_text(c->outcome.seconds) + "</td></tr>\n";
    const bool pictured =
        std::any_of(c->goldens.begin(), c->goldens.end(),
                    [](const ReportGolden& g) { return g.failed && !g.actual.empty(); });
    if (c->outcome.verdict == CaseOutcome::Verdict::kFailed && !pictured &&
        !c->outcome.message.empty()) {
      page +=
          "<tr><td colspan=\"3\"><pre>" + html_escape(c->outcome.message) + "</pre></td></tr>\n";
    }
    page += "</tbody>\n";
  }
  page += "</table>\n";
}

std::string counts(const std::vector<const ReportCase*>& rows, const char* noun) {
  std::size_t passed = 0, failed = 0, skipped = 0;
  double seconds = 0;
  for (const ReportCase* c : rows) {
    seconds += c->outcome.seconds;
    passed += c->outcome.verdict == CaseOutcome::Verdict::kPassed;
    failed += c->outcome.verdict == CaseOutcome::Verdict::kFailed;
    skipped += c->outcome.verdict == CaseOutcome::Verdict::kSkipped;
  }
  return "<p class=\"" + std::string(failed > 0 ? "failed" : "passed") + "\">" +
         std::to_string(rows.size()) + " " + noun + ": " + std::to_string(passed) + " passed, " +
         std::to_string(failed) + " failed, " + std::to_string(skipped) + " skipped, in " +
         seconds_text(seconds) + ".</p>\n";
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
  std::vector<const ReportCase*> cases, session_tests, other_tests;
  for (const ReportCase& c : model.cases) {
    (c.outcome.kind == CaseOutcome::Kind::kCase      ? cases
     : c.outcome.kind == CaseOutcome::Kind::kSession ? session_tests
                                                     : other_tests)
        .push_back(&c);
  }
  std::string page =
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>" +
      html_escape(model.title) + "</title>\n<style>" + std::string(kStyle) +
      "</style></head>\n<body>\n<h1>" + html_escape(model.title) + "</h1>\n";
  page +=
      "<div class=\"controls\" role=\"search\">"
      "<label><input type=\"radio\" name=\"show\" value=\"failed\"> failed</label>"
      "<label><input type=\"radio\" name=\"show\" value=\"passed\"> passed</label>"
      "<label><input type=\"radio\" name=\"show\" value=\"all\" checked> all</label>"
      "<input type=\"search\" id=\"search\" placeholder=\"search cases and goldens\" "
      "aria-label=\"search cases and goldens\"><span id=\"shown\" class=\"muted\"></span></div>\n";

  page += "<h2>Cases</h2>\n" + counts(cases, "cases");
  std::size_t index = 0;
  for (const ReportCase* c : cases) {
    for (const ReportGolden& g : c->goldens) {
      if (g.failed && !g.actual.empty()) failing_golden(page, *c, g, index++);
    }
  }
  table(page, cases, "case");

  // The goldens, by the folder they live in: a suite's pictures together.
  std::map<std::string, std::vector<std::pair<const ReportCase*, const ReportGolden*>>> by_suite;
  for (const ReportCase* c : cases) {
    for (const ReportGolden& g : c->goldens) {
      if (!g.golden.empty()) by_suite[g.suite].emplace_back(c, &g);
    }
  }
  if (!by_suite.empty()) page += "<h2>Goldens</h2>\n";
  for (const auto& [suite, goldens] : by_suite) {
    page += "<h3>" + html_escape(suite) + "</h3>\n<div class=\"gallery\">\n";
    for (const auto& [c, g] : goldens) {
      std::string fig = figure(g->golden, c->outcome.display() + " (" + g->name + ".png)");
      page += "<div" + item_attributes(*c, false) + ">" + fig + "</div>\n";
    }
    page += "</div>\n";
  }

  if (!session_tests.empty() || !model.sessions.empty()) page += "<h2>Sessions</h2>\n";
  if (!session_tests.empty()) {
    page += counts(session_tests, "session tests");
    table(page, session_tests, "session test");
  }
  for (const ReportSession& s : model.sessions) {
    const std::string verdict = s.matched ? "passed" : "failed";
    page += "<section class=\"item\" data-verdict=\"" + verdict +
            "\" data-count=\"1\" data-search=\"" + html_escape(lower(s.name)) +
            "\">\n<h3>Session " + html_escape(s.name) + "</h3>\n<p class=\"" + verdict + "\">" +
            html_escape(s.summary) + "</p>\n";
    if (!s.details.empty()) {
      page += "<pre>";
      for (const std::string& d : s.details)
        page += html_escape(d) + "\n";
      page += "</pre>\n";
    }
    if (!s.clip.empty()) page += figure(s.clip, s.clip_caption);
    if (!s.plot.empty()) page += figure(s.plot, "frame times of " + s.name);
    page += "</section>\n";
  }

  if (!model.findings.empty()) page += "<h2>Findings</h2>\n";
  for (const ReportFinding& f : model.findings) {
    std::string by;
    for (const std::string& b : f.found_by)
      by += (by.empty() ? "" : ", ") + b;
    page += "<section class=\"item\" data-verdict=\"failed\" data-count=\"1\" data-search=\"" +
            html_escape(lower(f.line)) + "\">\n<h3 class=\"failed\">" + html_escape(f.line) +
            "</h3>\n<p>found by " + html_escape(by) + "; <a href=\"" + html_escape(f.input) +
            "\">input</a>";
    if (!f.session.empty()) page += ", <a href=\"" + html_escape(f.session) + "\">session</a>";
    page += ", <a href=\"" + html_escape(f.text) + "\">what was found</a></p>\n";
    if (!f.replay.empty()) page += "<pre>" + html_escape(f.replay) + "</pre>\n";
    page += "</section>\n";
  }

  if (!other_tests.empty()) {
    page += "<h2>Other tests</h2>\n" + counts(other_tests, "tests");
    table(page, other_tests, "test");
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
