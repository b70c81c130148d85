// Reading the JUnit XML a case binary writes (--gtest_output=xml:FILE), or ctest's
// --output-junit: what `framecheck report` shows.
#pragma once

#include <filesystem>
#include <framecheck/io/result.hpp>
#include <string>
#include <vector>

namespace framecheck::cli {

// One case as the XML records it.
struct CaseOutcome {
  enum class Verdict { kPassed, kFailed, kSkipped };
  std::string suite;  // the testsuite's name (GoogleTest's fixture)
  std::string name;   // the testcase's name
  double seconds = 0;
  Verdict verdict = Verdict::kPassed;
  std::string message;  // the failure's text (or the skip's reason)
};

// Every testcase in the file, in order. A file that is not XML, or not JUnit's, is an Error
// naming the file and the byte where it went wrong.
Result<std::vector<CaseOutcome>> read_junit(const std::filesystem::path& path);
// The same over bytes in memory; `name` stands for the file in messages.
Result<std::vector<CaseOutcome>> parse_junit(std::string_view xml, const std::string& name);

}  // namespace framecheck::cli
