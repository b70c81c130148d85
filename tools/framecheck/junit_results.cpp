#include "junit_results.hpp"

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

// One <testcase>, within the suite named `suite`.
CaseOutcome outcome_of(const pugi::xml_node& node, const char* suite) {
  CaseOutcome c;
  c.suite = node.attribute("classname").as_string(suite);
  c.name = node.attribute("name").as_string();
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
  return c;
}

// Every testcase under `root`, in document order, however deep the suites nest: walked with a
// stack of its own, so a document of a hundred thousand nested suites costs memory, not the
// call stack.
std::vector<CaseOutcome> collect(const pugi::xml_node& root) {
  std::vector<CaseOutcome> out;
  struct Level {
    pugi::xml_node next;  // the next child to look at
    const char* suite;    // the name of the suite it is in
  };
  std::vector<Level> stack{{root.first_child(), root.attribute("name").as_string()}};
  while (!stack.empty()) {
    Level& level = stack.back();
    const pugi::xml_node node = level.next;
    if (!node) {
      stack.pop_back();
      continue;
    }
    level.next = node.next_sibling();
    const std::string_view name = node.name();
    if (name == "testsuite") {
      stack.push_back({node.first_child(), node.attribute("name").as_string()});
    } else if (name == "testcase") {
      out.push_back(outcome_of(node, level.suite));
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
