#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <framecheck/io/temporary_folder.hpp>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace framecheck {

namespace fs = std::filesystem;

Result<TemporaryFolder> TemporaryFolder::create(std::string_view prefix) {
  std::error_code ec;
  const fs::path base = fs::temp_directory_path(ec);
  if (ec) {
    const char* tmpdir = std::getenv("TMPDIR");
    return Error{"TMPDIR=" + std::string(tmpdir != nullptr ? tmpdir : ""), "",
                 "is no folder for temporary files: " + ec.message()};
  }
  std::string name = (base / prefix).string() + "-XXXXXX";
  std::vector<char> buffer(name.begin(), name.end());
  buffer.push_back('\0');
  if (::mkdtemp(buffer.data()) == nullptr) {
    return Error{base.string(), "",
                 "cannot make a temporary folder in it: " + std::string(std::strerror(errno))};
  }
  return TemporaryFolder(fs::path(buffer.data()));
}

TemporaryFolder::TemporaryFolder(TemporaryFolder&& other) noexcept : path_(std::move(other.path_)) {
  other.path_.clear();
}

TemporaryFolder::~TemporaryFolder() {
  if (path_.empty()) return;
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

}  // namespace framecheck
