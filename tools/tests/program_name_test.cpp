// A studio's own binary names itself in its usage, its help and its messages.
#include "program_name.hpp"

#include <gtest/gtest.h>

#include <framecheck/cli/game_catalog.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "command_line.hpp"

namespace framecheck::cli {
namespace {

// Runs with the name a studio's binary has, and gives the project's back after.
class StudioBinary : public ::testing::Test {
 protected:
  void SetUp() override { set_program_name("/opt/studio/bin/breakout-framecheck"); }
  void TearDown() override { set_program_name("framecheck"); }

  std::string err_of(std::vector<const char*> args) {
    args.insert(args.begin(), "breakout-framecheck");
    std::ostringstream out, err;
    run_command_line(static_cast<int>(args.size()), args.data(), out, err);
    return err.str();
  }
};

TEST(ProgramName, IsTheLastPathComponentAndFramecheckWithoutOne) {
  set_program_name("/usr/local/bin/ledge-framecheck");
  EXPECT_EQ(program_name(), "ledge-framecheck");
  set_program_name("ledge");
  EXPECT_EQ(command_name("record"), "ledge record");
  set_program_name("");
  EXPECT_EQ(program_name(), "framecheck");
  set_program_name("/trailing/");
  EXPECT_EQ(program_name(), "framecheck");
}

TEST_F(StudioBinary, TheUsageNamesIt) {
  const std::string text = usage();
  EXPECT_EQ(text.rfind("breakout-framecheck: ", 0), 0u) << text;
  EXPECT_NE(text.find("\nusage: breakout-framecheck <command> [options]\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("\nbreakout-framecheck <command> --help"), std::string::npos) << text;
  EXPECT_EQ(text.find("usage: framecheck"), std::string::npos) << text;
}

TEST_F(StudioBinary, ItsMessagesAndHelpNameIt) {
  EXPECT_EQ(no_such_game("nope"), "unknown game 'nope' (breakout-framecheck games lists them)");
  EXPECT_EQ(err_of({"record", "--game", "nope", "--frames", "10", "--out", "s.jsonl"}),
            "breakout-framecheck record: unknown game 'nope' (breakout-framecheck games lists "
            "them)\n");
  EXPECT_EQ(err_of({"explode"}),
            "breakout-framecheck: unknown command 'explode' (see breakout-framecheck --help)\n");
  std::ostringstream out, err;
  const char* help[] = {"breakout-framecheck", "replay", "--help"};
  run_command_line(3, help, out, err);
  EXPECT_NE(out.str().find("breakout-framecheck replay"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace framecheck::cli
