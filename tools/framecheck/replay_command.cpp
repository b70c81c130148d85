#include "replay_command.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <framecheck/checks/determinism_check.hpp>
#include <framecheck/checks/heap_perturbation.hpp>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/diagnostics/format.hpp>
#include <framecheck/explore/finding_session.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/io/output_file.hpp>
#include <framecheck/plot/divergence_clip.hpp>
#include <framecheck/plot/frame_plot.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/run/verify_in_parts.hpp>
#include <framecheck/session/math_fingerprint.hpp>
#include <framecheck/session/reading_json.hpp>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <thread>

#include "debug_flags_option.hpp"
#include "exit_codes.hpp"
#include "option_reader.hpp"
#include "program_name.hpp"
#include "progress_bar.hpp"

namespace framecheck::cli {
namespace {
// More threads than any machine's cores, and than an hour's stretches: a typo, not a request.
constexpr std::int64_t kMaxJobs = 256;
}  // namespace

Parsed<ReplayCommandOptions> parse_replay(int argc, const char* const* argv) {
  cxxopts::Options options(command_name("replay"),
                           "Re-run a recorded session headlessly, frame for frame.");
  options.positional_help("FILE [--clip FROM:TO OUT.png]");
  options.add_options()                                             //
      ("verify", "compare every checkpoint; exit 1 on divergence")  //
      ("from",
       "start at the last keyframe at or before frame F (format 6), restored, and verify from "
       "there; --at, --png and --clip start from the keyframe before their first frame anyway",
       cxxopts::value<std::string>(), "F")  //
      ("jobs",
       "verify on N threads, the stretches between the session's keyframes side by side "
       "(format 6, a plain file; anything but a clean pass is verified again from frame 1); 0: "
       "one per core, the default of --verify alone; 1: from frame 1 on one thread",
       cxxopts::value<std::string>(), "N")                                                   //
      ("at", "print the readings and metrics at this frame", cxxopts::value<std::string>())  //
      ("json", "print --at as JSON")                                                         //
      ("png", "FRAME:OUT.png: render that frame with its overlay (repeatable)",
       cxxopts::value<std::vector<std::string>>())  //
      ("clip",
       "FROM:TO OUT.png: those frames, overlay on, as an animated PNG; the first divergent "
       "frame framed in red",
       cxxopts::value<std::string>())                                                      //
      ("metrics-csv", "per frame: sample, mean, p95, p99", cxxopts::value<std::string>())  //
      ("plot", "a frame-time plot of the whole session", cxxopts::value<std::string>())    //
      ("no-progress", "never show the progress bar")                                       //
      ("log", "print the panel as a text block once per simulated second")                 //
      ("perturb-heap",
       "rising or falling: before the game is made and before every frame, leave the "
       "allocator handing out blocks in that address order, and fill the storage of a game "
       "made by make_game with a byte of its own (what check-determinism's perturbed runs do)",
       cxxopts::value<std::string>())  //
      ("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
       cxxopts::value<std::vector<std::string>>())  //
      ("h,help", "show this help")                  //
      ("file", "", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"file"});
  return parse_command<ReplayCommandOptions>(
      options, "replay", argc, argv, true, [](OptionReader& o, ReplayCommandOptions& c) {
        const auto files = o.list("file");
        // --clip's picture is the one positional argument after the session's.
        if (o.has("clip")) {
          if (files.size() != 2)
            return o.fail("--clip FROM:TO OUT.png: expected the session file and OUT.png");
          c.clip = o.text("clip");
          c.clip_out = files[1];
          if (c.clip_out.empty())
            return o.fail("--clip needs a file name for its picture; it was given ''");
        } else if (files.size() != 1) {
          return o.fail("expected one session file");
        }
        c.file = files[0];
        if (c.file.empty()) return o.fail("the session file name is empty");
        c.verify = o.flag("verify");
        if (o.has("at")) c.at = o.whole<std::int64_t>("at", 1, kMaxFrames);
        if (o.has("from")) c.from = o.whole<std::int64_t>("from", 1, kMaxFrames);
        c.json = o.flag("json");
        c.pngs = o.list("png");
        c.metrics_csv = o.path("metrics-csv");
        c.plot = o.path("plot");
        c.progress = !o.flag("no-progress");
        c.log = o.flag("log");
        c.debug = o.list("debug");
        if (o.has("perturb-heap")) c.perturb_heap = o.text("perturb-heap");
        if (c.perturb_heap != "" && c.perturb_heap != "rising" && c.perturb_heap != "falling")
          o.fail("--perturb-heap is rising or falling");
        if (c.json && c.at == 0) o.fail("--json goes with --at");
        // A verify alone runs on every core unless told otherwise: a failing stretch is
        // verified again from frame 1, so the verdict and the messages are one thread's.
        const bool alone = c.verify && c.at == 0 && c.pngs.empty() && c.clip.empty() &&
                           c.metrics_csv.empty() && c.plot.empty() && !c.log && c.debug.empty() &&
                           c.perturb_heap.empty() && c.from == 0;
        const std::int64_t jobs = o.has("jobs") ? o.whole<std::int64_t>("jobs", 0, kMaxJobs)
                                  : alone       ? 0
                                                : 1;
        c.jobs = jobs > 0 ? static_cast<unsigned>(jobs)
                          : std::clamp(std::thread::hardware_concurrency(), 1u,
                                       static_cast<unsigned>(kMaxJobs));
        if (o.has("jobs") && !alone) o.fail("--jobs goes with --verify alone");
      });
}

