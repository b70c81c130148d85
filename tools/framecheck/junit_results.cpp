#include "junit_results.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <framecheck/io/input_file.hpp>
#include <pugixml.hpp>
#include <string_view>

namespace framecheck::cli {
namespace {

constexpr std::size_t kMaxJunitBytes = std::size_t{256} << 20;

// A case's time as the XML gives it: seconds, finite and not negative; anything else ("nan",
// "1e999", "-3", "soon") is unknown and counts as 0.
double seconds_of(const pugi::xml_node& node) {
  const double t = std::strtod(node.attribute("time").as_string("0"), nullptr);
  return std::isfinite(t) && t >= 0 && t < 1e9 ? t : 0;
}

constexpr std::string_view kRun = "[ RUN      ] ";
constexpr std::string_view kFailedLine = "[  FAILED  ] ";

// The GoogleTest case a ctest test ran, from its output ("[ RUN      ] Fixture.Case"), or empty.
std::string case_run_in(std::string_view output) {
  const std::size_t at = output.find(kRun);
  if (at == std::string_view::npos) return {};
  const std::size_t start = at + kRun.size();
  return std::string(output.substr(start, output.find('\n', start) - start));
}

// A failed case's own text from GoogleTest's output: what it printed between its RUN and
// FAILED lines. A test that is no GoogleTest case gives its last 60 lines.
std::string failure_text(std::string_view output, const std::string& id) {
  if (!id.empty()) {
    const std::string run = std::string(kRun) + id + "\n";
    const std::size_t begin = output.find(run);
    if (begin != std::string_view::npos) {
      const std::size_t start = begin + run.size();
      const std::size_t end = output.find(std::string(kFailedLine) + id, start);
      std::string_view text =
          output.substr(start, end == std::string_view::npos ? end : end - start);
      while (!text.empty() && text.back() == '\n')
        text.remove_suffix(1);
      return std::string(text);
    }
  }
  std::size_t start = output.size();
  for (int lines = 0; start > 0 && lines < 61; --start) {
    if (output[start - 1] == '\n') ++lines;
  }
  std::string_view text = output.substr(start);
  while (!text.empty() && (text.back() == '\n' || text.front() == '\n')) {
    if (text.back() == '\n')
      text.remove_suffix(1);
    else
      text.remove_prefix(1);
  }
  return std::string(text);
}

// One <testcase>.
CaseOutcome outcome_of(const pugi::xml_node& node) {
  CaseOutcome c;
  c.name = node.attribute("name").as_string();
  // ctest writes classname as the test's whole name (or none); GoogleTest writes the fixture.
  const pugi::xml_attribute classname = node.attribute("classname");
  const bool from_ctest = !classname || c.name == classname.as_string();
  c.output = node.child("system-out").text().as_string();
  if (from_ctest) {
    c.id = case_run_in(c.output);
    if (!c.id.empty()) {
      c.kind = CaseOutcome::Kind::kCase;
    } else if (c.name.size() > 7 && c.name.ends_with(".verify")) {
      c.kind = CaseOutcome::Kind::kSession;
    } else if (std::count(c.name.begin(), c.name.end(), '.') >= 2 &&
               (c.output.empty() ||
                std::string_view(node.attribute("status").as_string()) == "notrun")) {
      // A case registered by framecheck_add_cases that did not run, or whose output ctest did
      // not keep: <prefix>.<Fixture>.<Case>.
      c.kind = CaseOutcome::Kind::kCase;
      const std::size_t last = c.name.rfind('.');
      c.id = c.name.substr(c.name.rfind('.', last - 1) + 1);
    } else {
      c.kind = CaseOutcome::Kind::kTest;
    }
  } else {
    c.suite = classname.as_string();
    c.id = c.suite + "." + c.name;
  }
  c.seconds = seconds_of(node);
  const std::string_view status = node.attribute("status").as_string();
  const std::string_view result = node.attribute("result").as_string();
  const pugi::xml_node skipped = node.child("skipped");
  const std::string_view skip_message = skipped.attribute("message").as_string();
  if (const pugi::xml_node failure = node.child("failure")) {
    c.verdict = CaseOutcome::Verdict::kFailed;
    c.message = failure.text().as_string();
    if (c.message.empty()) c.message = failure.attribute("message").as_string();
  } else if (const pugi::xml_node error = node.child("error")) {
    c.verdict = CaseOutcome::Verdict::kFailed;
    c.message = error.text().as_string(error.attribute("message").as_string());
  } else if (status == "notrun" && result != "suppressed" && !skip_message.starts_with("SKIP_")) {
    // ctest's "Not Run" ("Unable to find executable", "Fixture dependency failed", ...), which
    // ctest counts as failed; its own skips say SKIP_RETURN_CODE or SKIP_REGULAR_EXPRESSION, and
    // GoogleTest's disabled tests are notrun with result="suppressed".
    c.verdict = CaseOutcome::Verdict::kFailed;
    c.message = "not run: " + std::string(skip_message.empty() ? "no reason given" : skip_message);
  } else if (skipped || result == "skipped" || result == "suppressed" || status == "notrun" ||
             status == "disabled") {
    c.verdict = CaseOutcome::Verdict::kSkipped;
    c.message = std::string(skip_message);
  } else if (status == "fail") {
    c.verdict = CaseOutcome::Verdict::kFailed;
  }
  // ctest's failure says nothing ("Failed", or empty); the test's own words are in its output.
  if (c.verdict == CaseOutcome::Verdict::kFailed && from_ctest && !c.output.empty() &&
      (c.message.empty() || c.message == "Failed")) {
    c.message = failure_text(c.output, c.id);
  }
  return c;
}

// Every testcase under `root`, in document order, however deep the suites nest: walked with a
// stack of its own, so a document of a hundred thousand nested suites costs memory, not the
// call stack.
std::vector<CaseOutcome> collect(const pugi::xml_node& root) {
  std::vector<CaseOutcome> out;
  std::vector<pugi::xml_node> stack{root.first_child()};  // each level's next child to look at
  while (!stack.empty()) {
    const pugi::xml_node node = stack.back();
    if (!node) {
      stack.pop_back();
      continue;
    }
    stack.back() = node.next_sibling();
    const std::string_view name = node.name();
    if (name == "testsuite") {
      stack.push_back(node.first_child());
    } else if (name == "testcase") {
      out.push_back(outcome_of(node));
    }
  }
  return out;
}

// The first thing after the root element that XML allows only once: a second element, or text.
pugi::xml_node after_root(const pugi::xml_document& doc, const pugi::xml_node& root) {
  for (pugi::xml_node n = root.next_sibling(); n; n = n.next_sibling()) {
    if (n.type() == pugi::node_element || n.type() == pugi::node_pcdata ||
        n.type() == pugi::node_cdata)
      return n;
  }
  for (pugi::xml_node n = doc.first_child(); n && n != root; n = n.next_sibling()) {
    if (n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata) return n;
  }
  return {};
}

}  // namespace

Result<std::vector<CaseOutcome>> parse_junit(std::string_view xml, const std::string& name) {
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed = doc.load_buffer(xml.data(), xml.size());
  if (!parsed) {
    return Error{name, "byte " + std::to_string(parsed.offset),
                 std::string("invalid XML: ") + parsed.description()};
  }
  const pugi::xml_node root = doc.document_element();
  const std::string_view root_name = root.name();
  if (root_name != "testsuites" && root_name != "testsuite") {
    return Error{name, "",
                 "expected JUnit XML, whose root is <testsuites> or <testsuite>, not <" +
                     std::string(root_name) + ">"};
  }
  if (const pugi::xml_node extra = after_root(doc, root)) {
    return Error{name, "byte " + std::to_string(extra.offset_debug()),
                 "the document goes on after its root <" + std::string(root_name) +
                     ">: one JUnit document a file (two files are two --junit)"};
  }
  return collect(root);
}

Result<std::vector<CaseOutcome>> read_junit(const std::filesystem::path& path) {
  Result<std::string> xml = read_input_file(path, kMaxJunitBytes, "JUnit XML");
  if (!xml) return xml.error();
  return parse_junit(*xml, path.string());
}

}  // namespace framecheck::cli
