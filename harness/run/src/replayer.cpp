#include <algorithm>
#include <cmath>
#include <framecheck/diagnostics/format.hpp>
#include <framecheck/drive/driver.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/session/read_ahead.hpp>
#include <framecheck/session/session_lines.hpp>
#include <utility>
#include <vector>

#include "frame_check.hpp"
#include "replay_driver.hpp"

namespace framecheck {
namespace {

bool same_value(const DiagnosticValue& a, const DiagnosticValue& b) {
  if (a.is_number() && b.is_number() && std::isnan(a.as_number()) && std::isnan(b.as_number()))
    return true;
  return a == b;
}

std::string shown(const FrameMetrics& m) {
  return format_metrics(m) + " over " + std::to_string(m.samples) + " samples";
}

std::vector<std::string> compare(int format, const Checkpoint& recorded,
                                 const Checkpoint& replayed) {
  std::vector<std::string> out;
  const auto& a = recorded.readings;
  const auto& b = replayed.readings;
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    if (i >= a.size()) {
      out.push_back("reading \"" + b[i].name + "\": not recorded, replayed " +
                    describe_outcome(b[i]));
    } else if (i >= b.size()) {
      out.push_back("reading \"" + a[i].name + "\": recorded " + describe_outcome(a[i]) +
                    ", not replayed");
    } else if (a[i].name != b[i].name) {
      out.push_back("reading " + std::to_string(i + 1) + ": recorded \"" + a[i].name +
                    "\", replayed \"" + b[i].name + "\"");
    } else if (a[i].value.has_value() != b[i].value.has_value() ||
               (a[i].value && !same_value(*a[i].value, *b[i].value)) ||
               (!a[i].value && a[i].error != b[i].error)) {
      out.push_back("reading \"" + a[i].name + "\": recorded " + describe_outcome(a[i]) +
                    ", replayed " + describe_outcome(b[i]));
    }
  }
  if (!(recorded.metrics == replayed.metrics)) {
    out.push_back("metrics: recorded " + shown(recorded.metrics) + ", replayed " +
                  shown(replayed.metrics));
  }
  if (recorded.checksum != replayed.checksum)
    out.push_back(checksum_difference(format, recorded.checksum, replayed.checksum));
  // What a checkpoint states of the world and the game must be the resimulation's too, whatever
  // its checksum says: a stated state that contradicts its own checksum (hand-edited, or written
  // by another tool) is named, not taken on trust.
  if (recorded.world && replayed.world) {
    if (auto field = first_difference(*recorded.world, *replayed.world))
      out.push_back(std::move(*field));
  }
  if (keeps_game_state(format) && (recorded.game || replayed.game)) {
    const std::vector<GameStateField> none;
    const std::vector<GameStateField>& stated = recorded.game ? *recorded.game : none;
    const std::vector<GameStateField>& replayed_game = replayed.game ? *replayed.game : none;
    if (stated != replayed_game) {  // the states built only to name the difference
      GameState then, now;
      then.assign(stated);
      now.assign(replayed_game);
      if (auto field = first_difference(then, now)) out.push_back(std::move(*field));
    }
  }
  return out;
}

}  // namespace

std::uint64_t session_checksum(Simulation& sim, int format) {
  if (keeps_game_state(format)) return sim.checksum();
  return sim.world_checksum(world_hash_for(format)).value_or(0);
}

std::optional<std::string> unreplayable(Simulation& sim, int format) {
  if (keeps_game_state(format) || sim.world_checksum(world_hash_for(format))) return std::nullopt;
  return "a session of format " + std::to_string(format) +
         " keeps checksums of framecheck's engine's world alone, and this game runs on an engine "
         "of its own: record it again (format " +
         std::to_string(kSessionFormatVersion) + ")";
}

Checkpoint take_checkpoint(Simulation& sim, int format) {
  Checkpoint c;
  c.frame = sim.frames();
  if (keeps_game_state(format)) {
    // The checksum and the state it covers from one fill.
    const Simulation::ChecksumAndState now = sim.checksum_and_state();
    c.checksum = now.checksum;
    const auto fields = now.state.fields();
    if (!fields.empty()) c.game.emplace(fields.begin(), fields.end());
  } else {
    c.checksum = session_checksum(sim, format);
  }
  c.world = sim.describe().world;
  c.readings = sim.diagnostics().read();
  c.metrics = sim.diagnostics().metrics();
  return c;
}

DriverOptions replay_driver_options(const SessionHeader& h, std::shared_ptr<RecordedSample> samples,
                                    DebugFlags debug) {
  DriverOptions o;
  o.run = [run = h.run](RunSpec& r) { r = run; };  // the header's spec, whole
  o.samples = std::move(samples);
  o.debug = std::move(debug);
  return o;
}

Result<ReplayReport> replay_session(SessionReader& reader, Game& game,
                                    const ReplayOptions& options) {
  return replay_session(reader, simulation_of(game), options);
}

