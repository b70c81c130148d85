#include "report_page.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace framecheck::cli {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

CaseOutcome outcome(std::string suite, std::string name, double seconds,
                    CaseOutcome::Verdict verdict, std::string message,
                    CaseOutcome::Kind kind = CaseOutcome::Kind::kCase) {
  CaseOutcome c;
  c.suite = std::move(suite);
  c.name = std::move(name);
  c.id = c.display();
  c.seconds = seconds;
  c.verdict = verdict;
  c.message = std::move(message);
  c.kind = kind;
  return c;
}

ReportModel model() {
  ReportModel m;
  m.title = "breakout <nightly>";
  m.sources = {"cases.xml"};
  ReportGolden serve{.suite = "breakout",
                     .name = "space_serves_the_ball",
                     .golden = "goldens/breakout/space_serves_the_ball.png"};
  m.cases.push_back(
      {outcome("BreakoutCase", "SpaceServesTheBall", 0.012, CaseOutcome::Verdict::kPassed, ""),
       {serve}});
  ReportGolden overlay{.suite = "breakout",
                       .name = "the_overlay_after_a_serve",
                       .failed = true,
                       .golden = "goldens/breakout/the_overlay_after_a_serve.png",
                       .expected = "artifacts/breakout/x.expected.png",
                       .actual = "artifacts/breakout/x.actual.png",
                       .diff = "artifacts/breakout/x.diff.png",
                       .summary = "changed: 800 of 230400 pixels differ",
                       .accept = "framecheck goldens accept breakout/the_overlay_after_a_serve"};
  m.cases.push_back({outcome("BreakoutCase", "TheOverlayAfterAServe", 0.25,
                             CaseOutcome::Verdict::kFailed, "800 of 230400 pixels differ & more"),
                     {overlay}});
  m.cases.push_back({outcome("BreakoutCase", "Reads", 0.001, CaseOutcome::Verdict::kFailed,
                             "reading \"score\": expected 1, got 0"),
                     {}});
  m.cases.push_back({outcome("", "session.first_serve.verify", 0.5, CaseOutcome::Verdict::kPassed,
                             "", CaseOutcome::Kind::kSession),
                     {}});
  m.cases.push_back(
      {outcome("", "bench.speed", 2, CaseOutcome::Verdict::kPassed, "", CaseOutcome::Kind::kTest),
       {}});
  m.sessions.push_back({"first_serve.jsonl",
                        true,
                        "600 frames, 10 checkpoints, all match",
                        {},
                        "sessions/first_serve.plot.png",
                        "",
                        ""});
  m.sessions.push_back({"broken.jsonl",
                        false,
                        "600 frames, 10 checkpoints, diverged at frame 200",
                        {"frame 200: checksum: recorded 1, replayed 2"},
                        "sessions/broken.plot.png",
                        "sessions/broken.clip.png",
                        "frames 170 to 230"});
  return m;
}

TEST(ReportPage, ShowsEveryCaseWithItsResultAndTime) {
  const std::string page = render_report_html(model());
  EXPECT_THAT(page, HasSubstr("3 cases: 1 passed, 2 failed, 0 skipped, in 0.263 s."));
  EXPECT_THAT(page, HasSubstr("<td>BreakoutCase.SpaceServesTheBall</td><td class=\"verdict "
                              "passed\">passed</td><td class=\"time\">0.012 s</td>"));
  EXPECT_THAT(page, HasSubstr("reading &quot;score&quot;: expected 1, got 0"));
}

TEST(ReportPage, AFailingGoldenShowsExpectedActualAndDiffWithASwipe) {
  const std::string page = render_report_html(model());
  EXPECT_THAT(page, HasSubstr("BreakoutCase.TheOverlayAfterAServe: "
                              "breakout/the_overlay_after_a_serve differs from its golden"));
  EXPECT_THAT(page, HasSubstr("accept it: <code class=\"accept\">framecheck goldens accept "
                              "breakout/the_overlay_after_a_serve</code>"));
  for (const char* picture : {"artifacts/breakout/x.expected.png",
                              "artifacts/breakout/x.actual.png", "artifacts/breakout/x.diff.png"}) {
    EXPECT_THAT(page, HasSubstr(std::string("<img src=\"") + picture));
  }
  EXPECT_THAT(page, HasSubstr("class=\"swipe-control\" type=\"range\""));
  EXPECT_THAT(page, HasSubstr("800 of 230400 pixels differ &amp; more"));
}

TEST(ReportPage, ShowsEveryGoldenAndEverySessionAndEscapesText) {
  const std::string page = render_report_html(model());
  EXPECT_THAT(page, HasSubstr("<img src=\"goldens/breakout/space_serves_the_ball.png\""));
  EXPECT_THAT(page, HasSubstr("Session first_serve.jsonl"));
  EXPECT_THAT(page, HasSubstr("<img src=\"sessions/broken.clip.png\""));
  EXPECT_THAT(page, HasSubstr("<h3>breakout</h3>")) << "goldens by suite";
  EXPECT_THAT(page, HasSubstr("600 frames, 10 checkpoints, all match"));
  EXPECT_THAT(page, HasSubstr("<img src=\"sessions/first_serve.plot.png\""));
  EXPECT_THAT(page, HasSubstr("<title>breakout &lt;nightly&gt;</title>"));
  EXPECT_THAT(page, Not(HasSubstr("<nightly>")));
}

TEST(ReportPage, SessionTestsAndOtherTestsStandApartFromCases) {
  const std::string page = render_report_html(model());
  const auto sessions = page.find("<h2>Sessions</h2>");
  const auto others = page.find("<h2>Other tests</h2>");
  ASSERT_NE(sessions, std::string::npos);
  ASSERT_NE(others, std::string::npos);
  EXPECT_GT(page.find("<td>session.first_serve.verify</td>"), sessions);
  EXPECT_GT(page.find("<td>bench.speed</td>"), others);
  EXPECT_THAT(page, HasSubstr("1 session tests: 1 passed"));
}

TEST(ReportPage, EveryItemCarriesWhatTheFiltersRead) {
  const std::string page = render_report_html(model());
  EXPECT_THAT(page, HasSubstr("<input type=\"radio\" name=\"show\" value=\"failed\">"));
  EXPECT_THAT(page, HasSubstr("id=\"search\""));
  EXPECT_THAT(page, HasSubstr("<tbody class=\"item\" data-verdict=\"failed\" data-count=\"1\" "
                              "data-search=\"breakoutcase.theoverlayafteraserve "
                              "breakout/the_overlay_after_a_serve\">"));
}

}  // namespace
}  // namespace framecheck::cli
