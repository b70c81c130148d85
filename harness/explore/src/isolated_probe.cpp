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
#include <vector>

#include "probe_child.hpp"

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
[[noreturn]] void child(const ProbeChild::Body& body, std::atomic<std::uint64_t>* progress,
                        int out) {
  std::string answer;
  std::string extra;
  if (const std::optional<Finding> f = body(progress, extra)) {
    put(answer, 1);
    put(answer, static_cast<std::uint64_t>(f->kind));
    put(answer, f->frame);
    put(answer, f->place);
    put(answer, f->detail);
  } else {
    put(answer, 0);
  }
  put(answer, extra);
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

ProbeChild::ProbeChild(const SimulationFactory& make, const InputScript& input,
                       const ProbeOptions& options)
    : ProbeChild([&](std::atomic<std::uint64_t>* progress,
                     std::string&) { return probe(make, input, options, progress); },
                 options.hang_ms) {}

ProbeChild::ProbeChild(const Body& body, double hang_ms, std::uint64_t start_frame)
    : hang_ms_(hang_ms) {
  void* shared = ::mmap(nullptr, sizeof(std::atomic<std::uint64_t>), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) throw std::runtime_error("explore: mmap failed");
  progress_ = ::new (shared) std::atomic<std::uint64_t>(start_frame);
  frames_done_ = start_frame;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    ::munmap(shared, sizeof *progress_);
    throw std::runtime_error("explore: pipe failed");
  }
  pid_ = ::fork();
  if (pid_ == 0) {
    ::close(fds[0]);
    child(body, progress_, fds[1]);
  }
  ::close(fds[1]);
  if (pid_ < 0) {
    ::close(fds[0]);
    ::munmap(shared, sizeof *progress_);
    throw std::runtime_error("explore: fork failed");
  }
  fd_ = fds[0];
  moved_ = Clock::now();
}

ProbeChild::~ProbeChild() {
  if (!done_) {
    ::kill(pid_, SIGKILL);
    reap();
  }
}

bool ProbeChild::step() {
  if (done_) return true;
  for (char buffer[4096];;) {
    pollfd wait{.fd = fd_, .events = POLLIN, .revents = 0};
    if (::poll(&wait, 1, 0) <= 0) break;
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n > 0) {
      answer_.append(buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    finish(false);  // the child is done, or dead
    return true;
  }
  const std::uint64_t done = progress_->load(std::memory_order_relaxed);
  if (done != frames_done_) {
    frames_done_ = done;
    moved_ = Clock::now();
  } else if (std::chrono::duration<double, std::milli>(Clock::now() - moved_).count() > hang_ms_) {
    ::kill(pid_, SIGKILL);
    finish(true);
    return true;
  }
  return false;
}

int ProbeChild::reap() {
  ::close(fd_);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  frames_done_ = progress_->load(std::memory_order_relaxed);
  ::munmap(progress_, sizeof *progress_);
  done_ = true;
  return status;
}

void ProbeChild::finish(bool hung) {
  const int status = reap();

  const std::uint64_t frame = frames_done_ + 1;  // the frame it was in, or its input
  if (hung) {
    result_ = Finding{.kind = FindingKind::kHang,
                      .frame = frame,
                      .place = "frame",
                      .detail = "frame " + std::to_string(frame) + " was still running after " +
                                std::to_string(static_cast<long long>(hang_ms_)) + " ms"};
    return;
  }
  if (WIFSIGNALED(status)) {
    const std::string name = signal_name(WTERMSIG(status));
    result_ = Finding{.kind = FindingKind::kCrash,
                      .frame = frame,
                      .place = name,
                      .detail = "the game's process ended on " + name + " (" +
                                ::strsignal(WTERMSIG(status)) + ")"};
    return;
  }
  std::string_view in = answer_;
  std::uint64_t found = 0;
  if (!get(in, found)) {  // the game left the process itself (exit, quick_exit)
    const std::string code = std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    result_ = Finding{.kind = FindingKind::kCrash,
                      .frame = frame,
                      .place = "exit " + code,
                      .detail = "the game's process exited with status " + code + " mid-run"};
    return;
  }
  if (found != 0) {
    Finding f;
    std::uint64_t kind = 0;
    if (!get(in, kind) || !get(in, f.frame) || !get(in, f.place) || !get(in, f.detail)) {
      throw std::runtime_error("explore: a run's answer was cut short");
    }
    f.kind = static_cast<FindingKind>(kind);
    result_ = std::move(f);
  }
  if (!get(in, extra_)) throw std::runtime_error("explore: a run's answer was cut short");
}

void wait_for_any(std::span<ProbeChild* const> children, int timeout_ms) {
  std::vector<pollfd> fds;
  for (const ProbeChild* c : children) {
    if (!c->done()) fds.push_back({.fd = c->fd(), .events = POLLIN, .revents = 0});
  }
  if (!fds.empty()) ::poll(fds.data(), fds.size(), timeout_ms);
}

std::optional<Finding> probe_isolated(const SimulationFactory& make, const InputScript& input,
                                      const ProbeOptions& options) {
  ProbeChild child(make, input, options);
  ProbeChild* one[] = {&child};
  while (!child.step())
    wait_for_any(one, 20);
  return child.result();
}

}  // namespace framecheck
