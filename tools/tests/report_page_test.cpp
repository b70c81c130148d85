#include "report_page.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace framecheck::cli {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

ReportModel model() {
  ReportModel m;
  m.title = "breakout <nightly>";
  m.sources = {"cases.xml"};
  m.cases.push_back(
      {{"BreakoutCase", "SpaceServesTheBall", 0.012, CaseOutcome::Verdict::kPassed, ""},
       "goldens/breakout/space_serves_the_ball.png",
       "",
       "",
       ""});
  m.cases.push_back({{"BreakoutCase", "TheOverlayAfterAServe", 0.25, CaseOutcome::Verdict::kFailed,
                      "800 of 230400 pixels differ & more"},
                     "goldens/breakout/the_overlay_after_a_serve.png",
                     "artifacts/breakout/x.expected.png",
                     "artifacts/breakout/x.actual.png",
                     "artifacts/breakout/x.diff.png"});
  m.cases.push_back({{"BreakoutCase", "Reads", 0.001, CaseOutcome::Verdict::kFailed,
                      "reading \"score\": expected 1, got 0"},
                     "",
                     "",
                     "",
                     ""});
  m.sessions.push_back({"first_serve.jsonl",
                        true,
                        "600 frames, 10 checkpoints, all match",
                        {},
                        "sessions/first_serve.plot.png"});
  return m;
}

TEST(ReportPage, ShowsEveryCaseWithItsResultAndTime) {
  const std::string page = render_report_html(model());
  EXPECT_THAT(page, HasSubstr("3 cases: 1 passed, 2 failed, 0 skipped, in 0.263 s."));
  EXPECT_THAT(page, HasSubstr("<td>BreakoutCase.SpaceServesTheBall</td><td class=\"passed\">"
                              "passed</td><td class=\"time\">0.012 s</td>"));
  EXPECT_THAT(page, HasSubstr("reading &quot;score&quot;: expected 1, got 0"));
}

TEST(ReportPage, AFailingGoldenShowsExpectedActualAndDiffWithASwipe) {
  const std::string page = render_report_html(model());
  EXPECT_THAT(page, HasSubstr("BreakoutCase.TheOverlayAfterAServe: differs from its golden"));
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
  EXPECT_THAT(page, HasSubstr("600 frames, 10 checkpoints, all match"));
  EXPECT_THAT(page, HasSubstr("<img src=\"sessions/first_serve.plot.png\""));
  EXPECT_THAT(page, HasSubstr("<title>breakout &lt;nightly&gt;</title>"));
  EXPECT_THAT(page, Not(HasSubstr("<nightly>")));
}

}  // namespace
}  // namespace framecheck::cli
