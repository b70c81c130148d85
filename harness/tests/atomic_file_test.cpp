#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/atomic_file.hpp>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace framecheck {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class AtomicFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() /
        ("framecheck-atomic-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), {}));
  }
  fs::path dir_;
};

TEST_F(AtomicFile, WritesTheWholeFile) {
  ASSERT_TRUE(write_file_atomically(dir_ / "a.txt", "hello"));
  EXPECT_EQ(slurp(dir_ / "a.txt"), "hello");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicFile, AFailedWriteLeavesTheOldFileAndNoTemporary) {
  ASSERT_TRUE(write_file_atomically(dir_ / "a.txt", "old"));
  const Status s = write_atomically(dir_ / "a.txt", [](const fs::path& tmp) -> Status {
    std::ofstream(tmp) << "half";
    return Error{"a.txt", "", "failed midway"};
  });
  EXPECT_FALSE(s);
  EXPECT_EQ(slurp(dir_ / "a.txt"), "old");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicFile, AThrowingWriterLeavesNoTemporary) {
  EXPECT_THROW((void)write_atomically(dir_ / "b.txt",
                                      [](const fs::path& tmp) -> Status {
                                        std::ofstream(tmp) << "half";
                                        throw std::runtime_error("boom");
                                      }),
               std::runtime_error);
  EXPECT_EQ(entries(), 0u);
}

TEST_F(AtomicFile, AnUnwritableDirectoryIsAnErrorNamingTheFile) {
  const Status s = write_file_atomically(dir_ / "missing" / "c.txt", "x");
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message().find("c.txt"), std::string::npos);
}

}  // namespace
}  // namespace framecheck
