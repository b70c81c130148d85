#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <framecheck/io/temporary_folder.hpp>
#include <fstream>
#include <optional>
#include <set>
#include <string>

namespace framecheck {
namespace {

namespace fs = std::filesystem;

TEST(TemporaryFolder, IsPrivateFreshAndRemovedWithItsFiles) {
  fs::path kept;
  {
    Result<TemporaryFolder> folder = TemporaryFolder::create("framecheck-test");
    ASSERT_TRUE(folder) << folder.error().message();
    kept = folder->path();
    EXPECT_EQ(kept.parent_path(), fs::temp_directory_path());
    EXPECT_TRUE(kept.filename().string().starts_with("framecheck-test-"));
    struct stat st {};
    ASSERT_EQ(::lstat(kept.c_str(), &st), 0);
    EXPECT_TRUE(S_ISDIR(st.st_mode));
    EXPECT_EQ(st.st_mode & 0777, 0700u) << "nobody else may plant a file in it";
    fs::create_directories(kept / "inner");
    std::ofstream(kept / "inner" / "file") << "x";
  }
  EXPECT_FALSE(fs::exists(kept));
}

TEST(TemporaryFolder, NamesAreUnpredictable) {
  std::set<std::string> names;
  for (int i = 0; i < 8; ++i) {
    Result<TemporaryFolder> folder = TemporaryFolder::create("framecheck-test");
    ASSERT_TRUE(folder);
    names.insert(folder->path().filename().string());
  }
  EXPECT_EQ(names.size(), 8u);
}

// A link inside is removed as a link: what it points at is not ours and stays.
TEST(TemporaryFolder, RemovingItNeverFollowsALinkInside) {
  Result<TemporaryFolder> outside = TemporaryFolder::create("framecheck-victim");
  ASSERT_TRUE(outside);
  std::ofstream(outside->path() / "precious") << "keep me";
  {
    Result<TemporaryFolder> folder = TemporaryFolder::create("framecheck-test");
    ASSERT_TRUE(folder);
    fs::create_directory_symlink(outside->path(), folder->path() / "link");
  }
  EXPECT_TRUE(fs::exists(outside->path() / "precious"));
}

TEST(TemporaryFolder, AMissingTmpdirIsAnErrorNamingIt) {
  const char* saved = std::getenv("TMPDIR");
  const std::optional<std::string> old = saved ? std::optional<std::string>(saved) : std::nullopt;
  ::setenv("TMPDIR", "/nonexistent-framecheck-folder", 1);
  Result<TemporaryFolder> folder = TemporaryFolder::create("framecheck-test");
  if (old)
    ::setenv("TMPDIR", old->c_str(), 1);
  else
    ::unsetenv("TMPDIR");
  ASSERT_FALSE(folder);
  EXPECT_NE(folder.error().message().find("nonexistent-framecheck-folder"), std::string::npos)
      << folder.error().message();
}

}  // namespace
}  // namespace framecheck
