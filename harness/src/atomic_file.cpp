#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <framecheck/atomic_file.hpp>
#include <fstream>
#include <system_error>

namespace framecheck {

Status write_atomically(const std::filesystem::path& path,
                        const std::function<Status(const std::filesystem::path&)>& write) {
  // Beside the target, so the rename never crosses a file system; the pid keeps two writers apart.
  std::filesystem::path temporary = path;
  temporary += ".tmp-" + std::to_string(::getpid());
  std::error_code ec;
  try {
    Status written = write(temporary);
    if (!written) {
      std::filesystem::remove(temporary, ec);
      return written;
    }
  } catch (...) {
    std::filesystem::remove(temporary, ec);
    throw;
  }
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    return Error{path.string(), "", "cannot write: " + ec.message()};
  }
  return Ok{};
}

Status write_file_atomically(const std::filesystem::path& path, std::string_view bytes) {
  return write_atomically(path, [&](const std::filesystem::path& tmp) -> Status {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) return Error{path.string(), "", std::string("cannot write: ") + std::strerror(errno)};
    return Ok{};
  });
}

}  // namespace framecheck
