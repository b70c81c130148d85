#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <framecheck/io/output_file.hpp>
#include <mutex>
#include <optional>
#include <system_error>
#include <utility>
#include <vector>

namespace framecheck {
namespace {

namespace fs = std::filesystem;

Error error_at(const fs::path& path, const std::string& what) {
  return Error{path.string(), "", what};
}

std::string errno_text() {
  return std::strerror(errno);
}

// Puts `temporary` in place of the regular file `target`, as rename does, by exchanging the two
// names and removing the old file. A rename over an existing file makes ext4 write the new file's
// data out first (auto_da_alloc): 136-324 us against 60 this way (docs/performance-history.md),
// a tenth of a small diff's time; no output is synced either way. A reader of `target` sees the old
// file, then the new one, never neither. False, with nothing changed, where the file system cannot
// exchange names or the target is gone; should something else have taken the target's place
// meanwhile, it is put back and false returned, so that rename refuses it as it would have.
bool replaced_by_exchange(const fs::path& temporary, const fs::path& target) {
  if (::renameat2(AT_FDCWD, temporary.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) != 0)
    return false;
  struct stat was {};
  if (::lstat(temporary.c_str(), &was) == 0 && S_ISREG(was.st_mode)) {
    ::unlink(temporary.c_str());
    return true;
  }
  ::renameat2(AT_FDCWD, temporary.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE);
  return false;
}

// Sixteen hex digits from the kernel's generator: a temporary's name nobody can guess ahead
// (O_EXCL already keeps a planted file from being written; this keeps it from blocking us).
std::string random_suffix() {
  std::uint64_t bits = 0;
  if (::getrandom(&bits, sizeof bits, 0) != static_cast<ssize_t>(sizeof bits))
    bits = static_cast<std::uint64_t>(::getpid()) << 32 ^ reinterpret_cast<std::uintptr_t>(&bits);
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(bits));
  return text;
}

// The temporaries that exist right now, for the signal handler to remove. Slots hold
// heap-allocated paths; a handler only reads and unlinks, which is async-signal-safe.
constexpr std::size_t kSlots = 64;
std::array<std::atomic<char*>, kSlots> g_temporaries{};

extern "C" void remove_temporaries_and_reraise(int signal) {
  for (std::atomic<char*>& slot : g_temporaries) {
    if (char* path = slot.exchange(nullptr)) ::unlink(path);
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

// Installs the handler for SIGINT, SIGTERM and SIGHUP, once, where nobody else handles them: a
// program that set its own handler keeps it.
void install_signal_cleanup() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      if (::sigaction(signal, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;
      struct sigaction action {};
      action.sa_handler = remove_temporaries_and_reraise;
      sigemptyset(&action.sa_mask);
      ::sigaction(signal, &action, nullptr);
    }
  });
}

int claim_slot(const fs::path& path) {
  install_signal_cleanup();
  char* copy = ::strdup(path.c_str());
  if (copy == nullptr) return -1;
  for (std::size_t i = 0; i < kSlots; ++i) {
    char* empty = nullptr;
    if (g_temporaries[i].compare_exchange_strong(empty, copy)) return static_cast<int>(i);
  }
  std::free(copy);  // more than kSlots at once: still removed on every ordinary way out
  return -1;
}

void release_slot(int slot) {
  if (slot >= 0) std::free(g_temporaries[static_cast<std::size_t>(slot)].exchange(nullptr));
}

// The descriptor a stream path names, if it names one.
std::optional<int> stream_fd(const fs::path& path) {
  const std::string p = path.string();
  if (p == "-" || p == "/dev/stdout") return 1;
  if (p == "/dev/stderr") return 2;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (p.size() > prefix.size() && p.compare(0, prefix.size(), prefix) == 0) {
      const std::string digits = p.substr(prefix.size());
      if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 6)
        return std::nullopt;
      return std::atoi(digits.c_str());
    }
  }
  return std::nullopt;
}

// A symlink's final target, followed link by link, so that a dangling link names the file it
// would create rather than being replaced itself.
Result<fs::path> follow_links(const fs::path& path) {
  fs::path current = path;
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(current, ec))) return current;
    const fs::path next = fs::read_symlink(current, ec);
    if (ec) return error_at(path, "cannot read the link: " + ec.message());
    current = next.is_absolute() ? next : current.parent_path() / next;
  }
  return error_at(path, "too many levels of symbolic links");
}

// An absolute path with every existing part resolved, for comparing paths that may not exist yet.
fs::path normal_form(const fs::path& p) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(p, ec);
  const fs::path resolved = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : resolved;
}

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

}  // namespace

Result<OutputTarget> resolve_output(const fs::path& path) {
  OutputTarget out;
  out.given = path;
  if (path.empty()) return error_at(path, "an output needs a file name");
  if (const std::optional<int> fd = stream_fd(path)) {
    if (::fcntl(*fd, F_GETFD) == -1)
      return error_at(path, "descriptor " + std::to_string(*fd) + " is not open");
    out.kind = OutputKind::kStream;
    out.fd = *fd;
    return out;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return error_at(path, "is a directory; expected a file to write");
    if (!S_ISREG(st.st_mode)) {
      // A device, a FIFO, a socket: the user means it as it is.
      if (::access(path.c_str(), W_OK) != 0) return error_at(path, "cannot write: " + errno_text());
      out.kind = OutputKind::kDirect;
      out.target = path;
      return out;
    }
  }
  Result<fs::path> target = follow_links(path);
  if (!target) return target.error();
  out.target = *target;
  fs::path folder = out.target.parent_path();
  if (folder.empty()) folder = ".";
  struct stat dir {};
  if (::stat(folder.c_str(), &dir) != 0)
    return error_at(path, "cannot write: the folder " + folder.string() + " does not exist");
  if (!S_ISDIR(dir.st_mode))
    return error_at(path, "cannot write: " + folder.string() + " is not a folder");
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    return error_at(path, "cannot write into " + folder.string() + ": " + errno_text());
  return out;
}

