// TestFolder: the one temporary folder a test needs. It is made as framecheck makes its own
// (TemporaryFolder: a random name under $TMPDIR, mode 0700, made exclusively), so tests that
// ctest runs side by side never share one and nobody can plant a link in it, and it is removed
// with everything in it when the test's fixture goes.
//   class Golden : public ::testing::Test {
//    protected:
//     TestFolder dir_;  // dir_ / "golden", dir_.path()
//   };
#pragma once

#include <filesystem>
#include <framecheck/io/temporary_folder.hpp>
#include <stdexcept>
#include <utility>

namespace framecheck {

// A fresh private folder for one test, removed when destroyed.
class TestFolder {
 public:
  TestFolder() : folder_(make()) {}

  // The folder itself.
  const std::filesystem::path& path() const { return folder_.path(); }
  // A path inside it.
  std::filesystem::path operator/(const std::filesystem::path& name) const {
    return folder_.path() / name;
  }

 private:
  static TemporaryFolder make() {
    Result<TemporaryFolder> made = TemporaryFolder::create("framecheck-test");
    if (!made) throw std::runtime_error(made.error().message());
    return std::move(*made);
  }
  TemporaryFolder folder_;
};

}  // namespace framecheck
