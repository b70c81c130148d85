// TimerQueue: callbacks due at points of simulated time, fired in (due, creation) order.
#pragma once

#include <cstdint>
#include <framecheck/determinism/sim_time.hpp>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace framecheck {

class World;

// One world's timers. `every` re-arms from its own due time, so a period never drifts.
// A callback may add and cancel timers, its own included.
class TimerQueue {
 public:
  using TimerId = std::uint64_t;
  using Callback = std::function<void(World&)>;

  TimerId after(SimTime due, Callback callback) {
    return add(due, SimTime(0), std::move(callback));
  }
  TimerId every(SimTime first_due, SimTime period, Callback callback) {
    return add(first_due, period, std::move(callback));
  }
  // Cancelling an unknown or already fired one-shot timer does nothing.
  void cancel(TimerId id);
  // Fires every timer due at or before `now`, earliest first; ties go to the older timer.
  void run_until(SimTime now, World& world);

  std::size_t size() const { return by_due_.size(); }
  void clear();

  // A pending timer as data (EngineData keeps them).
  struct Pending {
    SimTime due;
    TimerId id;
    SimTime period;
  };
  // The pending timers in the order they fire, and the id the next one will take.
  std::vector<Pending> pending() const;
  TimerId next_id() const { return next_id_; }
  // Replaces the queue with `pending`, each timer's callback taken from the timer of the same id
  // in `callbacks` (the level built again). Returns what stops it, the queue then unchanged: an
  // id `callbacks` does not hold, an id twice, or one not below `next_id`.
  std::optional<std::string> assign(const std::vector<Pending>& pending, TimerId next_id,
                                    const TimerQueue& callbacks);

 private:
  struct Timer {
    SimTime period;  // zero for a one-shot
    Callback callback;
  };
  using Key = std::pair<SimTime, TimerId>;

  TimerId add(SimTime due, SimTime period, Callback callback);

  std::map<Key, Timer> by_due_;
  std::map<TimerId, SimTime> due_of_;
  TimerId next_id_ = 1;
};

}  // namespace framecheck
