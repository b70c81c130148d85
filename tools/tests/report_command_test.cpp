// report's options as its parser reads them.
#include "report_command.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "parse_args.hpp"

namespace framecheck::cli {
namespace {

TEST(ReportOptions, ReportTakesEveryOption) {
  auto r =
      parse_args(parse_report, {"report", "--junit", "a.xml", "--junit", "b.xml", "--golden-dir",
                                "golden", "--artifacts-dir", "artifacts", "--session", "s.jsonl",
                                "--out", "site", "--title", "nightly"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_TRUE(std::holds_alternative<ReportCommandOptions>(*r));
  EXPECT_EQ(options_of(r).junit, (std::vector<std::string>{"a.xml", "b.xml"}));
  EXPECT_EQ(options_of(r).golden_dir, "golden");
  EXPECT_EQ(options_of(r).artifacts_dir, "artifacts");
  EXPECT_EQ(options_of(r).sessions, (std::vector<std::string>{"s.jsonl"}));
  EXPECT_EQ(options_of(r).out, "site");
  EXPECT_EQ(options_of(r).title, "nightly");
  EXPECT_FALSE(parse_args(parse_report, {"report", "--out", "site"}));
  EXPECT_FALSE(parse_args(parse_report, {"report", "--junit", "a.xml"}));
  EXPECT_FALSE(parse_args(parse_report, {"report", "--junit", "", "--out", "site"}));
}

}  // namespace
}  // namespace framecheck::cli