Result<ReplayReport> replay_session(SessionReader& reader, const SimulationFactory& make,
                                    const ReplayOptions& options) {
  auto samples = std::make_shared<RecordedSample>();
  DriverOptions driver_options = replay_driver_options(reader.header(), samples, options.debug);
  driver_options.log = options.log;
  Driver driver(make, driver_options);
  Simulation& engine = driver.simulation();
  if (auto why = unreplayable(engine, reader.header().format))
    return Error{reader.name(), "line 1", *why};

  ReplayReport report;
  const int format = reader.header().format;
  FrameCheck check(format);  // each frame held to its record
  std::string last_level;    // the overlay's level (its world line) as the series last saw it
  if (options.from_frame || options.choose_keyframe) {
    SessionReader::KeyframeStart start;
    Result<SessionReader::Seek> seek = options.choose_keyframe
                                           ? reader.seek_keyframe(options.choose_keyframe, start)
                                           : reader.seek_keyframe(*options.from_frame, start);
    if (!seek) return seek.error();
    if (options.choose_keyframe && *seek != SessionReader::Seek::kKeyframe)
      return Error{reader.name(), "", "no keyframe was chosen to start from"};
    if (*seek == SessionReader::Seek::kReopen) {
      return Error{reader.name(), "",
                   "no keyframe at or near frame " + std::to_string(*options.from_frame) +
                       " to start from, and standard input cannot be read again from frame 1: "
                       "give the session's file name"};
    }
    if (*seek == SessionReader::Seek::kKeyframe) {
      const std::uint64_t at = start.keyframe.frame();
      const auto cannot = [&](const std::string& why) {
        return Error{reader.name(), "frame " + std::to_string(at),
                     "the keyframe cannot be restored: " + why};
      };
      EngineData data;
      if (auto problem =
              engine_data(start.keyframe, start.checkpoint, std::move(start.window), data))
        return cannot(*problem);
      if (auto problem = engine.restore(data)) return cannot(*problem);
      check.start_from(std::move(data.game));
      last_level = engine.diagnostics().world_line().level;
      report.started_after = at;
      report.frames = at;
    }
  }
  // Parsing runs on a thread of its own, overlapping the game's frames; a replay that stops at
  // a frame reads on this one, so the reader stops where the replay does (its warnings and its
  // place are then those of the records replayed).
  std::optional<ReadAhead> ahead;
  if (!options.to_frame && !options.stop_at_keyframe) ahead.emplace(reader);
  std::optional<SessionRecord> direct;
  const auto next_record = [&]() -> Result<SessionRecord*> {
    if (ahead) return ahead->next();
    Result<std::optional<SessionRecord>> next = reader.next();
    if (!next) return next.error();
    direct = std::move(*next);
    return direct ? &*direct : nullptr;
  };
  const auto progress = [&] { return ahead ? ahead->progress() : reader.progress(); };
  while (true) {
    Result<SessionRecord*> next = next_record();
    if (!next) return next.error();
    if (*next == nullptr) break;
    SessionRecord& record = **next;

    if (auto* frame = std::get_if<FrameRecord>(&record)) {
      if (options.before_frame) options.before_frame(frame->frame);
      for (const InputEvent& e : frame->inputs)
        apply_input(engine, e);
      samples->next = frame->sample_ms;
      engine.frame(frame->dt);
      report.frames = frame->frame;
      const bool stated = check.take_recorded(*frame);
      if (options.verify && (frame->checksum || check.checks_state(stated))) {
        if (!keeps_game_state(format)) {
          check.check(frame->frame, frame->checksum, session_checksum(engine, format), stated,
                      nullptr);
        } else if (frame->checksum) {
          // The checksum and the stated fields from one fill.
          const Simulation::ChecksumAndState now = engine.checksum_and_state();
          check.check(frame->frame, frame->checksum, now.checksum, stated, &now.state);
        } else {
          check.check(frame->frame, std::nullopt, 0, stated, &engine.game_state());
        }
      }
      if (options.series) {
        const FrameMetrics m = engine.diagnostics().metrics();
        report.series.sample_ms.push_back(frame->sample_ms);
        report.series.mean_ms.push_back(m.mean_ms);
        report.series.p95_ms.push_back(m.p95_ms);
        report.series.p99_ms.push_back(m.p99_ms);
        const WorldLine line = engine.diagnostics().world_line();
        if (line.level != last_level && line.level != WorldLine{}.level) {
          last_level = line.level;
          report.series.levels.emplace_back(frame->frame, last_level);
        }
      }
      if (options.snapshot_frames.contains(frame->frame)) {
        Snapshot s{frame->frame, engine.diagnostics().read(), engine.diagnostics().metrics(),
                   engine.diagnostics().panel_lines()};
        report.snapshots.push_back(std::move(s));
      }
      if (options.render_frames.contains(frame->frame)) {
        const bool shown_before = engine.diagnostics().enabled();
        engine.diagnostics().set_enabled(true);
        report.renders[frame->frame] = driver.render_png();
        engine.diagnostics().set_enabled(shown_before);
      }
      if (options.progress && frame->frame % 4096 == 0) options.progress(progress());
      if (options.to_frame && frame->frame >= *options.to_frame) break;
    } else if (const auto* recorded = std::get_if<Checkpoint>(&record)) {
      ++report.checkpoints;
      if (options.verify) {
        std::vector<std::string> differences =
            compare(format, *recorded, take_checkpoint(engine, format));
        if (!differences.empty())
          report.divergences.push_back({recorded->frame, std::move(differences)});
      }
    } else {
      // A keyframe is a claim like any other: what a restore there would put back must be what
      // the resimulation holds, or a replay from it would start somewhere else.
      const Keyframe& keyframe = std::get<Keyframe>(record);
      ++report.keyframes;
      if (options.verify) {
        if (auto field = first_difference(keyframe, keyframe_of(engine.data()))) {
          if (!report.divergences.empty() && report.divergences.back().frame == keyframe.frame())
            report.divergences.back().differences.push_back(std::move(*field));
          else
            report.divergences.push_back({keyframe.frame(), {std::move(*field)}});
        }
      }
      if (options.stop_at_keyframe && options.stop_at_keyframe(keyframe.frame())) break;
    }
  }
  report.checked_frames = check.checked_frames();
  report.first_divergent_frame = check.first_divergence();
  return report;
}

}  // namespace framecheck
