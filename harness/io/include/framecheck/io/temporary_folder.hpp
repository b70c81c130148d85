// A folder of framecheck's own under the system's temporary one ($TMPDIR, else /tmp), for the
// files a run keeps only while it runs (check-determinism's session, a case's determinism
// check). Its name is random and it is made exclusively with mode 0700 (mkdtemp), so nobody who
// can write $TMPDIR can guess it, plant a link in it or have it reused; it is removed with
// everything in it when the object goes (links inside are removed, never followed).
//   Result<TemporaryFolder> scratch = TemporaryFolder::create("framecheck-determinism");
//   if (!scratch) return scratch.error();
//   const std::filesystem::path session = scratch->path() / "first-run.jsonl";
#pragma once

#include <filesystem>
#include <framecheck/io/result.hpp>
#include <string_view>

namespace framecheck {

// A fresh, private folder, removed when destroyed.
class TemporaryFolder {
 public:
  // Makes "<temp>/<prefix>-XXXXXX"; an Error names the temporary folder and why.
  static Result<TemporaryFolder> create(std::string_view prefix);
  TemporaryFolder(TemporaryFolder&& other) noexcept;
  TemporaryFolder& operator=(TemporaryFolder&&) = delete;
  TemporaryFolder(const TemporaryFolder&) = delete;
  ~TemporaryFolder();

  const std::filesystem::path& path() const { return path_; }

 private:
  explicit TemporaryFolder(std::filesystem::path path) : path_(std::move(path)) {}
  std::filesystem::path path_;
};

}  // namespace framecheck
