#include <algorithm>
#include <atomic>
#include <charconv>
#include <deque>
#include <exception>
#include <framecheck/run/verify_in_parts.hpp>
#include <framecheck/session/session_reader.hpp>
#include <fstream>
#include <limits>
#include <mutex>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>

namespace framecheck {
namespace {

// How a frame record starts, as the session writer writes every one (session-format.md).
constexpr std::string_view kFrameStart = "\n{\"type\":\"frame\",\"frame\":";

// A tail that holds no frame record is read again twice as long, up to this.
constexpr std::uintmax_t kMaxTail = std::uintmax_t{64} << 20;

// What one stretch's replay said.
struct Stretch {
  Result<ReplayReport> report = ReplayReport{};
  std::vector<std::string> warnings;
  std::exception_ptr thrown;  // a game's exception: the stretch did not verify
};

// Where the stretches meet. Planned: each starts at its keyframe or not at all, and stops at
// the next one's. Otherwise decided as they run: stretch i > 0, passing the keyframes on its way
// to one, starts at the first where the stretch before it, at its own pace, has as many frames
// left as each stretch from i on would have. So the pass to a keyframe, whose cost against a
// verified frame's is the game's own, is weighed as it is paid. A stretch stops at the keyframe
// another started from; one that started nowhere leaves its frames to the one before.
//
// A thread whose stretch is done takes over the later part of the stretch with the most frames
// left (steal): cores do not keep one pace (another process on one, a slower core), and the
// first split is made before either pace is known. The new stretch starts at a keyframe ahead
// of where the other has verified through, which stops there when it gets to it.
class Meeting {
 public:
  Meeting(std::uint64_t frames, std::size_t stretches, std::uint64_t every,
          std::vector<std::uint64_t> planned)
      : frames_(frames),
        every_(every),
        stretches_(stretches),
        planned_(std::move(planned)),
        places_(stretches) {
    places_[0].start = 0;
  }
  // Stretch i's seek at a keyframe, i one of the first stretches: start there?
  SessionReader::Choice offer(std::size_t i, std::uint64_t keyframe) {
    using Choice = SessionReader::Choice;
    const std::lock_guard lock(mutex_);
    Choice choice = Choice::kStart;
    if (!planned_.empty()) {
      choice = keyframe < planned_[i - 1]   ? Choice::kPass
               : keyframe > planned_[i - 1] ? Choice::kGiveUp
                                            : Choice::kStart;
    } else if (keyframe >= frames_) {
      choice = Choice::kGiveUp;  // nothing after it
    } else if (const Place& before = places_[i - 1]; !before.start && !before.gave_up) {
      choice = Choice::kPass;  // nothing to weigh yet
    } else if (!before.start) {
      choice = Choice::kGiveUp;  // the stretch before started nowhere: its frames are not split
    } else {
      const std::uint64_t at = std::max(*before.start, before.at);
      if (keyframe <= at || (keyframe - at) * (stretches_ - i) < frames_ - keyframe)
        choice = Choice::kPass;
    }
    if (choice == Choice::kStart) places_[i].start = keyframe;
    if (choice == Choice::kGiveUp) places_[i].gave_up = true;
    return choice;
  }
  // Stretch i's replay is over: whether it started nowhere (a keyframe missing, a line out of
  // the ordinary, an error in its seek), which leaves its frames to the one before.
  bool started_nowhere(std::size_t i) {
    const std::lock_guard lock(mutex_);
    if (!places_[i].start) places_[i].gave_up = true;
    return !places_[i].start;
  }
  // Stretch i has verified through a keyframe: stop there?
  bool reached(std::size_t i, std::uint64_t keyframe) {
    const std::lock_guard lock(mutex_);
    places_[i].at = keyframe;
    if (!planned_.empty()) return i < planned_.size() && keyframe == planned_[i];
    for (std::size_t j = 0; j < places_.size(); ++j)
      if (j != i && places_[j].start == keyframe) return true;
    return false;
  }
  // Stretch i is over, `clean` if it verified all it was to.
  void finished(std::size_t i, bool clean) {
    const std::lock_guard lock(mutex_);
    places_[i].done = true;
    failed_ |= !clean;
  }
  // A new stretch for a thread whose own are done: its number and its keyframe. None when the
  // stretches are planned, one has failed (the session is verified again from frame 1), a first
  // stretch has not yet decided where it starts, or no stretch has frames enough left to pay
  // for a new one's pass to its keyframe.
  std::optional<std::pair<std::size_t, std::uint64_t>> steal() {
    const std::lock_guard lock(mutex_);
    if (!planned_.empty() || failed_) return std::nullopt;
    for (std::size_t i = 0; i < stretches_; ++i)
      if (!places_[i].start && !places_[i].gave_up) return std::nullopt;
    std::uint64_t best_from = 0, best_left = 0;
    for (const Place& p : places_) {
      if (!p.start || p.done) continue;
      const std::uint64_t from = std::max(*p.start, p.at);
      const std::uint64_t left = end_of(*p.start) - from;
      if (left > best_left) best_from = from, best_left = left;
    }
    // The new stretch passes every line before its keyframe first, each at a share of a
    // verified frame's cost (kPassShare); its keyframe is where both would then end together:
    // x frames left to the other, the rest to it after its pass, x = pass + (left - x).
    const double x =
        (static_cast<double>(best_from) / kPassShare + static_cast<double>(best_left)) /
        (2.0 - 1.0 / kPassShare);
    const std::uint64_t keyframe =
        best_from + static_cast<std::uint64_t>(x / static_cast<double>(every_) + 0.5) * every_;
    // Worth it only when the other would still be at it for two keyframes' worth of frames.
    if (keyframe <= best_from || keyframe + 2 * every_ > best_from + best_left) return std::nullopt;
    places_.push_back({keyframe, keyframe, false, false});
    results_.emplace_back();
    return std::pair{places_.size() - 1, keyframe};
  }
  // What stretch i's replay said, for its own thread to fill and the caller to read after.
  Stretch& result(std::size_t i) {
    const std::lock_guard lock(mutex_);
    return results_[i];
  }
  // The stretches that started, ordered by where: their numbers and keyframes.
  std::vector<std::pair<std::uint64_t, std::size_t>> started() {
    const std::lock_guard lock(mutex_);
    std::vector<std::pair<std::uint64_t, std::size_t>> out;
    for (std::size_t i = 0; i < places_.size(); ++i)
      if (places_[i].start) out.emplace_back(*places_[i].start, i);
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  // Measured on the arena's recorded hour: `replay --from 214200` passes its first 214,200 frames
  // in about 35 ms, where a frame verified costs 1.4 us, so a pass is about a 9th of a verify.
  // Taken as an 8th, to take over less rather than more.
  static constexpr double kPassShare = 8.0;
  struct Place {
    std::optional<std::uint64_t> start;  // the keyframe it started from (0: frame 1)
    std::uint64_t at = 0;                // the last keyframe it verified through
    bool gave_up = false;                // its seek started nowhere
    bool done = false;                   // its replay is over
  };
  // Where the stretch that started at `start` ends: the next start after it, or the last frame.
  std::uint64_t end_of(std::uint64_t start) const {
    std::uint64_t end = frames_;
    for (const Place& p : places_)
      if (p.start && *p.start > start) end = std::min(end, *p.start);
    return end;
  }
  std::mutex mutex_;
  const std::uint64_t frames_;
  const std::uint64_t every_;
  const std::size_t stretches_;  // the first ones, one a thread
  const std::vector<std::uint64_t> planned_;
  std::deque<Place> places_;
  bool failed_ = false;  // a stretch did not verify clean
  std::deque<Stretch> results_{stretches_};
};

// How far the stretches have come together, each thread's share of the file verified, from
// where each replay's first report of progress found it: said on the first thread, the caller's,
// since a progress bar is not for other threads to draw.
class Progress {
 public:
  Progress(std::size_t threads, const std::function<void(double)>& report)
      : shares_(threads), report_(report) {}
  // A replay on thread t has read `done` of the file; what the thread verified before it stays.
  std::function<void(double)> of(std::size_t t, bool from_the_start) {
    if (!report_) return {};
    const double before = shares_[t].load(std::memory_order_relaxed);
    return [this, t, before, from = from_the_start ? 0.0 : -1.0](double done) mutable {
      if (from < 0) from = done;
      shares_[t].store(before + done - from, std::memory_order_relaxed);
      if (t != 0) return;
      double all = 0;
      for (const std::atomic<double>& share : shares_)
        all += share.load(std::memory_order_relaxed);
      report_(std::min(all, 1.0));
    };
  }

