// docs/cli.md is the binary's own reference: written from each command's option table, and a
// committed one that has fallen behind names the command and the option.
#include "cli_reference.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "exit_codes.hpp"
#include "program_name.hpp"

namespace framecheck::cli {
namespace {

std::string generated() {
  set_program_name("framecheck");
  const char* argv[] = {"framecheck", kReferenceArgument.data()};
  std::ostringstream out, err;
  EXPECT_EQ(run_command_line(2, argv, out, err), kExitOk);
  EXPECT_EQ(err.str(), "");
  return out.str();
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines)
    text += "  " + line + "\n";
  return text;
}

// Replaces the first `from` in `text`; fails the test when there is none.
std::string edited(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(CliReference, TheCommittedReferenceIsTheBinarysOwn) {
  std::ifstream file(FRAMECHECK_SOURCE_DIR "/docs/cli.md", std::ios::binary);
  ASSERT_TRUE(file) << "docs/cli.md is missing";
  std::ostringstream committed;
  committed << file.rdbuf();
  const std::vector<std::string> differences = reference_differences(committed.str(), generated());
  EXPECT_TRUE(differences.empty())
      << "docs/cli.md is not what the binary says:\n"
      << joined(differences)
      << "write it again with: build/dev/tools/framecheck --help-reference > docs/cli.md";
}

TEST(CliReference, EveryCommandHasASectionWithItsOptions) {
  const std::string text = generated();
  for (const char* heading :
       {"## `framecheck check-determinism`", "## `framecheck demo`", "## `framecheck diff`",
        "## `framecheck explore`", "## `framecheck fingerprint`", "## `framecheck goldens`",
        "## `framecheck record`", "## `framecheck replay`", "## `framecheck report`",
        "## `framecheck play`", "## `framecheck view`"})
    EXPECT_NE(text.find(std::string("\n") + heading + "\n"), std::string::npos) << heading;
  // A value option shows its default; a flag shows none; '|' in a description is escaped.
  EXPECT_NE(text.find("| `--threshold arg` | `0.1` | colour distance still called equal, 0 to 1 |"),
            std::string::npos);
  EXPECT_NE(text.find("| `--include-aa` |  | count anti-aliased pixels as differences |"),
            std::string::npos);
  EXPECT_NE(text.find("    framecheck diff [OPTION...] EXPECTED ACTUAL\n"), std::string::npos);
  EXPECT_EQ(text.find("| `--files"), std::string::npos) << "a positional argument is in the table";
}

TEST(CliReference, AnOptionAddedWithoutTheReferenceNamesTheCommandAndTheOption) {
  const std::string is = generated();
  // The committed reference lacks a row the binary has: as if --json were new to diff.
  const std::string was = edited(is, "| `--json` |  | print one JSON object |\n", "");
  EXPECT_EQ(reference_differences(was, is),
            std::vector<std::string>{"diff: option `--json` is not in the committed reference"});
  EXPECT_EQ(
      reference_differences(is, was),
      std::vector<std::string>{"diff: option `--json` is in the reference but not the command"});
}

TEST(CliReference, AChangedDefaultOrDescriptionNamesTheOption) {
  const std::string is = generated();
  const std::string was =
      edited(is, "| `--threshold arg` | `0.1` |", "| `--threshold arg` | `0.2` |");
  EXPECT_EQ(reference_differences(was, is),
            std::vector<std::string>{"diff: option `--threshold arg` is described differently"});
  const std::string usage =
      edited(is, "framecheck diff [OPTION...] EXPECTED ACTUAL", "framecheck diff [OPTION...] A B");
  EXPECT_EQ(reference_differences(usage, is),
            std::vector<std::string>{"diff: its description, usage or order differs"});
  EXPECT_TRUE(reference_differences(is, is).empty());
}

TEST(CliReference, ACommandMissingFromEitherSideIsNamed) {
  const std::string is = generated();
  const std::size_t from = is.find("## `framecheck fingerprint`");
  const std::size_t to = is.find("## `framecheck goldens`");
  ASSERT_NE(from, std::string::npos);
  ASSERT_NE(to, std::string::npos);
  std::string without = is;
  without.erase(from, to - from);
  EXPECT_EQ(reference_differences(without, is),
            std::vector<std::string>{"fingerprint: the command is not in the committed reference"});
  EXPECT_EQ(reference_differences(is, without),
            std::vector<std::string>{"fingerprint: in the committed reference but not the binary"});
}

}  // namespace
}  // namespace framecheck::cli
