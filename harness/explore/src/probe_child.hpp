// ProbeChild: one probe in a forked child, watched without blocking, so that explore --jobs can
// keep several going. probe_isolated is one of them, waited on.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <framecheck/explore/probe.hpp>
#include <functional>
#include <optional>
#include <span>
#include <string>

namespace framecheck {

class ProbeChild {
 public:
  // What a child runs: it stores each frame it finishes in `progress`, may leave bytes for the
  // parent in `extra`, and returns its finding.
  using Body = std::function<std::optional<Finding>(std::atomic<std::uint64_t>* progress,
                                                    std::string& extra)>;
  // Forks the child, which runs probe() and writes its finding down a pipe.
  ProbeChild(const SimulationFactory& make, const InputScript& input, const ProbeOptions& options);
  // Forks a child that runs `body`, watched with `hang_ms`; its frames count on from `start_frame`.
  ProbeChild(const Body& body, double hang_ms, std::uint64_t start_frame = 0);
  // Kills and reaps a child still running.
  ~ProbeChild();
  ProbeChild(const ProbeChild&) = delete;
  ProbeChild& operator=(const ProbeChild&) = delete;

  // Reads what the child wrote and checks the watchdog, without waiting; true once it is done.
  bool step();
  bool done() const { return done_; }
  // The pipe to wait on (wait_for_any).
  int fd() const { return fd_; }
  // The run's finding, once done(): an exception, number or invariant the child named, a crash
  // (a signal, or an exit mid-run) or a hang (killed); nullopt for a clean run.
  const std::optional<Finding>& result() const { return result_; }
  // What the body left in `extra`, once done(); empty if the child died first.
  const std::string& extra() const { return extra_; }

 private:
  using Clock = std::chrono::steady_clock;
  // Closes the pipe, waits for the child and unmaps the counter; its wait status. Never throws:
  // the destructor reaps a child it killed with it.
  int reap();
  // reap(), then the run's finding from how the child ended and what it wrote.
  void finish(bool hung);

  double hang_ms_;
  std::atomic<std::uint64_t>* progress_ = nullptr;  // frames done, in memory shared with the child
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string answer_;
  std::uint64_t frames_done_ = 0;
  Clock::time_point moved_;  // when frames_done_ last changed
  bool done_ = false;
  std::optional<Finding> result_;
  std::string extra_;
};

// Waits up to `timeout_ms` for any running child to have written something or ended.
void wait_for_any(std::span<ProbeChild* const> children, int timeout_ms);

}  // namespace framecheck
