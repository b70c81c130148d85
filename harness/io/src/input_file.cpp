#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <framecheck/io/input_file.hpp>
#include <utility>

namespace framecheck {
namespace {

Error error_at(const std::string& name, const std::string& what) {
  return Error{name, "", what};
}

std::string megabytes(std::size_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

}  // namespace

Result<InputFile> InputFile::open(const std::filesystem::path& path, std::string_view what) {
  const std::string name = path.string();
  if (name.empty()) return error_at(name, "an input needs a file name");
  int fd = -1;
  if (name == "-") {
    fd = ::dup(0);
  } else {
    // Non-blocking, so that opening a FIFO never waits for a writer here.
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  }
  if (fd < 0) {
    return error_at(name, errno == ENOENT ? "no such file"
                                          : "cannot open: " + std::string(std::strerror(errno)));
  }
  InputFile file(fd, name == "-" ? "standard input" : name, 0);
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    return error_at(name, "cannot open: " + std::string(std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) return error_at(name, "is a directory; expected " + std::string(what));
  if (S_ISREG(st.st_mode)) file.size_ = static_cast<std::uint64_t>(st.st_size);
  if (S_ISFIFO(st.st_mode)) {
    // A FIFO shows data or a hang-up once a writer has come; none within the wait is an error.
    pollfd p{fd, POLLIN, 0};
    int ready = 0;
    do {
      ready = ::poll(&p, 1, static_cast<int>(kFifoWriterWait.count()));
    } while (ready < 0 && errno == EINTR);
    if (ready == 0) {
      return error_at(name, "is a FIFO that no program wrote to within " +
                                std::to_string(kFifoWriterWait.count() / 1000) + " s; expected " +
                                std::string(what));
    }
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return file;
}

InputFile::InputFile(InputFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), name_(std::move(other.name_)), size_(other.size_) {}

InputFile& InputFile::operator=(InputFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    name_ = std::move(other.name_);
    size_ = other.size_;
  }
  return *this;
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

Result<std::size_t> InputFile::read(char* into, std::size_t size) {
  while (true) {
    const ssize_t n = ::read(fd_, into, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno == EINTR) continue;
    if (errno == EAGAIN) {
      // A pipe whose writer has not written yet: wait for it, as a blocking read would.
      pollfd p{fd_, POLLIN, 0};
      (void)::poll(&p, 1, -1);
      continue;
    }
    return error_at(name_, "cannot read: " + std::string(std::strerror(errno)));
  }
}

Result<std::string> read_input_file(const std::filesystem::path& path, std::size_t limit,
                                    std::string_view what) {
  Result<InputFile> file = InputFile::open(path, what);
  if (!file) return file.error();
  return read_all(*file, limit, what);
}

Result<std::string> read_all(InputFile& file, std::size_t limit, std::string_view what) {
  if (file.size() > limit) {
    return error_at(file.name(), "is " + std::to_string(file.size()) + " bytes; " +
                                     std::string(what) + " may be at most " + megabytes(limit));
  }
  std::string bytes;
  bytes.resize(file.size() > 0 ? file.size() + 1 : 64 * 1024);
  std::size_t used = 0;
  while (true) {
    if (used == bytes.size()) {
      if (bytes.size() > limit)
        return error_at(file.name(), "is longer than " + megabytes(limit) + ", the most " +
                                         std::string(what) + " may be (an endless stream?)");
      bytes.resize(std::min(bytes.size() * 2, limit + 1));
    }
    Result<std::size_t> n = file.read(bytes.data() + used, bytes.size() - used);
    if (!n) return n.error();
    if (*n == 0) break;
    used += *n;
  }
  if (used > limit)
    return error_at(file.name(), "is longer than " + megabytes(limit) + ", the most " +
                                     std::string(what) + " may be (an endless stream?)");
  bytes.resize(used);
  return bytes;
}

}  // namespace framecheck
