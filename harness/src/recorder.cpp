#include <chrono>
#include <framecheck/engine.hpp>
#include <framecheck/recorder.hpp>
#include <framecheck/replayer.hpp>
#include <framecheck/session_writer.hpp>
#include <thread>

namespace framecheck {

Status record_session(Game& game, const RecordOptions& options, const std::filesystem::path& out) {
  const SessionHeader& h = options.header;
  Result<SessionWriter> writer = SessionWriter::create(out, h);
  if (!writer) return writer.error();

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
    if (Status s = writer->write(record); !s) return s;
    if (n % static_cast<std::uint64_t>(h.checkpoint_every) == 0 || n == options.frames) {
      if (Status s = writer->write(take_checkpoint(engine)); !s) return s;
    }
    if (options.realtime) std::this_thread::sleep_until(started + engine.now());
    if (options.progress) options.progress(n, options.frames);
  }
  return writer->finish();
}

}  // namespace framecheck
