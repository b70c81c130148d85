#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <framecheck/io/input_file.hpp>
#include <fstream>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

class InputFileTest : public ::testing::Test {
 protected:
  TestFolder tmp_;
  const fs::path dir_ = tmp_.path();
};

TEST_F(InputFileTest, ReadsAWholeFile) {
  std::ofstream(dir_ / "a.txt") << "hello";
  Result<std::string> text = read_input_file(dir_ / "a.txt", 100, "a test file");
  ASSERT_TRUE(text) << text.error().message();
  EXPECT_EQ(*text, "hello");
}

TEST_F(InputFileTest, ADirectoryIsAnErrorSayingWhatItIsAndWhatWasExpected) {
  Result<std::string> text = read_input_file(dir_, 100, "an input script");
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().message(), dir_.string() + ": is a directory; expected an input script");
}

TEST_F(InputFileTest, AMissingFileSaysSo) {
  Result<std::string> text = read_input_file(dir_ / "nope", 100, "a PNG");
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().message(), (dir_ / "nope").string() + ": no such file");
}

TEST_F(InputFileTest, AFileOverTheLimitIsRefusedBeforeItIsRead) {
  std::ofstream(dir_ / "big") << std::string(1000, 'x');
  Result<std::string> text = read_input_file(dir_ / "big", 999, "a PNG");
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().message().find("at most"), std::string::npos);
  EXPECT_TRUE(read_input_file(dir_ / "big", 1000, "a PNG"));
}

TEST_F(InputFileTest, AnEndlessStreamStopsAtTheLimit) {
  Result<std::string> text = read_input_file("/dev/zero", std::size_t{1} << 20, "an input script");
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().message().find("endless stream"), std::string::npos);
}

TEST_F(InputFileTest, AFifoThatNobodyWritesToIsAnErrorAfterTheWait) {
  const fs::path fifo = dir_ / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto started = std::chrono::steady_clock::now();
  Result<std::string> text = read_input_file(fifo, 100, "a session file");
  const auto waited = std::chrono::steady_clock::now() - started;
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().message().find("no program wrote to"), std::string::npos);
  EXPECT_LT(waited, kFifoWriterWait * 3) << "it must not hang";
}

}  // namespace
}  // namespace framecheck
