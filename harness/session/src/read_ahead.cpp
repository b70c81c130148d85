#include <framecheck/session/read_ahead.hpp>
#include <utility>

#ifdef __linux__
#include <pthread.h>
#endif

namespace framecheck {

ReadAhead::ReadAhead(SessionReader& reader)
    : reader_(reader), thread_([this](std::stop_token stop) { read(stop); }) {}

ReadAhead::~ReadAhead() {
  thread_.request_stop();
  changed_.notify_all();
}  // the jthread joins here, before the members it uses go

void ReadAhead::read(std::stop_token stop) {
#ifdef __linux__
  pthread_setname_np(pthread_self(), "fc-read-ahead");  // as a profiler or debugger lists it
#endif
  bool last = false;
  while (!last) {
    Batch batch;
    batch.reserve(kBatch);
    while (batch.size() < kBatch && !last) {
      Result<std::optional<SessionRecord>> record = reader_.next();
      last = !record || !record->has_value();
      batch.push_back({std::move(record), reader_.progress()});
    }
    std::vector<Batch> spent;
    {
      std::unique_lock lock(mutex_);
      if (!changed_.wait(lock, stop, [this] { return ready_.size() < kDepth; })) return;
      ready_.push_back(std::move(batch));
      spent.swap(spent_);
    }
    changed_.notify_all();
  }  // `spent` is freed here, outside the lock
}

Result<SessionRecord*> ReadAhead::next() {
  if (over_) return nullptr;
  if (taken_ == taking_.size()) {
    std::unique_lock lock(mutex_);
    if (!taking_.empty()) spent_.push_back(std::move(taking_));
    changed_.wait(lock, [this] { return !ready_.empty(); });
    taking_ = std::move(ready_.front());
    ready_.pop_front();
    taken_ = 0;
    lock.unlock();
    changed_.notify_all();
  }
  // The reader's thread wrote the records ahead in its own core's cache: their changes are
  // fetched a few records early, so the game's thread does not wait on them one by one.
  if (const std::size_t ahead = taken_ + kPrefetchDistance; ahead < taking_.size()) {
    const Item& later = taking_[ahead];
    if (later.record && later.record->has_value()) {
      if (const auto* frame = std::get_if<FrameRecord>(&**later.record))
        __builtin_prefetch(frame->game_changes.data());
    }
  }
  Item& item = taking_[taken_++];
  progress_ = item.progress;
  over_ = !item.record || !item.record->has_value();
  if (!item.record) return item.record.error();
  return item.record->has_value() ? &**item.record : nullptr;
}

}  // namespace framecheck
