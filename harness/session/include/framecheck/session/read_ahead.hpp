// ReadAhead: a session's records read and parsed on a thread of their own, a bounded number of
// batches ahead of the one who takes them, so that parsing overlaps the replay that uses them.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <framecheck/io/result.hpp>
#include <framecheck/session/session.hpp>
#include <framecheck/session/session_reader.hpp>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

namespace framecheck {

// Gives the records of `reader` in order, exactly as reader.next() would (the same records,
// the same error at the same place, the same end), while the reader runs ahead. Memory stays
// bounded: at most kDepth batches of kBatch records wait. Records are freed on the reader's
// thread too, so the taker's heap sees only its own work (check-determinism perturbs it). The
// reader belongs to the thread until next() has given the end or an error (or this is
// destroyed); only then may its owner read its warnings or checkpoints again.
//   ReadAhead ahead(*reader);
//   while (true) {
//     Result<SessionRecord*> record = ahead.next();
//     if (!record) return fail(record.error());
//     if (*record == nullptr) break;  // the end
//     ...
//   }
class ReadAhead {
 public:
  static constexpr std::size_t kBatch = 512;           // records handed over at a time
  static constexpr std::size_t kDepth = 2;             // batches that may wait
  static constexpr std::size_t kPrefetchDistance = 4;  // records whose data is fetched early

  explicit ReadAhead(SessionReader& reader);
  ~ReadAhead();  // stops the reader's thread and waits for it
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // The next record, valid until the next call, or nullptr at the end; an error is the
  // reader's own, and the last.
  Result<SessionRecord*> next();
  // How much of the file the record last given came from, 0 to 1, as reader.progress() said.
  double progress() const { return progress_; }

 private:
  struct Item {
    Result<std::optional<SessionRecord>> record;
    double progress = 0;
  };
  using Batch = std::vector<Item>;

  void read(std::stop_token stop);

  SessionReader& reader_;
  std::mutex mutex_;
  std::condition_variable_any changed_;
  std::deque<Batch> ready_;   // filled batches, oldest first
  std::vector<Batch> spent_;  // given out whole, for the reader's thread to free
  Batch taking_;              // the batch next() is giving out
  std::size_t taken_ = 0;     // how much of it
  bool over_ = false;         // next() has given the end or an error
  double progress_ = 0;
  std::jthread thread_;  // last: it starts once everything it uses exists
};

}  // namespace framecheck
