#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <framecheck/io/output_file.hpp>
#include <fstream>
#include <sstream>
#include <thread>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class OutputFile : public ::testing::Test {
 protected:
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), {}));
  }
  TestFolder tmp_;
  const fs::path dir_ = tmp_.path();
};

TEST_F(OutputFile, WritesTheWholeFileAndLeavesNoTemporary) {
  ASSERT_TRUE(write_output_file(dir_ / "a.txt", "hello"));
  EXPECT_EQ(slurp(dir_ / "a.txt"), "hello");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(OutputFile, AReplacedFileKeepsItsPermissions) {
  ASSERT_TRUE(write_output_file(dir_ / "a.txt", "old"));
  fs::permissions(dir_ / "a.txt",
                  fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  ASSERT_TRUE(write_output_file(dir_ / "a.txt", "new"));
  EXPECT_EQ(slurp(dir_ / "a.txt"), "new");
  EXPECT_EQ(fs::status(dir_ / "a.txt").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

// A file written over another takes its place by an exchange of names: the old file is then
// removed, and whatever else still refers to it (another link, an open descriptor) keeps it.
TEST_F(OutputFile, AReplacedFileLeavesNothingBehindAndItsOtherNamesKeepTheOld) {
  ASSERT_TRUE(write_output_file(dir_ / "a.txt", "old"));
  fs::create_hard_link(dir_ / "a.txt", dir_ / "other_name.txt");
  const int reader = ::open((dir_ / "a.txt").c_str(), O_RDONLY);
  ASSERT_GE(reader, 0);
  for (const char* text : {"new", "newer"})
    ASSERT_TRUE(write_output_file(dir_ / "a.txt", text));
  EXPECT_EQ(slurp(dir_ / "a.txt"), "newer");
  EXPECT_EQ(slurp(dir_ / "other_name.txt"), "old");
  char held[8] = {};
  EXPECT_EQ(::read(reader, held, sizeof held), 3);
  EXPECT_EQ(std::string(held), "old");
  ::close(reader);
  EXPECT_EQ(fs::hard_link_count(dir_ / "other_name.txt"), 1u);  // the old name alone now
  EXPECT_EQ(entries(), 2u);                                     // no temporary left
}

TEST_F(OutputFile, ASymlinkIsFollowedItsTargetReplacedAndTheLinkKept) {
  ASSERT_TRUE(write_output_file(dir_ / "target.txt", "old"));
  fs::create_symlink("target.txt", dir_ / "link.txt");
  ASSERT_TRUE(write_output_file(dir_ / "link.txt", "new"));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir_ / "link.txt")));
  EXPECT_EQ(slurp(dir_ / "target.txt"), "new");
  // A dangling link creates the file it names.
  fs::create_symlink("later.txt", dir_ / "dangling.txt");
  ASSERT_TRUE(write_output_file(dir_ / "dangling.txt", "made"));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir_ / "dangling.txt")));
  EXPECT_EQ(slurp(dir_ / "later.txt"), "made");
}

TEST_F(OutputFile, AFifoIsWrittenDirectlyNeverReplaced) {
  const fs::path fifo = dir_ / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Nobody reading: an error now, not a hang.
  const Status unread = write_output_file(fifo, "x");
  ASSERT_FALSE(unread);
  EXPECT_NE(unread.error().message().find("no program is reading"), std::string::npos);
  std::string got;
  std::thread reader([&] { got = slurp(fifo); });
  Status written = Error{};
  for (int i = 0; i < 200; ++i) {  // until the reader has opened its end
    written = write_output_file(fifo, "through the pipe");
    if (written) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  reader.join();
  ASSERT_TRUE(written) << written.error().message();
  EXPECT_EQ(got, "through the pipe");
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST_F(OutputFile, ADeviceIsWrittenDirectly) {
  Result<OutputTarget> null = resolve_output("/dev/null");
  ASSERT_TRUE(null);
  EXPECT_EQ(null->kind, OutputKind::kDirect);
  EXPECT_TRUE(write_output_file("/dev/null", "discarded"));
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST_F(OutputFile, StreamsNameTheirDescriptor) {
  for (const char* path : {"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"}) {
    Result<OutputTarget> t = resolve_output(path);
    ASSERT_TRUE(t) << path;
    EXPECT_EQ(t->kind, OutputKind::kStream) << path;
    EXPECT_EQ(t->fd, 1) << path;
  }
  EXPECT_FALSE(resolve_output("/dev/fd/987"));
}

TEST_F(OutputFile, ADirectoryAnEmptyNameOrAMissingFolderIsAnErrorNamingIt) {
  const Status dir = write_output_file(dir_, "x");
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error().message().find("is a directory"), std::string::npos);
  EXPECT_FALSE(write_output_file("", "x"));
  const Status missing = write_output_file(dir_ / "missing" / "c.txt", "x");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message().find("c.txt"), std::string::npos);
  EXPECT_NE(missing.error().message().find("does not exist"), std::string::npos);
}

TEST_F(OutputFile, AnOutputThatIsAnInputIsRefused) {
  ASSERT_TRUE(write_output_file(dir_ / "in.jsonl", "session"));
  fs::create_symlink("in.jsonl", dir_ / "alias.jsonl");
  fs::create_hard_link(dir_ / "in.jsonl", dir_ / "hard.jsonl");
  const fs::path inputs[] = {dir_ / "in.jsonl"};
  for (const fs::path& out :
       {dir_ / "in.jsonl", dir_ / "alias.jsonl", dir_ / "hard.jsonl", dir_ / "." / "in.jsonl"}) {
    const fs::path outputs[] = {out};
    const Status s = check_outputs(outputs, inputs);
    ASSERT_FALSE(s) << out;
    EXPECT_NE(s.error().message().find("same file as the input"), std::string::npos);
  }
  const fs::path twice[] = {dir_ / "a.png", dir_ / "." / "a.png"};
  EXPECT_FALSE(check_outputs(twice, inputs));
  const fs::path fine[] = {dir_ / "other.csv", "/dev/null", "-"};
  EXPECT_TRUE(check_outputs(fine, inputs));
  EXPECT_EQ(slurp(dir_ / "in.jsonl"), "session");
}

TEST_F(OutputFile, ATemporaryIsUniqueExclusiveAndGoneUnlessCommitted) {
  fs::path first, second;
  {
    auto a = TemporaryFile::create(dir_ / "x.png");
    auto b = TemporaryFile::create(dir_ / "x.png");
    ASSERT_TRUE(a);
    ASSERT_TRUE(b);
    first = a->path();
    second = b->path();
    EXPECT_NE(first, second);
    EXPECT_TRUE(fs::exists(first));
  }
  EXPECT_FALSE(fs::exists(first));
  EXPECT_FALSE(fs::exists(second));
  EXPECT_EQ(entries(), 0u);
}

TEST(OutputFileSignals, SigtermRemovesATemporaryBeforeTheProcessEnds) {
  // The child ends by the signal or by _exit, neither of which runs destructors, so only the
  // parent removes the folder.
  const TestFolder dir;
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    auto t = TemporaryFile::create(dir / "big.csv");
    if (!t) ::_exit(3);
    ::raise(SIGTERM);  // as if Ctrl-C or a CI runner's kill arrived mid-write
    ::_exit(4);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status)) << "the signal still ends the process";
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), {}), 0)
      << "a temporary was left behind";
}

}  // namespace
}  // namespace framecheck
