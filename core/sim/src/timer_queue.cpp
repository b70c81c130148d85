#include <framecheck/sim/timer_queue.hpp>

namespace framecheck {

TimerQueue::TimerId TimerQueue::add(SimTime due, SimTime period, Callback callback) {
  const TimerId id = next_id_++;
  by_due_.emplace(Key{due, id}, Timer{period, std::move(callback)});
  due_of_.emplace(id, due);
  return id;
}

void TimerQueue::cancel(TimerId id) {
  const auto it = due_of_.find(id);
  if (it == due_of_.end()) return;
  by_due_.erase(Key{it->second, id});
  due_of_.erase(it);
}

void TimerQueue::run_until(SimTime now, World& world) {
  // One timer at a time: each callback may change the queue, so nothing is held across calls.
  while (!by_due_.empty() && by_due_.begin()->first.first <= now) {
    auto node = by_due_.extract(by_due_.begin());
    const auto [due, id] = node.key();
    const SimTime period = node.mapped().period;
    if (period > SimTime(0)) {
      // Marked re-armed before the call, so the callback can cancel its own repeating timer;
      // it goes back into the queue afterwards only if it is still wanted.
      due_of_[id] = due + period;
      node.mapped().callback(world);
      if (due_of_.contains(id)) {
        node.key() = Key{due + period, id};
        by_due_.insert(std::move(node));
      }
    } else {
      due_of_.erase(id);
      node.mapped().callback(world);
    }
  }
}

void TimerQueue::clear() {
  by_due_.clear();
  due_of_.clear();
}

}  // namespace framecheck
