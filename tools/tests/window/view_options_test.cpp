// view's options as its parser reads them.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "parse_args.hpp"
#include "window/view_command.hpp"

namespace framecheck::cli {
namespace {

TEST(ViewOptions, ViewTakesASessionAndItsOptions) {
  auto r = parse_args(parse_view, {"view", "s.jsonl", "--speed", "0.25", "--paused", "--size",
                                   "640x360", "--debug=cells"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_TRUE(std::holds_alternative<ViewCommandOptions>(*r));
  const ViewCommandOptions& v = options_of(r);
  EXPECT_EQ(v.file, "s.jsonl");
  EXPECT_EQ(v.speed, 0.25);
  EXPECT_TRUE(v.paused);
  EXPECT_EQ(std::pair(v.width, v.height), std::pair(640, 360));
  EXPECT_EQ(v.debug, std::vector<std::string>{"cells"});
  auto d = parse_args(parse_view, {"view", "s.jsonl"});
  ASSERT_TRUE(d);
  EXPECT_EQ(std::pair(options_of(d).width, options_of(d).height), std::pair(0, 0))
      << "the session's size";
  EXPECT_EQ(options_of(d).speed, 1.0);
  EXPECT_FALSE(options_of(d).paused);
  EXPECT_FALSE(parse_args(parse_view, {"view"}));
  EXPECT_FALSE(parse_args(parse_view, {"view", "a.jsonl", "b.jsonl"}));
  EXPECT_FALSE(parse_args(parse_view, {"view", "s.jsonl", "--speed", "32"}));
}

}  // namespace
}  // namespace framecheck::cli
