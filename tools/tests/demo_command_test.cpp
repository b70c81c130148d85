#include "demo_command.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "exit_codes.hpp"

namespace framecheck::cli {
namespace {

TEST(DemoCommand, PrintsThePanelAsTextInItsOrder) {
  DemoOptions o;
  o.frames = 30;
  o.width = 320;
  o.height = 180;
  std::ostringstream out, err;
  EXPECT_EQ(run_demo(o, out, err), kExitOk) << err.str();
  const std::string text = out.str();
  const std::string head =
      "[0.500 s, frame 30]\nlevel: arena-1 phase: warmup actors: 1\nlevels visited: 1\nsession "
      "time: 0.500\n";
  EXPECT_EQ(text.rfind(head, 0), 0u) << text;
  EXPECT_NE(text.find("\nhost: "), std::string::npos) << text;
  EXPECT_NE(text.find("\nboss: boss not spawned\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nframe: "), std::string::npos);
}

TEST(DemoCommand, AnUnknownDebugIdIsWarnedAboutWithTheIdsTheGameOffers) {
  DemoOptions o;
  o.frames = 2;
  o.width = 64;
  o.height = 48;
  o.debug = {"cels,spawner"};
  std::ostringstream out, err;
  EXPECT_EQ(run_demo(o, out, err), kExitOk) << err.str();
  EXPECT_EQ(err.str(),
            "framecheck demo: warning: --debug=cels (or FRAMECHECK_DEBUG) names no debug source of "
            "arena; it offers: cells, frame, spawner\n");
}

TEST(DemoCommand, AnUnknownGameIsBadInput) {
  DemoOptions o;
  o.game = "nope";
  std::ostringstream out, err;
  EXPECT_EQ(run_demo(o, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("nope"), std::string::npos);
}

TEST(DemoCommand, AnUnwritablePngIsBadInputNamingTheFile) {
  DemoOptions o;
  o.frames = 1;
  o.width = 32;
  o.height = 32;
  o.png = "/nonexistent-dir/x.png";
  std::ostringstream out, err;
  EXPECT_EQ(run_demo(o, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("/nonexistent-dir/x.png"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace framecheck::cli
