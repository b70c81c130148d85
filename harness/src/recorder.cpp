#include <algorithm>
#include <chrono>
#include <framecheck/engine.hpp>
#include <framecheck/recorder.hpp>
#include <framecheck/replayer.hpp>
#include <framecheck/session_reader.hpp>
#include <framecheck/session_writer.hpp>
#include <thread>

namespace framecheck {

Status record_session(Game& game, const RecordOptions& options, const std::filesystem::path& out) {
  const SessionHeader& h = options.header;
  // Nothing is recorded that its own replay would refuse: the header goes through the reader.
  if (Result<SessionReader> check =
          SessionReader::from_bytes(session_header_line(h) + "\n", out.string());
      !check) {
    return Error{out.string(), "", check.error().what};
  }
  const std::int64_t ticks_per_frame = (h.tick_rate + h.fps - 1) / h.fps;
  if (ticks_per_frame > kMaxTicksPerFrame) {
    return Error{out.string(), "",
                 "a frame at " + std::to_string(h.fps) + " fps would ask for " +
                     std::to_string(ticks_per_frame) + " ticks at tick_rate " +
                     std::to_string(h.tick_rate) + "; a frame runs at most " +
                     std::to_string(kMaxTicksPerFrame)};
  }
  if (const std::vector<std::string> known = game.levels(); !known.empty()) {
    for (const auto& [frame, events] : options.input.all()) {
      for (const InputEvent& e : events) {
        const Travel* travel = std::get_if<Travel>(&e);
        if (travel == nullptr ||
            std::find(known.begin(), known.end(), travel->level) != known.end())
          continue;
        std::string names;
        for (const std::string& level : known)
          names += (names.empty() ? "" : ", ") + level;
        return Error{out.string(), "frame " + std::to_string(frame),
                     "travel to unknown level '" + travel->level + "'; the game has " + names};
      }
    }
  }
  Result<SessionWriter> writer = SessionWriter::create(out, h);
  if (!writer) return writer.error();
  const auto failed = [&](Status s) {
    writer->abandon();
    return s;
  };

  Surface surface(h.surface_width, h.surface_height);
  double stall_ms = 0;
  EngineOptions engine_options;
  engine_options.surface = &surface;
  engine_options.logical_size = {h.logical_width, h.logical_height};
  engine_options.tick_rate = h.tick_rate;
  engine_options.seed = h.seed;
  engine_options.debug = options.debug;
  engine_options.on_stage = [&](FrameStage stage) {
    if (stage == FrameStage::kRender && stall_ms > 0) {
      std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(stall_ms));
    }
  };
  Engine engine(game, engine_options);

  const FixedRate rate(h.fps);
  const auto started = std::chrono::steady_clock::now();
  for (std::uint64_t n = 1; n <= options.frames; ++n) {
    FrameRecord record;
    record.frame = n;
    record.dt = rate.step_length(static_cast<std::int64_t>(n));
    record.inputs = options.input.before(n);
    for (const InputEvent& e : record.inputs)
      apply_input(engine, e);
    const auto stall = options.stalls_ms.find(n);
    stall_ms = stall == options.stalls_ms.end() ? 0 : stall->second;
    engine.frame(record.dt);
    record.sample_ms =
        engine.diagnostics().window().sample(engine.diagnostics().window().size() - 1);
    if (Status s = writer->write(record); !s) return failed(s);
    if (n % static_cast<std::uint64_t>(h.checkpoint_every) == 0 || n == options.frames) {
      if (Status s = writer->write(take_checkpoint(engine)); !s) return failed(s);
    }
    if (options.realtime) std::this_thread::sleep_until(started + engine.now());
    if (options.progress) options.progress(n, options.frames);
  }
  if (Status s = writer->finish(); !s) return failed(s);
  return Ok{};
}

}  // namespace framecheck
