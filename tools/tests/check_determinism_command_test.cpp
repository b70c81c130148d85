// check-determinism's options as its parser reads them, and its refusals. Its runs spawn this
// same program, so they are tested through the real binaries (tools/tests/determinism/).
#include "check_determinism_command.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "exit_codes.hpp"
#include "parse_args.hpp"

namespace framecheck::cli {
namespace {

TEST(CheckDeterminismOptions, DefaultsToTheOnlyGameAndNoFrameCountOfItsOwn) {
  auto r = parse_args(parse_check_determinism, {"check-determinism"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).game, "");
  EXPECT_EQ(options_of(r).frames, 0) << "kCheckFrames, or a --session's own length";
  EXPECT_FALSE(options_of(r).seed) << "unset: the game's own";
  EXPECT_EQ(options_of(r).script, "");
  EXPECT_EQ(options_of(r).session, "");
}

TEST(CheckDeterminismOptions, TakesEveryOption) {
  auto r = parse_args(parse_check_determinism,
                      {"check-determinism", "--game", "arena", "--frames", "90", "--seed", "7",
                       "--fps", "30", "--width", "64", "--height", "48", "--script", "in.jsonl"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).game, "arena");
  EXPECT_EQ(options_of(r).frames, 90);
  EXPECT_EQ(options_of(r).seed, 7u);
  EXPECT_EQ(options_of(r).fps, 30);
  EXPECT_EQ(options_of(r).width, 64);
  EXPECT_EQ(options_of(r).script, "in.jsonl");
}

TEST(CheckDeterminismOptions, RollbackIsOffUnlessGivenADistanceFromOneTo600) {
  auto off = parse_args(parse_check_determinism, {"check-determinism"});
  ASSERT_TRUE(off) << off.error().message();
  EXPECT_EQ(options_of(off).rollback, 0);
  auto eight = parse_args(parse_check_determinism, {"check-determinism", "--rollback", "8"});
  ASSERT_TRUE(eight) << eight.error().message();
  EXPECT_EQ(options_of(eight).rollback, 8);
  for (const char* bad : {"0", "601", "-1", "8x"}) {
    auto r = parse_args(parse_check_determinism, {"check-determinism", "--rollback", bad});
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().message().find("--rollback must be a whole number from 1 to 600"),
              std::string::npos);
  }
}

TEST(CheckDeterminismOptions, RefusesAScriptAndASessionTogetherAndNoFrames) {
  auto both =
      parse_args(parse_check_determinism, {"check-determinism", "--script", "a", "--session", "b"});
  ASSERT_FALSE(both);
  EXPECT_NE(both.error().message().find("--script and --session cannot both be given"),
            std::string::npos);
  EXPECT_FALSE(parse_args(parse_check_determinism, {"check-determinism", "--frames", "0"}));
  EXPECT_FALSE(parse_args(parse_check_determinism, {"check-determinism", "stray"}));
}

TEST(CheckDeterminism, AnUnknownGameOrAMissingScriptIsBadInput) {
  std::ostringstream out, err;
  CheckDeterminismOptions o;
  o.game = "nosuch";
  EXPECT_EQ(run_check_determinism(o, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("nosuch"), std::string::npos) << err.str();
  o.game = "arena";
  o.script = "/no/such/script.jsonl";
  err.str("");
  EXPECT_EQ(run_check_determinism(o, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("/no/such/script.jsonl"), std::string::npos) << err.str();
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace framecheck::cli
