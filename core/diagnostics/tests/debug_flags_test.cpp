#include <gtest/gtest.h>

#include <cstdlib>
#include <framecheck/diagnostics/debug_flags.hpp>
#include <string>
#include <vector>

namespace framecheck {
namespace {

TEST(DebugFlags, IdsAreTrimmedLowerCasedAndSplitOnCommas) {
  const std::vector<std::string> args = {"game", "--debug= Cells ,SPAWNER,,", "--verbose"};
  const DebugFlags f = DebugFlags::from_args(args);
  EXPECT_TRUE(f.on("cells"));
  EXPECT_TRUE(f.on("spawner"));
  EXPECT_FALSE(f.on("Cells"));
  EXPECT_EQ(f.ids().size(), 2u);
  EXPECT_EQ(f.to_string(), "cells,spawner");
}

TEST(DebugFlags, ARepeatedFlagAddsToTheSet) {
  const std::vector<std::string> args = {"--debug=cells", "--debug=hud"};
  EXPECT_EQ(DebugFlags::from_args(args).to_string(), "cells,hud");
}

TEST(DebugFlags, NoFlagMeansNothingIsOn) {
  const std::vector<std::string> args = {"--debugger", "debug=cells"};
  EXPECT_TRUE(DebugFlags::from_args(args).empty());
}

TEST(DebugFlags, FromTheEnvironmentForHeadlessRuns) {
  ::setenv("FRAMECHECK_TEST_DEBUG", "Spawner, cells", 1);
  const DebugFlags f = DebugFlags::from_env("FRAMECHECK_TEST_DEBUG");
  EXPECT_EQ(f.to_string(), "cells,spawner");
  ::unsetenv("FRAMECHECK_TEST_DEBUG");
  EXPECT_TRUE(DebugFlags::from_env("FRAMECHECK_TEST_DEBUG").empty());
}

}  // namespace
}  // namespace framecheck
