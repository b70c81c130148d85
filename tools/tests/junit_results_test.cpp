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
  EXPECT_EQ((*cases)[0].kind, CaseOutcome::Kind::kSession);
  EXPECT_EQ((*cases)[1].verdict, CaseOutcome::Verdict::kPassed);
  EXPECT_EQ((*cases)[1].kind, CaseOutcome::Kind::kCase);
  EXPECT_EQ((*cases)[1].id, "BreakoutCase.SpaceServesTheBall");
  EXPECT_EQ((*cases)[1].display(), "breakout_cases.BreakoutCase.SpaceServesTheBall");
}

// As ctest 3.25 writes it (ctest --output-junit), a failing golden case, a passing one, a
// session and a benchmark, trimmed.
constexpr std::string_view kCtest = R"xml(<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="(empty)" tests="4" failures="1" disabled="0" skipped="0" hostname="" time="3">
	<testcase name="arena.ArenaCase.ASpike" classname="arena.ArenaCase.ASpike" time="0.13" status="fail">
		<failure message=""/>
		<system-out>Note: Google Test filter = ArenaCase.ASpike
[==========] Running 1 test from 1 test suite.
[ RUN      ] ArenaCase.ASpike
/work/cases/arena/overlay_cases.cpp:69: Failure
Failed
case arena/a_spike, frame 600: golden/arena/a_spike.png: 4954 of 518400 pixels differ
[  FAILED  ] ArenaCase.ASpike (125 ms)
[==========] 1 test from 1 test suite ran. (125 ms total)
</system-out>
	</testcase>
	<testcase name="arena.ArenaCase.Tiny" classname="arena.ArenaCase.Tiny" time="0.01" status="run">
		<system-out>Note: Google Test filter = ArenaCase.Tiny
[ RUN      ] ArenaCase.Tiny
[       OK ] ArenaCase.Tiny (2 ms)
</system-out>
	</testcase>
	<testcase name="session.arena_hitch.verify" classname="session.arena_hitch.verify" time="0.06" status="fail">
		<failure message="Failed"/>
		<system-out>diverged: golden/sessions/arena_hitch.jsonl first differs at frame 200
  frame 200: checksum: recorded 0123456789abcdef, replayed 8f98570ff3b3069e
</system-out>
	</testcase>
	<testcase name="bench.framecheck_session_bench" classname="bench.framecheck_session_bench" time="2" status="run">
		<system-out>Running framecheck_session_bench</system-out>
	</testcase>
</testsuite>)xml";

TEST(JunitResults, CtestsNamesAreKeptOnceAndItsOutputGivesTheFailure) {
  auto cases = parse_junit(kCtest, "ctest.xml");
  ASSERT_TRUE(cases) << cases.error().message();
  ASSERT_EQ(cases->size(), 4u);
  const CaseOutcome& spike = (*cases)[0];
  EXPECT_EQ(spike.display(), "arena.ArenaCase.ASpike") << "not doubled";
  EXPECT_EQ(spike.kind, CaseOutcome::Kind::kCase);
  EXPECT_EQ(spike.id, "ArenaCase.ASpike");
  EXPECT_EQ(
      spike.message,
      "/work/cases/arena/overlay_cases.cpp:69: Failure\nFailed\ncase arena/a_spike, frame 600: "
      "golden/arena/a_spike.png: 4954 of 518400 pixels differ");
  EXPECT_EQ((*cases)[1].kind, CaseOutcome::Kind::kCase);
  EXPECT_EQ((*cases)[1].verdict, CaseOutcome::Verdict::kPassed);
  const CaseOutcome& session = (*cases)[2];
  EXPECT_EQ(session.kind, CaseOutcome::Kind::kSession);
  EXPECT_EQ(session.message,
            "diverged: golden/sessions/arena_hitch.jsonl first differs at frame 200\n  frame 200: "
            "checksum: recorded 0123456789abcdef, replayed 8f98570ff3b3069e");
  EXPECT_EQ((*cases)[3].kind, CaseOutcome::Kind::kTest);
}

TEST(JunitResults, GoogleTestsCasesAreNamedByFixtureAndCase) {
  auto cases = parse_junit(kGtest, "cases.xml");
  ASSERT_TRUE(cases);
  EXPECT_EQ((*cases)[1].display(), "BreakoutCase.TheOverlayAfterAServe");
  EXPECT_EQ((*cases)[1].id, "BreakoutCase.TheOverlayAfterAServe");
  EXPECT_EQ((*cases)[1].kind, CaseOutcome::Kind::kCase);
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

namespace framecheck::cli {
namespace {

TEST(JunitResults, CtestsNotRunIsAFailureAndItsSkipsAreSkips) {
  constexpr std::string_view xml = R"xml(<testsuite name="(empty)" tests="2">
    <testcase name="arena.ArenaCase.Gone" classname="arena.ArenaCase.Gone" time="0" status="notrun">
      <skipped message="Unable to find executable: /build/arena_cases"/>
    </testcase>
    <testcase name="browser.report" classname="browser.report" time="0.1" status="notrun">
      <skipped message="SKIP_RETURN_CODE=77"/>
    </testcase>
  </testsuite>)xml";
  auto cases = parse_junit(xml, "ctest.xml");
  ASSERT_TRUE(cases) << cases.error().message();
  EXPECT_EQ((*cases)[0].verdict, CaseOutcome::Verdict::kFailed);
  EXPECT_EQ((*cases)[0].message, "not run: Unable to find executable: /build/arena_cases");
  EXPECT_EQ((*cases)[0].kind, CaseOutcome::Kind::kCase) << "named as framecheck_add_cases names";
  EXPECT_EQ((*cases)[1].verdict, CaseOutcome::Verdict::kSkipped);
}

}  // namespace
}  // namespace framecheck::cli