Status check_outputs(std::span<const fs::path> outputs, std::span<const fs::path> inputs) {
  std::vector<std::pair<fs::path, OutputTarget>> resolved;
  for (const fs::path& output : outputs) {
    Result<OutputTarget> target = resolve_output(output);
    if (!target) return target.error();
    if (target->kind != OutputKind::kReplace) continue;  // writing a device replaces nothing
    const fs::path absolute = normal_form(target->target);
    struct stat out_st {};
    const bool exists = ::stat(target->target.c_str(), &out_st) == 0;
    for (const fs::path& input : inputs) {
      struct stat in_st {};
      const bool same = exists && ::stat(input.c_str(), &in_st) == 0
                            ? same_file(out_st, in_st)
                            : normal_form(input) == absolute;
      if (same) {
        return error_at(output, "is the same file as the input " + input.string() +
                                    "; refusing to overwrite an input");
      }
    }
    for (const auto& [earlier, earlier_target] : resolved) {
      if (normal_form(earlier_target.target) == absolute)
        return error_at(output, "is the same file as the output " + earlier.string());
    }
    resolved.emplace_back(output, *target);
  }
  return Ok{};
}

bool writes_standard_output(std::span<const fs::path> outputs) {
  for (const fs::path& output : outputs) {
    if (stream_fd(output) == 1) return true;
  }
  return false;
}

Status write_all(int fd, std::string_view bytes, const std::string& name) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return Error{name, "", "cannot write: " + errno_text()};
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return Ok{};
}

Status write_output_file(const fs::path& path, std::string_view bytes) {
  Result<OutputTarget> target = resolve_output(path);
  if (!target) return target.error();
  switch (target->kind) {
    case OutputKind::kStream:
      if (target->fd == 1 && std::fflush(stdout) != 0)
        return error_at(path, "cannot write to standard output: " + errno_text());
      return write_all(target->fd, bytes, path.string());
    case OutputKind::kDirect: {
      // Non-blocking open: a FIFO nobody reads is an error now, not a hang.
      const int fd = ::open(target->target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
      if (fd < 0) {
        return error_at(path, errno == ENXIO ? "is a FIFO that no program is reading"
                                             : "cannot write: " + errno_text());
      }
      ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
      Status written = write_all(fd, bytes, path.string());
      if (::close(fd) != 0 && written) return error_at(path, "cannot write: " + errno_text());
      return written;
    }
    case OutputKind::kReplace:
      break;
  }
  Result<TemporaryFile> temporary = TemporaryFile::create(target->target);
  if (!temporary) return Error{path.string(), "", temporary.error().what};
  if (Status s = write_all(temporary->fd(), bytes, path.string()); !s) return s;
  return temporary->commit();
}

Result<TemporaryFile> TemporaryFile::create(const fs::path& target) {
  static std::atomic<unsigned> counter{0};
  for (int attempt = 0; attempt < 100; ++attempt) {
    fs::path path = target;
    path += ".tmp-" + random_suffix() + "-" + std::to_string(counter++);
    // Claimed before it exists, so no moment passes where a signal would leave it behind.
    const int slot = claim_slot(path);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return TemporaryFile(std::move(path), target, fd, slot);
    const int saved = errno;
    release_slot(slot);
    if (saved != EEXIST) {
      errno = saved;
      return error_at(target, "cannot write: " + errno_text());
    }
  }
  return error_at(target, "cannot write: no unused temporary name beside it");
}

TemporaryFile::TemporaryFile(fs::path path, fs::path target, int fd, int slot)
    : path_(std::move(path)), target_(std::move(target)), fd_(fd), slot_(slot) {}

TemporaryFile::TemporaryFile(TemporaryFile&& other) noexcept
    : path_(std::move(other.path_)),
      target_(std::move(other.target_)),
      fd_(std::exchange(other.fd_, -1)),
      slot_(std::exchange(other.slot_, -1)) {
  other.path_.clear();
}

TemporaryFile::~TemporaryFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!path_.empty()) ::unlink(path_.c_str());
  release_slot(slot_);
}

Status TemporaryFile::commit() {
  struct stat old {};
  const bool replaces = ::stat(target_.c_str(), &old) == 0 && S_ISREG(old.st_mode);
  if (replaces) (void)::fchmod(fd_, old.st_mode & 07777);  // a replaced file keeps its permissions
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0) return error_at(target_, "cannot write: " + errno_text());
  if (!(replaces && replaced_by_exchange(path_, target_)) &&
      ::rename(path_.c_str(), target_.c_str()) != 0)
    return error_at(target_, "cannot write: " + errno_text());
  path_.clear();
  release_slot(std::exchange(slot_, -1));
  return Ok{};
}

}  // namespace framecheck