namespace {

struct PngRequest {
  std::uint64_t frame;
  std::string path;
};

// "FROM:TO", 1 <= FROM <= TO, at most kMaxClipFrames frames.
std::optional<ClipRange> parse_clip_range(const std::string& spec) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return std::nullopt;
  ClipRange r;
  const char* begin = spec.data();
  const char* mid = begin + colon;
  const char* end = begin + spec.size();
  const auto a = std::from_chars(begin, mid, r.from);
  const auto b = std::from_chars(mid + 1, end, r.to);
  if (a.ec != std::errc() || a.ptr != mid || b.ec != std::errc() || b.ptr != end)
    return std::nullopt;
  if (r.from < 1 || r.to < r.from || r.to - r.from + 1 > kMaxClipFrames) return std::nullopt;
  return r;
}

bool parse_png_request(const std::string& spec, PngRequest& out) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos || colon + 1 >= spec.size()) return false;
  const auto [end, ec] = std::from_chars(spec.data(), spec.data() + colon, out.frame);
  out.path = spec.substr(colon + 1);
  return ec == std::errc() && end == spec.data() + colon && out.frame >= 1;
}

// Shortest round-trip form: the CSV holds exactly the doubles the replay computed.
void append_double(std::string& out, double v) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, end);
}

std::string csv(const FrameSeries& s) {
  std::string out = "frame,sample_ms,mean_ms,p95_ms,p99_ms\n";
  for (std::size_t i = 0; i < s.sample_ms.size(); ++i) {
    out += std::to_string(i + 1);
    for (const auto* column : {&s.sample_ms, &s.mean_ms, &s.p95_ms, &s.p99_ms}) {
      out += ',';
      append_double(out, (*column)[i]);
    }
    out += '\n';
  }
  return out;
}

}  // namespace

namespace {

// What replaying a finding's session showed, said; its exit status: 1 while a finding shows.
int report_finding(const std::string& file, const FindingReplay& played, std::ostream& out) {
  if (!played.found) {
    out << "verified " << file << ": " << played.frames
        << (played.frames == 1 ? " frame" : " frames")
        << ", no finding: the one it was written for (" << describe(played.recorded)
        << ") no longer shows\n";
    return kExitOk;
  }
  out << file << ": " << escape_text(describe(*played.found)) << '\n';
  if (played.same()) {
    out << "  the finding it was written for, at the same frame\n";
  } else {
    out << "  it was written for another: " << escape_text(describe(played.recorded)) << '\n';
  }
  return kExitMismatch;
}

}  // namespace

