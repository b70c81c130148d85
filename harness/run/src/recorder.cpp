#include <algorithm>
#include <chrono>
#include <framecheck/engine.hpp>
#include <framecheck/run/live_run.hpp>
#include <framecheck/run/recorder.hpp>
#include <thread>

namespace framecheck {
namespace {

// The wall clock, with a stall slept inside the frame's bracket: a real, measured hitch.
class StallingTimer final : public FrameTimer {
 public:
  void frame_started() override { clock_.frame_started(); }
  double frame_finished(const FrameInfo& frame) override {
    if (stall_ms > 0)
      std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(stall_ms));
    return clock_.frame_finished(frame);
  }
  void tick_started() override { clock_.tick_started(); }
  std::optional<double> tick_finished() override { return clock_.tick_finished(); }
  double stall_ms = 0;

 private:
  WallClockTimer clock_;
};

}  // namespace

Status record_session(Game& game, const RecordOptions& options, const std::filesystem::path& out) {
  return record_session(simulation_of(game), options, out);
}

Status record_session(const SimulationFactory& make, const RecordOptions& options,
                      const std::filesystem::path& out) {
  const RunSpec& spec = options.header.run;
  const std::int64_t ticks_per_frame = (spec.tick_rate + spec.fps - 1) / spec.fps;
  if (ticks_per_frame > kMaxTicksPerFrame) {
    return Error{out.string(), "",
                 "a frame at " + std::to_string(spec.fps) + " fps would ask for " +
                     std::to_string(ticks_per_frame) + " ticks at tick_rate " +
                     std::to_string(spec.tick_rate) + "; a frame runs at most " +
                     std::to_string(kMaxTicksPerFrame)};
  }
  auto timer = std::make_shared<StallingTimer>();
  LiveRunOptions live;
  live.header = options.header;
  live.out = out;
  live.debug = options.debug;
  live.frame_timer = timer;
  Result<std::unique_ptr<LiveRun>> run = LiveRun::start(make, std::move(live));
  if (!run) return run.error();
  if (const std::vector<std::string> known = (*run)->simulation().levels(); !known.empty()) {
    for (const auto& [frame, events] : options.input.all()) {
      for (const InputEvent& e : events) {
        const Travel* travel = std::get_if<Travel>(&e);
        if (travel == nullptr ||
            std::find(known.begin(), known.end(), travel->level) != known.end())
          continue;
        std::string names;
        for (const std::string& level : known)
          names += (names.empty() ? "" : ", ") + level;
        // The script is what is wrong, so the message names it (or the output, for a script
        // made in code).
        const std::string named =
            options.input_file.empty() ? out.string() : options.input_file.string();
        (*run)->abandon();
        return Error{named, "frame " + std::to_string(frame),
                     "travel to unknown level '" + travel->level + "'; the game has " + names};
      }
    }
  }
  const auto failed = [&](Status s) -> Status { return (*run)->keep(s.error()); };

  const FixedRate rate(spec.fps);
  const auto started = std::chrono::steady_clock::now();
  for (std::uint64_t n = 1; n <= options.frames; ++n) {
    const auto stall = options.stalls_ms.find(n);
    timer->stall_ms = stall == options.stalls_ms.end() ? 0 : stall->second;
    if (Status s =
            (*run)->frame(options.input.before(n), rate.step_length(static_cast<std::int64_t>(n)));
        !s)
      return failed(s);
    if (options.realtime) std::this_thread::sleep_until(started + (*run)->simulation().now());
    if (options.progress) options.progress(n, options.frames);
  }
  if (Status s = (*run)->finish(); !s) return failed(s);
  return Ok{};
}

}  // namespace framecheck
