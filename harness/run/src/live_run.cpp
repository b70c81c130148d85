#include <algorithm>
#include <framecheck/run/live_run.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/session/session_lines.hpp>
#include <framecheck/session/session_reader.hpp>

#include "replay_driver.hpp"

namespace framecheck {

Result<std::unique_ptr<LiveRun>> LiveRun::start(Game& game, LiveRunOptions options) {
  return start(simulation_of(game), std::move(options));
}

Result<std::unique_ptr<LiveRun>> LiveRun::start(const SimulationFactory& make,
                                                LiveRunOptions options) {
  const SessionHeader& h = options.header;
  const std::string name = options.out.empty() ? std::string("the run") : options.out.string();
  // Nothing is recorded that its own replay would refuse: the header goes through the reader.
  if (Result<SessionReader> check = SessionReader::from_bytes(session_header_line(h) + "\n", name);
      !check) {
    return Error{name, "", check.error().what};
  }
  std::optional<SessionWriter> writer;
  if (!options.out.empty()) {
    Result<SessionWriter> opened = SessionWriter::create(options.out, h);
    if (!opened) return opened.error();
    writer.emplace(std::move(*opened));
  }
  auto run = std::unique_ptr<LiveRun>(new LiveRun(make, std::move(options), std::move(writer)));
  if (auto why = unreplayable(*run->sim_, run->options_.header.format)) {
    run->abandon();
    return Error{name, "", *why};
  }
  return run;
}

LiveRun::LiveRun(const SimulationFactory& make, LiveRunOptions options,
                 std::optional<SessionWriter> writer)
    : options_(std::move(options)),
      writer_(std::move(writer)),
      surface_(options_.header.run.surface_width, options_.header.run.surface_height) {
  SimulationSetup setup;
  setup.surface = &surface_;
  // The header's spec, whole: what the session says it ran at is what it runs at.
  setup.run = [run = options_.header.run](RunSpec& r) { r = run; };
  setup.debug = options_.debug;
  setup.frame_timer = options_.frame_timer;
  sim_ = make(setup);
}

LiveRun::~LiveRun() = default;

Status LiveRun::frame(const std::vector<InputEvent>& inputs, SimTime dt) {
  FrameRecord record;
  record.frame = sim_->frames() + 1;
  record.dt = dt;
  record.inputs = inputs;
  for (const InputEvent& e : record.inputs)
    apply_input(*sim_, e);
  sim_->frame(dt);
  const FrameWindow& window = sim_->diagnostics().window();
  record.sample_ms = window.sample(window.size() - 1);
  if (!writer_) return Ok{};
  const int format = options_.header.format;
  if (format >= 2) record.checksum = session_checksum(*sim_, format);
  if (keeps_game_state(format)) {
    // Whole when its fields' names or kinds change, else only the values that changed: most
    // frames of most games carry a field or two, or nothing.
    const auto now = sim_->game_state().fields();
    const auto then = last_game_.fields();
    const bool same_shape =
        std::equal(now.begin(), now.end(), then.begin(), then.end(),
                   [](const GameStateField& a, const GameStateField& b) {
                     return a.name == b.name && a.value.index() == b.value.index();
                   });
    if (!same_shape || record.frame == 1 || !game_names_unique_) {
      if (!now.empty() || !then.empty()) record.game.emplace(now.begin(), now.end());
      // Changes are written by name: a state that repeats a name is written whole each time.
      game_names_unique_ = true;
      for (std::size_t i = 0; i < now.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j)
          game_names_unique_ = game_names_unique_ && now[i].name != now[j].name;
      }
    } else {
      for (std::size_t i = 0; i < now.size(); ++i) {
        if (!(now[i] == then[i])) record.game_changes.push_back(now[i]);
      }
    }
    if (record.game || !record.game_changes.empty()) last_game_.assign({now.begin(), now.end()});
  }
  if (Status s = writer_->write(record); !s) return s;
  if (record.frame % static_cast<std::uint64_t>(options_.header.checkpoint_every) == 0) {
    last_checkpoint_ = record.frame;
    if (Status s = writer_->write(take_checkpoint(*sim_, options_.header.format)); !s) return s;
    // Where the state restores from data (for framecheck's engine: no pending timer made after
    // its level opened, which has no callback a replay could give it); else the frame goes
    // without.
    const std::int64_t every = options_.header.keyframe_every;
    if (has_keyframes(options_.header.format) && every > 0 &&
        record.frame % static_cast<std::uint64_t>(every) == 0 && sim_->restorable_from_data())
      return writer_->write(keyframe_of(sim_->data()));
  }
  return Ok{};
}

Status LiveRun::finish() {
  if (!writer_) return Ok{};
  // A finding's session may end before frame 1: the finding's own frame never ended, and its
  // input is in the header.
  if (sim_->frames() == 0 && !options_.header.finding) {
    writer_->abandon();
    return Error{options_.out.string(), "",
                 "nothing was recorded: the run ended before its first frame"};
  }
  if (sim_->frames() > 0 && last_checkpoint_ != sim_->frames()) {
    last_checkpoint_ = sim_->frames();
    if (Status s = writer_->write(take_checkpoint(*sim_, options_.header.format)); !s) return s;
  }
  return writer_->finish();
}

void LiveRun::abandon() {
  if (writer_) writer_->abandon();
}

Error LiveRun::keep(Error failure) {
  if (!writer_) return failure;
  // A finding's session may end before frame 1: the finding's own frame never ended, and its
  // input is in the header.
  if (sim_->frames() == 0 && !options_.header.finding) {
    writer_->abandon();
    return failure;
  }
  const std::filesystem::path kept = writer_->keep();
  if (!kept.empty()) {
    failure.what +=
        "; what was recorded before it is kept in " + kept.string() + ", which replays as a prefix";
  }
  return failure;
}

}  // namespace framecheck
