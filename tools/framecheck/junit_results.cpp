#include "junit_results.hpp"

#include <cstdlib>
#include <framecheck/io/input_file.hpp>
#include <pugixml.hpp>

namespace framecheck::cli {
namespace {

constexpr std::size_t kMaxJunitBytes = std::size_t{256} << 20;

void collect(const pugi::xml_node& suite, std::vector<CaseOutcome>& out) {
  for (const pugi::xml_node& node : suite.children()) {
    if (std::string_view(node.name()) == "testsuite") {
      collect(node, out);
      continue;
    }
    if (std::string_view(node.name()) != "testcase") continue;
    CaseOutcome c;
    c.suite = node.attribute("classname").as_string(suite.attribute("name").as_string());
    c.name = node.attribute("name").as_string();
    c.seconds = std::strtod(node.attribute("time").as_string("0"), nullptr);
    const std::string_view status = node.attribute("status").as_string();
    const std::string_view result = node.attribute("result").as_string();
    if (const pugi::xml_node failure = node.child("failure")) {
      c.verdict = CaseOutcome::Verdict::kFailed;
      c.message = failure.text().as_string();
      if (c.message.empty()) c.message = failure.attribute("message").as_string();
    } else if (const pugi::xml_node error = node.child("error")) {
      c.verdict = CaseOutcome::Verdict::kFailed;
      c.message = error.text().as_string(error.attribute("message").as_string());
    } else if (node.child("skipped") || result == "skipped" || result == "suppressed" ||
               status == "notrun" || status == "disabled") {
      c.verdict = CaseOutcome::Verdict::kSkipped;
      c.message = node.child("skipped").attribute("message").as_string();
    } else if (status == "fail") {
      c.verdict = CaseOutcome::Verdict::kFailed;
    }
    out.push_back(std::move(c));
  }
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
  std::vector<CaseOutcome> out;
  collect(root, out);
  return out;
}

Result<std::vector<CaseOutcome>> read_junit(const std::filesystem::path& path) {
  Result<std::string> xml = read_input_file(path, kMaxJunitBytes, "JUnit XML");
  if (!xml) return xml.error();
  return parse_junit(*xml, path.string());
}

}  // namespace framecheck::cli
