#include <algorithm>
#include <charconv>
#include <exception>
#include <framecheck/run/verify_in_parts.hpp>
#include <framecheck/session/session_reader.hpp>
#include <fstream>
#include <limits>
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

// One stretch: from its keyframe (0: frame 1) through the records after frame `to`.
struct Stretch {
  std::uint64_t from = 0;
  std::uint64_t to = std::numeric_limits<std::uint64_t>::max();  // the session's end
  Result<ReplayReport> report = ReplayReport{};
  std::vector<std::string> warnings;
  std::exception_ptr thrown;  // a game's exception: the stretch did not verify
};

void verify_stretch(const std::filesystem::path& file, const SimulationFactory& make, Stretch& s) {
  try {
    Result<SessionReader> reader = SessionReader::open(file);
    if (!reader) {
      s.report = reader.error();
      return;
    }
    ReplayOptions o;
    o.verify = true;
    if (s.from > 0) {
      o.from_frame = s.from;
      o.from_keyframe_exactly = true;
    }
    // A frame to stop at reads on this thread, not one of its own: the stretches are the
    // threads.
    o.to_frame = s.to;
    o.to_frame_records = true;
    s.report = replay_session(*reader, make, o);
    s.warnings = reader->warnings();
  } catch (...) {
    s.thrown = std::current_exception();
  }
}

// Whether the stretch verified, all of it, from where it was to start to where it was to end.
bool verified_whole(const Stretch& s, bool last) {
  if (s.thrown || !s.report || !s.warnings.empty()) return false;
  const ReplayReport& r = *s.report;
  return r.started_after == s.from && (last || r.frames == s.to) && !r.first_divergent_frame &&
         r.divergences.empty();
}

Result<PartsVerify> verify_from_frame_one(const std::filesystem::path& file,
                                          const SimulationFactory& make) {
  Result<SessionReader> reader = SessionReader::open(file);
  if (!reader) return reader.error();
  ReplayOptions o;
  o.verify = true;
  Result<ReplayReport> report = replay_session(*reader, make, o);
  if (!report) return report.error();
  return PartsVerify{std::move(*report), reader->warnings(), 1};
}

}  // namespace

std::vector<std::uint64_t> stretch_starts(std::uint64_t frames, std::uint64_t keyframe_every,
                                          unsigned jobs) {
  std::vector<std::uint64_t> starts;
  if (keyframe_every == 0 || frames <= keyframe_every || jobs < 2) return starts;
  // The keyframes a stretch can start at: every one before the last frame.
  const std::uint64_t keyframes = (frames - 1) / keyframe_every;
  for (std::uint64_t j = 1; j < jobs; ++j) {
    // The keyframe nearest the j-th even share of the frames.
    const std::uint64_t k = (frames * j / jobs + keyframe_every / 2) / keyframe_every;
    const std::uint64_t at = std::clamp<std::uint64_t>(k, 1, keyframes) * keyframe_every;
    if (starts.empty() || at > starts.back()) starts.push_back(at);
  }
  return starts;
}

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

Result<PartsVerify> verify_in_parts(const std::filesystem::path& file,
                                    const SimulationFactory& make, unsigned jobs) {
  // Standard input, a pipe or a .zst file is opened once, and read from frame 1.
  const std::uint64_t frames = jobs < 2 ? 0 : last_recorded_frame(file);
  if (frames == 0) return verify_from_frame_one(file, make);
  std::uint64_t keyframe_every = 0;
  {
    Result<SessionReader> reader = SessionReader::open(file);
    if (!reader) return reader.error();
    if (has_keyframes(reader->header().format) && reader->header().keyframe_every > 0)
      keyframe_every = static_cast<std::uint64_t>(reader->header().keyframe_every);
  }
  const std::vector<std::uint64_t> starts = stretch_starts(frames, keyframe_every, jobs);
  if (starts.empty()) return verify_from_frame_one(file, make);

  std::vector<Stretch> stretches(starts.size() + 1);
  for (std::size_t i = 0; i < starts.size(); ++i) {
    stretches[i].to = starts[i];
    stretches[i + 1].from = starts[i];
  }
  {
    // The first stretch on this thread, each other on one of its own.
    std::vector<std::jthread> threads;
    for (std::size_t i = 1; i < stretches.size(); ++i)
      threads.emplace_back([&, i] { verify_stretch(file, make, stretches[i]); });
    verify_stretch(file, make, stretches[0]);
  }
  PartsVerify v;
  v.parts = static_cast<unsigned>(stretches.size());
  for (std::size_t i = 0; i < stretches.size(); ++i) {
    const Stretch& s = stretches[i];
    // Anything but a clean stretch is said as the one-thread verify says it, an exception
    // too: thrown again there if the game throws from frame 1 as well.
    if (!verified_whole(s, i + 1 == stretches.size())) return verify_from_frame_one(file, make);
    const ReplayReport& r = *s.report;
    v.report.frames = r.frames;
    v.report.checkpoints += r.checkpoints;
    v.report.keyframes += r.keyframes;
    v.report.checked_frames += r.checked_frames;
  }
  return v;
}

}  // namespace framecheck