int run_replay(const ReplayCommandOptions& options, std::ostream& stdout_text, std::ostream& err) {
  const auto fail = [&](const std::string& message) {
    err << command_name("replay") << ": " << message << '\n';
    return kExitBadInput;
  };
  std::vector<PngRequest> pngs;
  for (const std::string& spec : options.pngs) {
    PngRequest request;
    if (!parse_png_request(spec, request))
      return fail("--png " + spec + ": expected FRAME:OUT.png, FRAME from 1");
    pngs.push_back(request);
  }
  std::optional<ClipRange> clip;
  if (!options.clip.empty()) {
    clip = parse_clip_range(options.clip);
    if (!clip) {
      return fail("--clip " + options.clip + ": expected FROM:TO, 1 <= FROM <= TO, at most " +
                  std::to_string(kMaxClipFrames) + " frames");
    }
  }

  // Every output is checked before the replay runs, so a bad one leaves nothing half done.
  std::vector<std::filesystem::path> outputs;
  for (const PngRequest& p : pngs)
    outputs.emplace_back(p.path);
  if (!options.metrics_csv.empty()) outputs.emplace_back(options.metrics_csv);
  if (!options.plot.empty()) outputs.emplace_back(options.plot);
  if (clip) outputs.emplace_back(options.clip_out);
  const std::filesystem::path inputs[] = {options.file};
  if (Status s = check_outputs(outputs, inputs); !s) return fail(s.error().message());
  std::ostream& out = writes_standard_output(outputs) ? err : stdout_text;

  Result<SessionReader> reader = SessionReader::open(options.file);
  if (!reader) return fail(reader.error().message());
  const SessionHeader h = reader->header();  // a copy: the reader may be opened again
  const CatalogEntry* entry = find_game(h.game);
  if (entry == nullptr)
    return fail(options.file + ":line 1: unknown game '" + escape_text(h.game) + "' (" +
                program_name() + " games lists them)");
  if (h.game_version != entry->version) {
    err << command_name("replay") << ": warning: " << options.file << " was recorded with "
        << escape_text(h.game) << " " << escape_text(h.game_version) << "; this is " << entry->id
        << " " << entry->version << ", so a verify may diverge\n";
  }

  // A finding's session verifies its finding: its input played again, watched as explore
  // watched it. Whatever else was asked is the ordinary replay's.
  std::optional<int> finding_status;
  if (options.verify && h.finding) {
    const bool more = options.at > 0 || !pngs.empty() || clip || !options.metrics_csv.empty() ||
                      !options.plot.empty();
    if (more && options.file == "-")
      return fail("a finding's session on standard input is read once: --verify it alone");
    Result<FindingReplay> played = replay_finding(*reader, simulation_factory(*entry));
    if (!played) return fail(played.error().message());
    finding_status = report_finding(options.file, *played, out);
    if (!more) return *finding_status;
    reader = SessionReader::open(options.file);  // again from line 1, for the rest
    if (!reader) return fail(reader.error().message());
  }

  ReplayOptions replay;
  // A clip marks the first divergent frame, so it verifies too; only --verify reports it.
  replay.verify = (options.verify && !finding_status) || clip.has_value();
  if (options.at > 0) replay.snapshot_frames.insert(static_cast<std::uint64_t>(options.at));
  for (const PngRequest& p : pngs)
    replay.render_frames.insert(p.frame);
  if (clip) {
    for (std::uint64_t f = clip->from; f <= clip->to; ++f)
      replay.render_frames.insert(f);
  }
  replay.series = !options.metrics_csv.empty() || !options.plot.empty();
  // From the last keyframe before the first frame asked for: --from's, else the first of --at,
  // --png and --clip when nothing needs every frame (a plot, a CSV, a whole verify).
  if (options.from > 0) {
    replay.from_frame = static_cast<std::uint64_t>(options.from);
  } else if (!replay.series && !options.verify &&
             (options.at > 0 || !pngs.empty() || clip.has_value())) {
    std::uint64_t first = std::numeric_limits<std::uint64_t>::max();
    if (options.at > 0) first = static_cast<std::uint64_t>(options.at);
    for (const PngRequest& p : pngs)
      first = std::min(first, p.frame);
    if (clip) first = std::min(first, clip->from);
    // The frame before it: a keyframe at the frame itself would leave it unsimulated.
    if (first > 1) replay.from_frame = first - 1;
    // And nothing after the last one is replayed.
    std::uint64_t last = static_cast<std::uint64_t>(options.at);
    for (const PngRequest& p : pngs)
      last = std::max(last, p.frame);
    if (clip) last = std::max(last, clip->to);
    replay.to_frame = last;
  }
  replay.debug = debug_flags(options.debug, *entry, err, "replay");
  if (options.log) replay.log = [&](const std::string& block) { out << block << '\n'; };
  ProgressBar bar("replaying", options.progress);
  replay.progress = [&](double done) { bar.update(done); };
  // Perturbed as check-determinism's perturbed runs are: before the game is made, with its
  // storage filled, and before every frame.
  SimulationFactory game = simulation_factory(*entry);
  if (!options.perturb_heap.empty()) {
    const HeapOrder order =
        options.perturb_heap == "rising" ? HeapOrder::kRising : HeapOrder::kFalling;
    replay.before_frame = [order](std::uint64_t frame) { perturb_heap(frame, order); };
    game = perturbed(std::move(game), order);
  }
  Result<ReplayReport> result = ReplayReport{};
  std::vector<std::string> warnings;
  // Standard input is read once, and this reader has begun it.
  if (options.jobs > 1 && !finding_status && options.file != "-") {
    Result<PartsVerify> parts = verify_in_parts(options.file, game, options.jobs, replay.progress);
    if (parts) {
      result = std::move(parts->report);
      warnings = std::move(parts->warnings);
    } else {
      result = parts.error();
    }
  } else {
    result = replay_session(*reader, game, replay);
    warnings = reader->warnings();
  }
  bar.finish();
  for (const std::string& w : warnings)
    err << command_name("replay") << ": warning: " << w << '\n';
  if (!result) return fail(result.error().message());
  const ReplayReport& report = *result;

  const auto past_end = [&](std::uint64_t frame) {
    return fail("frame " + std::to_string(frame) + " is past the end of " + options.file + " (" +
                std::to_string(report.frames) + " frames)");
  };
  // Every frame asked for exists before any output is written.
  if (options.at > 0 && report.snapshots.empty())
    return past_end(static_cast<std::uint64_t>(options.at));
  for (const PngRequest& p : pngs) {
    if (!report.renders.contains(p.frame)) return past_end(p.frame);
  }
  if (clip && !report.renders.contains(clip->to)) return past_end(clip->to);
  if (options.verify && !finding_status && report.checkpoints == 0) {
    return fail(options.file + ": nothing to verify: no checkpoint in " +
                std::to_string(report.frames) + " frames");
  }
  if (options.at > 0) {
    const Snapshot& s = report.snapshots.front();
    if (options.json) {
      nlohmann::json j = {{"frame", s.frame},
                          {"metrics",
                           {{"samples", s.metrics.samples},
                            {"mean_ms", s.metrics.mean_ms},
                            {"p95_ms", s.metrics.p95_ms},
                            {"p99_ms", s.metrics.p99_ms}}},
                          {"readings", nlohmann::json::array()}};
      for (const DiagnosticReading& r : s.readings)
        j["readings"].push_back(nlohmann::json(reading_json(r)));
      out << j.dump() << '\n';
    } else {
      out << "frame " << s.frame << '\n';
      for (const std::string& line : s.panel)
        out << "  " << line << '\n';
    }
  }
  for (const PngRequest& p : pngs) {
    if (Status s = write_output_file(p.path, report.renders.at(p.frame)); !s)
      return fail(s.error().message());
  }
  if (clip) {
    // The frame the replay first differs at: every frame's checksum, else the first checkpoint.
    std::optional<std::uint64_t> marked;
    if (report.first_divergent_frame)
      marked = report.first_divergent_frame->frame;
    else if (!report.divergences.empty())
      marked = report.divergences.front().frame;
    Result<std::string> apng = make_clip(report.renders, *clip, marked);
    if (!apng) return fail(options.file + ": " + apng.error().message());
    if (Status s = write_output_file(options.clip_out, *apng); !s) return fail(s.error().message());
  }
  if (!options.metrics_csv.empty()) {
    if (Status s = write_output_file(options.metrics_csv, csv(report.series)); !s)
      return fail(s.error().message());
  }
  if (!options.plot.empty()) {
    PlotOptions plot;
    plot.title = std::filesystem::path(options.file).filename().string();
    plot.fps = static_cast<double>(h.run.fps);
    if (Status s = write_output_file(options.plot, render_frame_plot(report.series, plot)); !s) {
      return fail(s.error().message());
    }
  }

  if (finding_status) return *finding_status;
  if (!options.verify) return kExitOk;
  if (report.divergences.empty() && !report.first_divergent_frame) {
    out << "verified " << options.file;
    if (report.started_after > 0)
      out << " from its keyframe at frame " << report.started_after << " to frame "
          << report.frames;
    out << ": " << report.frames - report.started_after << " frames, " << report.checkpoints
        << " checkpoints";
    if (report.keyframes > 0)
      out << ", " << report.keyframes << (report.keyframes == 1 ? " keyframe" : " keyframes");
    if (report.checked_frames > 0) out << ", " << report.checked_frames << " frame checksums";
    out << ", all match\n";
    return kExitOk;
  }
  // The exact frame (format 2 checks every frame's world), then the first checkpoint that
  // differs: its readings and world say what went wrong.
  const std::uint64_t first = report.first_divergent_frame ? report.first_divergent_frame->frame
                                                           : report.divergences.front().frame;
  out << "diverged: " << options.file << " first differs at frame " << first << '\n';
  if (report.first_divergent_frame) {
    for (const std::string& d : report.first_divergent_frame->differences)
      out << "  frame " << first << ": " << escape_text(d) << '\n';
  }
  if (!report.divergences.empty()) {
    const Divergence& checkpoint = report.divergences.front();
    for (const std::string& d : checkpoint.differences)
      out << "  frame " << checkpoint.frame << ": " << escape_text(d) << '\n';
  }
  out << "divergent checkpoints (" << report.divergences.size() << " of " << report.checkpoints
      << "):";
  for (const Divergence& d : report.divergences)
    out << ' ' << d.frame;
  out << '\n';
  // Whether this machine's math is why: the recording kept what its machine's libm did.
  if (h.fingerprint) {
    const std::vector<std::string> math = compare_fingerprints(*h.fingerprint, math_fingerprint());
    if (math.empty()) {
      out << "this machine's std::sin, cos, exp, log and pow agree with the recording's on every "
             "probe, as do the compiler and libraries\n";
    }
    for (const std::string& line : math)
      out << line << '\n';
  }
  return kExitMismatch;
}

}  // namespace framecheck::cli
