#include "junit_results.hpp"

#include <gtest/gtest.h>

namespace framecheck::cli {
namespace {

// As GoogleTest writes it (--gtest_output=xml), trimmed.
constexpr std::string_view kGtest = R"(<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="3" failures="1" disabled="0" errors="0" time="0.5" name="AllTests">
  <testsuite name="BreakoutCase" tests="3" failures="1" disabled="0" skipped="1" errors="0" time="0.5">
    <testcase name="SpaceServesTheBall" status="run" result="completed" time="0.012" classname="BreakoutCase" />
    <testcase name="TheOverlayAfterAServe" status="run" result="completed" time="0.25" classname="BreakoutCase">
      <failure message="cases.cpp:37&#x0A;800 of 230400 pixels differ" type=""><![CDATA[cases.cpp:37
800 of 230400 pixels differ]]></failure>
    </testcase>
    <testcase name="Later" status="run" result="skipped" time="0" classname="BreakoutCase">
      <skipped message="not yet"/>
    </testcase>
  </testsuite>
</testsuites>)";

TEST(JunitResults, ReadsEveryCaseWithItsVerdictTimeAndMessage) {
  auto cases = parse_junit(kGtest, "cases.xml");
  ASSERT_TRUE(cases) << cases.error().message();
  ASSERT_EQ(cases->size(), 3u);
  EXPECT_EQ((*cases)[0].suite, "BreakoutCase");
  EXPECT_EQ((*cases)[0].name, "SpaceServesTheBall");
  EXPECT_EQ((*cases)[0].verdict, CaseOutcome::Verdict::kPassed);
  EXPECT_DOUBLE_EQ((*cases)[0].seconds, 0.012);
  EXPECT_EQ((*cases)[1].verdict, CaseOutcome::Verdict::kFailed);
  EXPECT_EQ((*cases)[1].message, "cases.cpp:37\n800 of 230400 pixels differ");
  EXPECT_EQ((*cases)[2].verdict, CaseOutcome::Verdict::kSkipped);
  EXPECT_EQ((*cases)[2].message, "not yet");
}

TEST(JunitResults, ReadsCtestsOwnJunitToo) {
  constexpr std::string_view ctest = R"(<testsuite name="Linux" tests="2" failures="1">
    <testcase name="session.first_serve.verify" classname="session.first_serve.verify" time="0.4" status="fail">
      <failure message=""/>
    </testcase>
    <testcase name="breakout_cases.BreakoutCase.SpaceServesTheBall" time="0.1" status="run"/>
  </testsuite>)";
  auto cases = parse_junit(ctest, "ctest.xml");
  ASSERT_TRUE(cases) << cases.error().message();
  ASSERT_EQ(cases->size(), 2u);
  EXPECT_EQ((*cases)[0].verdict, CaseOutcome::Verdict::kFailed);
  EXPECT_EQ((*cases)[1].verdict, CaseOutcome::Verdict::kPassed);
  EXPECT_EQ((*cases)[1].suite, "Linux");
}

TEST(JunitResults, BadXmlNamesTheFileAndTheByte) {
  auto broken = parse_junit("<testsuites><testsuite>", "cases.xml");
  ASSERT_FALSE(broken);
  EXPECT_EQ(broken.error().message().rfind("cases.xml:byte ", 0), 0u) << broken.error().message();
  auto other = parse_junit("<html></html>", "page.xml");
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().message(),
            "page.xml: expected JUnit XML, whose root is <testsuites> or <testsuite>, not <html>");
  auto missing = read_junit("/nonexistent/cases.xml");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message(), "/nonexistent/cases.xml: no such file");
}

}  // namespace
}  // namespace framecheck::cli