 private:
  std::vector<std::atomic<double>> shares_;
  const std::function<void(double)>& report_;
};

// Whether the stretch found nothing wrong as far as it went: no exception, error, warning or
// divergence.
bool clean(const Stretch& s) {
  return !s.thrown && s.report && s.warnings.empty() && !s.report->first_divergent_frame &&
         s.report->divergences.empty();
}

// Whether the stretch verified, all of it, from where it started to where it was to end.
bool verified_whole(const Stretch& s, std::uint64_t from, std::uint64_t to) {
  return clean(s) && s.report->started_after == from && s.report->frames == to;
}

// Stretch i's replay on thread t: one of the first stretches (i == t), whose start the meeting
// decides as it seeks, or one taken over at `keyframe`.
void verify_stretch(const std::filesystem::path& file, const SimulationFactory& make,
                    Meeting& meeting, Progress& progress, std::size_t t, std::size_t i,
                    std::optional<std::uint64_t> keyframe) {
  Stretch& s = meeting.result(i);
  try {
    Result<SessionReader> reader = SessionReader::open(file);
    if (!reader) {
      s.report = reader.error();
    } else {
      ReplayOptions o;
      o.verify = true;
      if (keyframe) {
        o.choose_keyframe = [at = *keyframe](std::uint64_t k) {
          using Choice = SessionReader::Choice;
          return k < at ? Choice::kPass : k == at ? Choice::kStart : Choice::kGiveUp;
        };
      } else if (i > 0) {
        o.choose_keyframe = [&](std::uint64_t k) { return meeting.offer(i, k); };
      }
      o.stop_at_keyframe = [&](std::uint64_t k) { return meeting.reached(i, k); };
      o.progress = progress.of(t, i == 0);
      s.report = replay_session(*reader, make, o);
      s.warnings = reader->warnings();
    }
  } catch (...) {
    s.thrown = std::current_exception();
  }
  // Clean or not as far as it went (where it was to end is another's start, not known here); a
  // first stretch that started nowhere has nothing to be clean of.
  const bool nowhere = !keyframe && i > 0 && meeting.started_nowhere(i);
  meeting.finished(i, nowhere || clean(s));
}

// A thread's work: its own stretch, then any it takes over.
void verify_on_thread(const std::filesystem::path& file, const SimulationFactory& make,
                      Meeting& meeting, Progress& progress, std::size_t t) {
  verify_stretch(file, make, meeting, progress, t, t, std::nullopt);
  while (const auto taken = meeting.steal())
    verify_stretch(file, make, meeting, progress, t, taken->first, taken->second);
}

Result<PartsVerify> verify_from_frame_one(const std::filesystem::path& file,
                                          const SimulationFactory& make,
                                          const std::function<void(double)>& progress) {
  Result<SessionReader> reader = SessionReader::open(file);
  if (!reader) return reader.error();
  ReplayOptions o;
  o.verify = true;
  o.progress = progress;
  Result<ReplayReport> report = replay_session(*reader, make, o);
  if (!report) return report.error();
  return PartsVerify{std::move(*report), reader->warnings(), 1};
}

}  // namespace

std::uint64_t last_recorded_frame(const std::filesystem::path& file) {
  std::error_code ec;
  if (file == "-" || !std::filesystem::is_regular_file(file, ec) || file.extension() == ".zst" ||
      file.extension() == ".partial")
    return 0;
  const std::uintmax_t size = std::filesystem::file_size(file, ec);
  if (ec) return 0;
  std::ifstream in(file, std::ios::binary);
  std::string tail;
  for (std::uintmax_t want = 64 << 10;; want *= 2) {
    const std::uintmax_t n = std::min(want, size);
    tail.resize(static_cast<std::size_t>(n));
    in.seekg(static_cast<std::streamoff>(size - n));
    if (!in.read(tail.data(), static_cast<std::streamsize>(n))) return 0;
    const std::size_t at = tail.rfind(kFrameStart);
    if (at != std::string::npos) {
      const char* digits = tail.data() + at + kFrameStart.size();
      std::uint64_t frame = 0;
      const auto [end, bad] = std::from_chars(digits, tail.data() + tail.size(), frame);
      return bad == std::errc() && end != digits && *end == ',' ? frame : 0;
    }
    if (n == size || n >= kMaxTail) return 0;
  }
}

namespace {

// The verify in stretches, planned or (`planned` empty) decided as they run, `stretches` of them.
Result<PartsVerify> verify_stretches(const std::filesystem::path& file,
                                     const SimulationFactory& make, std::size_t stretches,
                                     std::vector<std::uint64_t> planned,
                                     const std::function<void(double)>& report_progress) {
  const auto from_frame_one = [&] { return verify_from_frame_one(file, make, report_progress); };
  // Standard input, a pipe or a .zst file is opened once, and read from frame 1.
  const std::uint64_t frames = stretches < 2 ? 0 : last_recorded_frame(file);
  if (frames == 0) return from_frame_one();
  std::uint64_t every = 0;
  {
    Result<SessionReader> reader = SessionReader::open(file);
    if (!reader) return reader.error();
    const std::int64_t stated = reader->header().keyframe_every;
    if (!has_keyframes(reader->header().format) || stated <= 0 ||
        frames <= static_cast<std::uint64_t>(stated))
      return from_frame_one();
    every = static_cast<std::uint64_t>(stated);
    // No more stretches than keyframes to start them from, and frame 1.
    if (planned.empty()) stretches = std::min<std::size_t>(stretches, (frames - 1) / every + 1);
  }
  Meeting meeting(frames, stretches, every, std::move(planned));
  Progress progress(stretches, report_progress);
  {
    // The first stretch on this thread, each other on one of its own.
    std::vector<std::jthread> threads;
    for (std::size_t t = 1; t < stretches; ++t)
      threads.emplace_back([&, t] { verify_on_thread(file, make, meeting, progress, t); });
    verify_on_thread(file, make, meeting, progress, 0);
  }
  // The stretches that started, in order; each must reach where the next one started.
  const std::vector<std::pair<std::uint64_t, std::size_t>> started = meeting.started();
  PartsVerify v;
  v.parts = static_cast<unsigned>(started.size());
  for (std::size_t k = 0; k < started.size(); ++k) {
    const Stretch& s = meeting.result(started[k].second);
    const std::uint64_t to = k + 1 < started.size() ? started[k + 1].first : frames;
    // Anything but a clean stretch is said as the one-thread verify says it, an exception
    // too: thrown again there if the game throws from frame 1 as well.
    if (!verified_whole(s, started[k].first, to)) return from_frame_one();
    const ReplayReport& r = *s.report;
    v.report.frames = r.frames;
    v.report.checkpoints += r.checkpoints;
    v.report.keyframes += r.keyframes;
    v.report.checked_frames += r.checked_frames;
  }
  return v;
}

}  // namespace

Result<PartsVerify> verify_in_parts(const std::filesystem::path& file,
                                    const SimulationFactory& make, unsigned jobs,
                                    const std::function<void(double done)>& progress) {
  return verify_stretches(file, make, jobs, {}, progress);
}

Result<PartsVerify> verify_in_stretches(const std::filesystem::path& file,
                                        const SimulationFactory& make,
                                        std::vector<std::uint64_t> starts) {
  if (starts.empty() || !std::is_sorted(starts.begin(), starts.end()) ||
      std::adjacent_find(starts.begin(), starts.end()) != starts.end() || starts.front() == 0)
    return verify_from_frame_one(file, make, {});
  const std::size_t stretches = starts.size() + 1;
  return verify_stretches(file, make, stretches, std::move(starts), {});
}

}  // namespace framecheck
