// The command line: which command argv names, and the usage, version and games it answers itself.
#include <gtest/gtest.h>

#include <framecheck/cli/cli.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "exit_codes.hpp"

namespace framecheck::cli {
namespace {

struct Ran {
  int status;
  std::string out, err;
};

Ran run(std::vector<const char*> args) {
  args.insert(args.begin(), "framecheck");
  std::ostringstream out, err;
  const int status = run_command_line(static_cast<int>(args.size()), args.data(), out, err);
  return {status, out.str(), err.str()};
}

TEST(CommandLine, NoCommandIsTheUsage) {
  for (const auto& args : std::vector<std::vector<const char*>>{{}, {"help"}, {"--help"}, {"-h"}}) {
    const Ran r = run(args);
    EXPECT_EQ(r.status, kExitOk);
    EXPECT_EQ(r.out, usage());
    EXPECT_EQ(r.err, "");
  }
}

TEST(CommandLine, TheUsageListsEveryCommandWithItsLine) {
  const std::string text = usage();
  for (const char* line :
       {"\n  check-determinism  run a game twice", "\n  demo               run a game live",
        "\n  diff               compare two PNGs", "\n  fingerprint        what this machine's",
        "\n  record             run a game live", "\n  replay             re-run a session",
        "\n  report             one HTML", "\n  play               play a game in a window",
        "\n  view               watch a recorded session", "\n  games              list the games",
        "\n  version            print the version"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line;
  }
}

TEST(CommandLine, TheUsageDescribesTheGamesThisBinaryKnows) {
  const std::string text = usage();
  EXPECT_EQ(text.rfind("framecheck: a game's diagnostics overlay", 0), 0u) << text;
  EXPECT_NE(text.find("\ngames:\n  arena 1.2.0: the bundled arena\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("bundled game"), std::string::npos) << text;
}

TEST(CommandLine, EachCommandRunsWithTheArgumentsAfterItsName) {
  const Ran help = run({"replay", "--help"});
  EXPECT_EQ(help.status, kExitOk);
  EXPECT_NE(help.out.find("framecheck replay"), std::string::npos) << help.out;
  const Ran bad = run({"replay", "a.jsonl", "--at", "0x10"});
  EXPECT_EQ(bad.status, kExitBadInput);
  EXPECT_EQ(bad.err.rfind("framecheck: replay: --at must be a whole number", 0), 0u) << bad.err;
}

TEST(CommandLine, UnknownCommandIsAnError) {
  const Ran r = run({"explode"});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_EQ(r.err, "framecheck: unknown command 'explode' (see framecheck --help)\n");
}

TEST(CommandLine, VersionAndGamesAreAnsweredHere) {
  EXPECT_EQ(run({"version"}).out, std::string("framecheck ") + FRAMECHECK_VERSION + "\n");
  EXPECT_EQ(run({"--version"}).out, run({"version"}).out);
  EXPECT_EQ(run({"games"}).out, "arena\t1.2.0\tthe bundled arena\n");
}

// The version printed, the package's (both the project's VERSION) and the CHANGELOG's latest
// release are one number: a release cut without its entry, or the reverse, fails here.
TEST(CommandLine, TheVersionIsTheChangelogsLatestRelease) {
  std::ifstream file(FRAMECHECK_SOURCE_DIR "/CHANGELOG.md");
  ASSERT_TRUE(file) << "CHANGELOG.md is missing";
  std::string release;
  for (std::string line; std::getline(file, line);) {
    if (line.starts_with("## ") && line != "## Unreleased") {
      release = line.substr(3, line.find(' ', 3) - 3);
      break;
    }
  }
  EXPECT_EQ(release, FRAMECHECK_VERSION) << "the first release heading of CHANGELOG.md";
}

}  // namespace
}  // namespace framecheck::cli
