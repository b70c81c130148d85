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

std::vector<TimerQueue::Pending> TimerQueue::pending() const {
  std::vector<Pending> out;
  out.reserve(by_due_.size());
  for (const auto& [key, timer] : by_due_)
    out.push_back({key.first, key.second, timer.period});
  return out;
}

std::optional<std::string> TimerQueue::assign(const std::vector<Pending>& pending, TimerId next_id,
                                              const TimerQueue& callbacks) {
  std::map<Key, Timer> by_due;
  std::map<TimerId, SimTime> due_of;
  for (const Pending& p : pending) {
    const std::string which = "timer " + std::to_string(p.id);
    if (p.id >= next_id)
      return which + ": its id is not below the next id, " + std::to_string(next_id);
    if (p.period < SimTime(0)) return which + ": its period is negative";
    const auto source = callbacks.due_of_.find(p.id);
    if (source == callbacks.due_of_.end()) {
      return which +
             " was made after its level opened: its callback is not the level's own, "
             "so it cannot be restored from data";
    }
    if (!due_of.emplace(p.id, p.due).second) return which + " is given twice";
    by_due.emplace(Key{p.due, p.id},
                   Timer{p.period, callbacks.by_due_.at(Key{source->second, p.id}).callback});
  }
  by_due_ = std::move(by_due);
  due_of_ = std::move(due_of);
  next_id_ = next_id;
  return std::nullopt;
}

void TimerQueue::clear() {
  by_due_.clear();
  due_of_.clear();
}

}  // namespace framecheck
