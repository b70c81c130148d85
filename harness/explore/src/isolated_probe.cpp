// probe_isolated: probe() in a forked child, watched from here. The child stores each frame it
// finishes in a shared word and writes its finding down a pipe; a child killed by a signal is a
// crash, and one whose frame count stands still for longer than the limit is a hang.
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <framecheck/explore/probe.hpp>
#include <new>
#include <stdexcept>
#include <string>

namespace framecheck {
namespace {

void put(std::string& out, std::uint64_t v) {
  out.append(reinterpret_cast<const char*>(&v), 8);
}
void put(std::string& out, const std::string& s) {
  put(out, static_cast<std::uint64_t>(s.size()));
  out += s;
}

bool get(std::string_view& in, std::uint64_t& v) {
  if (in.size() < 8) return false;
  std::memcpy(&v, in.data(), 8);
  in.remove_prefix(8);
  return true;
}
bool get(std::string_view& in, std::string& s) {
  std::uint64_t n = 0;
  if (!get(in, n) || in.size() < n) return false;
  s.assign(in.substr(0, n));
  in.remove_prefix(n);
  return true;
}

// The child's side: run, write the answer, leave without running the parent's exit handlers.
[[noreturn]] void child(const SimulationFactory& make, const InputScript& input,
                        const ProbeOptions& options, std::atomic<std::uint64_t>* progress,
                        int out) {
  std::string answer;
  if (const std::optional<Finding> f = probe(make, input, options, progress)) {
    put(answer, 1);
    put(answer, static_cast<std::uint64_t>(f->kind));
    put(answer, f->frame);
    put(answer, f->place);
    put(answer, f->detail);
  } else {
    put(answer, 0);
  }
  for (std::size_t done = 0; done < answer.size();) {
    const ssize_t n = ::write(out, answer.data() + done, answer.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(3);
    done += static_cast<std::size_t>(n);
  }
  _exit(0);
}

std::string signal_name(int signal) {
  const char* abbreviation = sigabbrev_np(signal);
  return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
}

}  // namespace

std::optional<Finding> probe_isolated(const SimulationFactory& make, const InputScript& input,
                                      const ProbeOptions& options) {
  void* shared = ::mmap(nullptr, sizeof(std::atomic<std::uint64_t>), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) throw std::runtime_error("explore: mmap failed");
  auto* progress = ::new (shared) std::atomic<std::uint64_t>(0);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    ::munmap(shared, sizeof *progress);
    throw std::runtime_error("explore: pipe failed");
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    child(make, input, options, progress, fds[1]);
  }
  ::close(fds[1]);
  if (pid < 0) {
    ::close(fds[0]);
    ::munmap(shared, sizeof *progress);
    throw std::runtime_error("explore: fork failed");
  }

  using Clock = std::chrono::steady_clock;
  std::string answer;
  std::uint64_t frames_done = 0;
  Clock::time_point moved = Clock::now();
  bool hung = false;
  for (char buffer[4096];;) {
    pollfd wait{.fd = fds[0], .events = POLLIN, .revents = 0};
    const int ready = ::poll(&wait, 1, 20);
    if (ready > 0) {
      const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
      if (n > 0) answer.append(buffer, static_cast<std::size_t>(n));
      if (n == 0) break;  // the child is done, or dead
      if (n < 0 && errno != EINTR) break;
    }
    const std::uint64_t now_done = progress->load(std::memory_order_relaxed);
    if (now_done != frames_done) {
      frames_done = now_done;
      moved = Clock::now();
    } else if (std::chrono::duration<double, std::milli>(Clock::now() - moved).count() >
               options.hang_ms) {
      ::kill(pid, SIGKILL);
      hung = true;
      break;
    }
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  frames_done = progress->load(std::memory_order_relaxed);
  ::munmap(shared, sizeof *progress);

  const std::uint64_t frame = frames_done + 1;  // the frame it was in, or its input
  if (hung) {
    return Finding{.kind = FindingKind::kHang,
                   .frame = frame,
                   .place = "frame",
                   .detail = "frame " + std::to_string(frame) + " was still running after " +
                             std::to_string(static_cast<long long>(options.hang_ms)) + " ms"};
  }
  if (WIFSIGNALED(status)) {
    const std::string name = signal_name(WTERMSIG(status));
    return Finding{.kind = FindingKind::kCrash,
                   .frame = frame,
                   .place = name,
                   .detail = "the game's process ended on " + name + " (" +
                             ::strsignal(WTERMSIG(status)) + ")"};
  }
  std::string_view in = answer;
  std::uint64_t found = 0;
  if (!get(in, found)) {  // the game left the process itself (exit, quick_exit)
    const std::string code = std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return Finding{.kind = FindingKind::kCrash,
                   .frame = frame,
                   .place = "exit " + code,
                   .detail = "the game's process exited with status " + code + " mid-run"};
  }
  if (found == 0) return std::nullopt;
  Finding f;
  std::uint64_t kind = 0;
  if (!get(in, kind) || !get(in, f.frame) || !get(in, f.place) || !get(in, f.detail)) {
    throw std::runtime_error("explore: a run's answer was cut short");
  }
  f.kind = static_cast<FindingKind>(kind);
  return f;
}

}  // namespace framecheck
