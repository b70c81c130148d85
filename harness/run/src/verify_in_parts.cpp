#include <algorithm>
#include <atomic>
#include <charconv>
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

// Where the stretches meet. Planned: each starts at its keyframe or not at all, and stops at
// the next one's. Otherwise decided as they run: stretch i > 0, passing the keyframes on its way
// to one, starts at the first where the stretch before it, at its own pace, has as many frames
// left as each stretch from i on would have. So the pass to a keyframe, whose cost against a
// verified frame's is the game's own, is weighed as it is paid. A stretch stops at the keyframe
// the next one started from; one that started nowhere leaves its frames to the one before.
class Meeting {
 public:
  Meeting(std::uint64_t frames, std::size_t stretches, std::vector<std::uint64_t> planned)
      : frames_(frames), planned_(std::move(planned)), places_(stretches) {
    places_[0].start = 0;
  }
  // Stretch i's seek at a keyframe: start there?
  SessionReader::Choice offer(std::size_t i, std::uint64_t keyframe) {
    using Choice = SessionReader::Choice;
    const std::lock_guard lock(mutex_);
    if (!planned_.empty()) {
      if (keyframe < planned_[i - 1]) return Choice::kPass;
      if (keyframe > planned_[i - 1]) return Choice::kGiveUp;
      places_[i].start = keyframe;
      return Choice::kStart;
    }
    if (keyframe >= frames_) return Choice::kGiveUp;  // nothing after it
    const Place& before = places_[i - 1];
    if (!before.start) return Choice::kPass;  // nothing to weigh yet
    const std::uint64_t at = std::max(*before.start, before.at);
    if (keyframe <= at || (keyframe - at) * (places_.size() - i) < frames_ - keyframe)
      return Choice::kPass;
    places_[i].start = keyframe;
    return Choice::kStart;
  }
  // Stretch i has verified through a keyframe: stop there?
  bool reached(std::size_t i, std::uint64_t keyframe) {
    const std::lock_guard lock(mutex_);
    places_[i].at = keyframe;
    if (!planned_.empty()) return i < planned_.size() && keyframe == planned_[i];
    return i + 1 < places_.size() && places_[i + 1].start == keyframe;
  }
  std::optional<std::uint64_t> start(std::size_t i) {
    const std::lock_guard lock(mutex_);
    return places_[i].start;
  }

 private:
  struct Place {
    std::optional<std::uint64_t> start;  // the keyframe it started from (0: frame 1)
    std::uint64_t at = 0;                // the last keyframe it verified through
  };
  std::mutex mutex_;
  const std::uint64_t frames_;
  const std::vector<std::uint64_t> planned_;
  std::vector<Place> places_;
};

// What one stretch's replay said.
struct Stretch {
  Result<ReplayReport> report = ReplayReport{};
  std::vector<std::string> warnings;
  std::exception_ptr thrown;  // a game's exception: the stretch did not verify
};

// How far the stretches have come together, each as the share of the file it has verified,
// from where its first report of progress found it: said on the first stretch's thread, the
// caller's, since a progress bar is not for other threads to draw.
class Progress {
 public:
  Progress(std::size_t stretches, const std::function<void(double)>& report)
      : shares_(stretches), report_(report) {}
  // Stretch i's replay has read `done` of the file.
  std::function<void(double)> of(std::size_t i) {
    if (!report_) return {};
    return [this, i, from = i == 0 ? 0.0 : -1.0](double done) mutable {
      if (from < 0) from = done;
      shares_[i].store(done - from, std::memory_order_relaxed);
      if (i != 0) return;
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

void verify_stretch(const std::filesystem::path& file, const SimulationFactory& make,
                    Meeting& meeting, Progress& progress, std::size_t i, Stretch& s) {
  try {
    Result<SessionReader> reader = SessionReader::open(file);
    if (!reader) {
      s.report = reader.error();
      return;
    }
    ReplayOptions o;
    o.verify = true;
    if (i > 0) o.choose_keyframe = [&](std::uint64_t k) { return meeting.offer(i, k); };
    o.stop_at_keyframe = [&](std::uint64_t k) { return meeting.reached(i, k); };
    o.progress = progress.of(i);
    s.report = replay_session(*reader, make, o);
    s.warnings = reader->warnings();
  } catch (...) {
    s.thrown = std::current_exception();
  }
}

// Whether the stretch verified, all of it, from where it started to where it was to end.
bool verified_whole(const Stretch& s, std::uint64_t from, std::uint64_t to) {
  if (s.thrown || !s.report || !s.warnings.empty()) return false;
  const ReplayReport& r = *s.report;
  return r.started_after == from && r.frames == to && !r.first_divergent_frame &&
         r.divergences.empty();
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
  {
    Result<SessionReader> reader = SessionReader::open(file);
    if (!reader) return reader.error();
    const std::int64_t every = reader->header().keyframe_every;
    if (!has_keyframes(reader->header().format) || every <= 0 ||
        frames <= static_cast<std::uint64_t>(every))
      return from_frame_one();
    // No more stretches than keyframes to start them from, and frame 1.
    if (planned.empty())
      stretches =
          std::min<std::size_t>(stretches, (frames - 1) / static_cast<std::uint64_t>(every) + 1);
  }
  Meeting meeting(frames, stretches, std::move(planned));
  Progress progress(stretches, report_progress);
  std::vector<Stretch> runs(stretches);
  {
    // The first stretch on this thread, each other on one of its own.
    std::vector<std::jthread> threads;
    for (std::size_t i = 1; i < stretches; ++i)
      threads.emplace_back([&, i] { verify_stretch(file, make, meeting, progress, i, runs[i]); });
    verify_stretch(file, make, meeting, progress, 0, runs[0]);
  }
  // The stretches that started, in order; each must reach where the next one started.
  std::vector<std::size_t> started;
  for (std::size_t i = 0; i < stretches; ++i)
    if (meeting.start(i)) started.push_back(i);
  PartsVerify v;
  v.parts = static_cast<unsigned>(started.size());
  for (std::size_t k = 0; k < started.size(); ++k) {
    const Stretch& s = runs[started[k]];
    const std::uint64_t to = k + 1 < started.size() ? *meeting.start(started[k + 1]) : frames;
    // Anything but a clean stretch is said as the one-thread verify says it, an exception
    // too: thrown again there if the game throws from frame 1 as well.
    if (!verified_whole(s, *meeting.start(started[k]), to)) return from_frame_one();
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
