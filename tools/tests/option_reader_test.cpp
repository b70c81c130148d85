// The rules every command's options follow, through the commands' own parsers.
#include "option_reader.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "demo_command.hpp"
#include "diff_command.hpp"
#include "parse_args.hpp"
#include "record_command.hpp"
#include "replay_command.hpp"

namespace framecheck::cli {
namespace {

TEST(OptionReader, WholeNumbersArePlainDecimalOnly) {
  for (const char* bad :
       {"0x10", "1e3", "+5", " 5", "5 ", "", "10frames", "99999999999999999999"}) {
    auto r = parse_args(parse_record, {"record", "--frames", bad, "--out", "s.jsonl"});
    ASSERT_FALSE(r) << "'" << bad << "'";
    EXPECT_NE(r.error().message().find("--frames must be a whole number"), std::string::npos)
        << r.error().message();
  }
  EXPECT_FALSE(parse_args(parse_replay, {"replay", "s.jsonl", "--at", "0x10"}));
  EXPECT_FALSE(parse_args(parse_demo, {"demo", "--seed", "0x10"}));
  EXPECT_FALSE(parse_args(parse_diff, {"diff", "a", "b", "--max-diff-pixels", "-1"}));
}

TEST(OptionReader, FlagsHonourAnExplicitValue) {
  auto off = parse_args(parse_replay, {"replay", "s.jsonl", "--verify=false", "--log=false"});
  ASSERT_TRUE(off) << off.error().message();
  EXPECT_FALSE(options_of(off).verify);
  EXPECT_FALSE(options_of(off).log);
  auto on = parse_args(parse_replay, {"replay", "s.jsonl", "--verify=true"});
  ASSERT_TRUE(on);
  EXPECT_TRUE(options_of(on).verify);
  EXPECT_FALSE(parse_args(parse_replay, {"replay", "s.jsonl", "--verify=maybe"}));
  auto aa = parse_args(parse_diff, {"diff", "a", "b", "--include-aa=false", "--json=true"});
  ASSERT_TRUE(aa);
  EXPECT_FALSE(options_of(aa).pixel.include_aa);
  EXPECT_TRUE(options_of(aa).json);
}

TEST(OptionReader, AnEmptyFileNameNamesItsOption) {
  const std::vector<std::pair<std::vector<const char*>, const char*>> cases = {
      {{"record", "--frames", "1", "--out", ""}, "--out"},
      {{"record", "--frames", "1", "--out", "s", "--input", ""}, "--input"},
      {{"replay", "s.jsonl", "--plot", ""}, "--plot"},
      {{"replay", "s.jsonl", "--metrics-csv="}, "--metrics-csv"},
      {{"diff", "a", "b", "--diff", ""}, "--diff"},
      {{"demo", "--png", ""}, "--png"}};
  for (const auto& [args, option] : cases) {
    const std::string_view command = args[0];
    const std::string message =
        command == "record"   ? parse_args(parse_record, args).error().message()
        : command == "replay" ? parse_args(parse_replay, args).error().message()
        : command == "diff"   ? parse_args(parse_diff, args).error().message()
                              : parse_args(parse_demo, args).error().message();
    EXPECT_NE(message.find(std::string(option) + " needs a file name"), std::string::npos)
        << message;
  }
}

}  // namespace
}  // namespace framecheck::cli
