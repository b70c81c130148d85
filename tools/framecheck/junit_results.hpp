// Reading the JUnit XML a case binary writes (--gtest_output=xml:FILE), or ctest's
// --output-junit: what `framecheck report` shows.
#pragma once

#include <filesystem>
#include <framecheck/io/result.hpp>
#include <string>
#include <vector>

namespace framecheck::cli {

// One testcase as the XML records it: GoogleTest's (a case binary's --gtest_output=xml) or
// ctest's (--output-junit), whose every test is a testcase named as ctest names it, with the
// test's output beside it.
struct CaseOutcome {
  enum class Verdict { kPassed, kFailed, kSkipped };
  // A GoogleTest case; a session's verify test (framecheck_add_sessions: <prefix>.<file>.verify);
  // any other ctest test.
  enum class Kind { kCase, kSession, kTest };
  std::string suite;  // GoogleTest's fixture; empty for a ctest test, whose name says it all
  std::string name;   // the testcase's name
  std::string id;     // a case as GoogleTest names it, "Fixture.Case" (what its results name)
  Kind kind = Kind::kCase;
  double seconds = 0;
  Verdict verdict = Verdict::kPassed;
  std::string message;  // the failure's text (or the skip's reason)
  std::string output;   // ctest's <system-out>: what the test printed (as ctest kept it)

  // The name as its suite names it: "BreakoutCase.Serves", or ctest's
  // "breakout.BreakoutCase.Serves".
  std::string display() const { return suite.empty() ? name : suite + "." + name; }
};

// Every testcase in the file, in order. A file that is not XML, or not JUnit's, is an Error
// naming the file and the byte where it went wrong.
Result<std::vector<CaseOutcome>> read_junit(const std::filesystem::path& path);
// The same over bytes in memory; `name` stands for the file in messages.
Result<std::vector<CaseOutcome>> parse_junit(std::string_view xml, const std::string& name);

}  // namespace framecheck::cli
