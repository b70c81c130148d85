#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <framecheck/io/input_bytes.hpp>
#include <framecheck/io/input_file.hpp>
#include <utility>

namespace framecheck {
namespace {

// What the SIGBUS handler may read: fixed storage, written before a mapping is published and
// cleared before it is unmapped, so the handler never allocates or follows a freed pointer.
struct MappedRecord {
  std::atomic<const char*> begin{nullptr};
  std::atomic<std::size_t> size{0};
  std::atomic<bool> taken{false};
  char name[512] = {};
};

constexpr int kRecords = 16;  // more inputs open at once than this are read instead
MappedRecord g_records[kRecords];
std::atomic<bool> g_allowed{false};
char g_program[64] = {};
int g_exit_code = 2;

void say(const char* text) {
  const std::size_t n = std::strlen(text);
  for (std::size_t done = 0; done < n;) {
    const ssize_t w = ::write(2, text + done, n - done);
    if (w <= 0) return;
    done += static_cast<std::size_t>(w);
  }
}

void say_number(std::size_t n) {
  char digits[24];
  char* p = digits + sizeof digits;
  *--p = '\0';
  do {
    *--p = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n != 0);
  say(p);
}

// Async-signal-safe: reads the records, writes with write(2), ends with _exit.
void on_sigbus(int signal, siginfo_t* info, void*) {
  const auto* at = static_cast<const char*>(info->si_addr);
  for (const MappedRecord& r : g_records) {
    const char* begin = r.begin.load();
    if (begin == nullptr || at < begin || at >= begin + r.size.load()) continue;
    say(g_program);
    say(": ");
    say(r.name);
    say(":byte ");
    say_number(static_cast<std::size_t>(at - begin));
    say(": the file shrank while it was being read; expected it to stay unchanged until read\n");
    ::_exit(g_exit_code);
  }
  // Not an input's mapping: the default action, as if no handler were installed.
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

int take_record(const std::string& name) {
  for (int i = 0; i < kRecords; ++i) {
    bool expected = false;
    if (!g_records[i].taken.compare_exchange_strong(expected, true)) continue;
    const std::size_t n = std::min(name.size(), sizeof g_records[i].name - 1);
    std::memcpy(g_records[i].name, name.data(), n);
    g_records[i].name[n] = '\0';
    return i;
  }
  return -1;
}

}  // namespace

void allow_mapped_inputs(std::string_view program, int exit_code) {
  const std::size_t n = std::min(program.size(), sizeof g_program - 1);
  std::memcpy(g_program, program.data(), n);
  g_program[n] = '\0';
  g_exit_code = exit_code;
  // As with the output rule's handlers, a program that set its own keeps it; its inputs are
  // then read, never mapped, so nothing of theirs can raise SIGBUS.
  struct sigaction old {};
  if (::sigaction(SIGBUS, nullptr, &old) != 0) return;
  const bool ours = (old.sa_flags & SA_SIGINFO) != 0 && old.sa_sigaction == on_sigbus;
  if (!ours) {
    if (old.sa_handler != SIG_DFL) return;
    struct sigaction action {};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    if (::sigaction(SIGBUS, &action, nullptr) != 0) return;
  }
  g_allowed.store(true);
}

Result<InputBytes> InputBytes::read(const std::filesystem::path& path, std::size_t limit,
                                    std::string_view what) {
  Result<InputFile> file = InputFile::open(path, what);
  if (!file) return file.error();
  InputBytes bytes;
  // Only a non-empty regular file within the limit is mapped (size() is 0 for anything else).
  if (g_allowed.load() && file->size() > 0 && file->size() <= limit) {
    bytes.slot_ = take_record(file->name());
    if (bytes.slot_ >= 0) {
      const auto size = static_cast<std::size_t>(file->size());
      void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file->descriptor(), 0);
      if (map != MAP_FAILED) {
        bytes.mapped_ = static_cast<const char*>(map);
        bytes.size_ = size;
        g_records[bytes.slot_].size.store(size);
        g_records[bytes.slot_].begin.store(bytes.mapped_);
        return bytes;
      }
      bytes.release();  // a file system that cannot map: read it instead
    }
  }
  Result<std::string> text = read_all(*file, limit, what);
  if (!text) return text.error();
  bytes.copy_ = std::move(*text);
  return bytes;
}

InputBytes::InputBytes(InputBytes&& other) noexcept
    : mapped_(std::exchange(other.mapped_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      slot_(std::exchange(other.slot_, -1)),
      copy_(std::move(other.copy_)) {}

InputBytes& InputBytes::operator=(InputBytes&& other) noexcept {
  if (this != &other) {
    release();
    mapped_ = std::exchange(other.mapped_, nullptr);
    size_ = std::exchange(other.size_, 0);
    slot_ = std::exchange(other.slot_, -1);
    copy_ = std::move(other.copy_);
  }
  return *this;
}

InputBytes::~InputBytes() {
  release();
}

void InputBytes::release() noexcept {
  if (slot_ >= 0) {
    g_records[slot_].begin.store(nullptr);
    g_records[slot_].size.store(0);
  }
  if (mapped_ != nullptr) ::munmap(const_cast<char*>(mapped_), size_);
  if (slot_ >= 0) g_records[slot_].taken.store(false);
  mapped_ = nullptr;
  size_ = 0;
  slot_ = -1;
}

}  // namespace framecheck
