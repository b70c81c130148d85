#include "explore_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/explore/explorer.hpp>
#include <framecheck/explore/finding_session.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/io/output_file.hpp>
#include <framecheck/run/recorder.hpp>
#include <framecheck/session/input_script_file.hpp>
#include <ostream>
#include <sstream>

#include "exit_codes.hpp"
#include "live_header.hpp"
#include "option_reader.hpp"
#include "program_name.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;

// "01-exception-key-down-std-out-of-range": the folder a finding is written to.
std::string folder_name(std::size_t index, const Finding& f) {
  std::string slug;
  for (const char c : f.place) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
      slug += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
    if (slug.size() >= 40) break;
  }
  while (!slug.empty() && slug.back() == '-')
    slug.pop_back();
  std::string number = std::to_string(index + 1);  // two digits at least, as many as it takes
  if (number.size() < 2) number.insert(0, 1, '0');
  return number + "-" + std::string(kind_name(f.kind)) + (slug.empty() ? "" : "-") + slug;
}

// "1 event", "4 events".
std::string events(std::uint64_t n) {
  return std::to_string(n) + (n == 1 ? " event" : " events");
}

// The frames of a finding's input that run to their end: all of them for a number, an invariant
// or a twin checked after the frame, those before it for what stops the frame.
std::uint64_t completed_frames(const Finding& f) {
  return f.kind == FindingKind::kNotFinite || f.kind == FindingKind::kInvariant ||
                 f.kind == FindingKind::kNondeterminism
             ? f.frame
             : f.frame - 1;
}

// Writes one finding's folder; returns what went wrong, or an empty string.
std::string write_finding(const CatalogEntry& entry, const ExploreCommandOptions& options,
                          const Explored& e, const fs::path& folder) {
  std::error_code ec;
  fs::create_directory(folder, ec);
  if (ec) return folder.string() + ": cannot create the folder: " + ec.message();
  const std::string program = program_name();
  const std::string check = program + " explore --game " + entry.id + " --check " +
                            (folder / "input.jsonl").string() + " --frames " +
                            std::to_string(e.finding.frame);
  const std::string comment = describe(e.finding) + "\nfound by " + program + " explore --game " +
                              entry.id + " --seed " + std::to_string(options.seed) + " (run " +
                              std::to_string(e.run) + "), shrunk from " + events(e.events_before) +
                              " to " + events(e.events_after) + "\nrun it again: " + check;
  if (Status s = write_output_file(folder / "input.jsonl", input_script_text(e.input, comment));
      !s) {
    return s.error().message();
  }
  std::ostringstream text;
  text << describe(e.finding) << "\n\n"
       << "what:    " << kind_name(e.finding.kind) << ": " << e.finding.detail << '\n'
       << "where:   frame " << e.finding.frame << " (" << e.finding.place << ")\n"
       << "input:   input.jsonl, " << events(e.events_after) << " (run " << e.run << " of seed "
       << options.seed << " had " << e.events_before << "; first seen at frame "
       << e.first_seen.frame << "; shrunk in " << e.shrink_probes << " tries)\n"
       << "again:   " << check << '\n';
  // A finding in the game's constructor has no frame to replay to.
  if (e.finding.frame > 0) {
    const std::uint64_t frames = completed_frames(e.finding);
    RecordOptions record;
    record.header = live_header(entry, own_run(entry), 0);
    record.header.finding = recorded_finding(
        e.finding,
        frames < e.finding.frame ? e.input.before(e.finding.frame) : std::vector<InputEvent>{},
        options.hang_ms);
    record.frames = frames;
    record.input = e.input;
    const fs::path session = folder / "session.jsonl";
    if (Status s = record_session(simulation_factory(entry), record, session); !s) {
      return s.error().message();
    }
    text << "session: session.jsonl, "
         << (frames == 0 ? std::string("no frame ended") : "frames 1 to " + std::to_string(frames))
         << (frames < e.finding.frame
                 ? "; the input of frame " + std::to_string(e.finding.frame) + " is in its header"
                 : std::string())
         << "\n"
         << "replay:  " << program << " replay " << session.string()
         << " --verify (exits 1 while the finding shows, 0 once it is gone)\n"
         << "watch:   " << program << " view " << session.string() << '\n';
  }
  const Status written = write_output_file(folder / "finding.txt", text.str());
  return written ? std::string() : written.error().message();
}

// The output folder: new, or an empty folder of our own (never a link or a file).
std::string prepare_out(const fs::path& out) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(out, ec);
  if (fs::exists(status)) {
    if (fs::is_symlink(status) || !fs::is_directory(status)) {
      return escape_text(out.string()) + " is not a folder; explore writes into a new or empty one";
    }
    if (!fs::is_empty(out, ec)) {
      return escape_text(out.string()) +
             " is not empty; explore writes into a new or empty folder, so earlier findings are "
             "never overwritten";
    }
    return {};
  }
  fs::create_directories(out, ec);
  return ec ? escape_text(out.string()) + ": cannot create the folder: " + ec.message()
            : std::string();
}

}  // namespace

Parsed<ExploreCommandOptions> parse_explore(int argc, const char* const* argv) {
  cxxopts::Options options(
      command_name("explore"),
      "Play a game headlessly on generated input and hunt for exceptions, crashes, non-finite "
      "numbers, broken invariants, hangs and nondeterminism. Each run plays input drawn from "
      "--seed over the "
      "keys, pointer and gamepad the game reads, in a child process. Each finding is shrunk to "
      "the shortest input that still shows it and written to its own folder under --out.");
  options.add_options()  //
      ("game", "game to explore (default: the only game this binary knows)",
       cxxopts::value<std::string>()->default_value(""))                                       //
      ("runs", "runs of generated play", cxxopts::value<std::string>()->default_value("100"))  //
      ("frames", "frames a run", cxxopts::value<std::string>()->default_value("600"))          //
      ("seed", "what the input is drawn from: the same seed finds the same things",
       cxxopts::value<std::string>()->default_value("1"))  //
      ("out", "a new or empty folder for the findings",
       cxxopts::value<std::string>()->default_value("framecheck-findings"))  //
      ("time-limit", "seconds after which no run starts (0: none)",
       cxxopts::value<std::string>()->default_value("0"), "SEC")  //
      ("hang-ms", "a frame still running after this many milliseconds is a hang",
       cxxopts::value<std::string>()->default_value("2000"))  //
      ("jobs", "runs at once, each its own process: the findings are the same for any number",
       cxxopts::value<std::string>()->default_value("1"))  //
      ("guided",
       "restore the snapshot of a rarely chosen place a run reached and play on from there, "
       "instead of every run from frame 1: finds what needs states reached in order")  //
      ("shard",
       "K/N: play shard K of N of this exploration (runs K-1, K-1+N, ...; guided, an archive "
       "of its own), for a CI matrix whose findings framecheck report merges",
       cxxopts::value<std::string>(), "K/N")  //
      ("no-twin",
       "play no twin beside each run: nondeterminism goes unfound, and runs take about half "
       "the time")  //
      ("check", "run this input script once and report its finding, instead of exploring",
       cxxopts::value<std::string>())         //
      ("no-progress", "never show progress")  //
      ("h,help", "show this help");
  return parse_command<ExploreCommandOptions>(
      options, "explore", argc, argv, false, [](OptionReader& o, ExploreCommandOptions& c) {
        c.game = o.text("game");
        c.runs = o.whole<std::int64_t>("runs", 1, 100'000'000);
        c.frames = o.whole<std::int64_t>("frames", 1, 100'000'000);
        c.seed = o.whole<std::uint64_t>("seed", 0, std::numeric_limits<std::uint64_t>::max());
        if (o.has("out")) c.out = o.path("out");
        c.time_limit = o.decimal("time-limit", 0, 1e9, "0 to 1e9");
        c.hang_ms = o.decimal("hang-ms", 1, 1e9, "1 to 1e9");
        c.jobs = o.whole<std::int64_t>("jobs", 1, 256);
        c.check = o.path("check");
        c.progress = !o.flag("no-progress");
        c.twin = !o.flag("no-twin");
        c.guided = o.flag("guided");
        if (o.has("shard")) {
          const std::string text = o.text("shard");
          const auto slash = text.find('/');
          std::uint64_t k = 0, n = 0;
          const auto whole = [](std::string_view s, std::uint64_t& v) {
            const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
            return ec == std::errc() && end == s.data() + s.size();
          };
          if (slash == std::string::npos || !whole(std::string_view(text).substr(0, slash), k) ||
              !whole(std::string_view(text).substr(slash + 1), n) || k < 1 || n < 1 || k > n ||
              n > 10000)
            return o.fail("--shard " + text + ": expected K/N, 1 <= K <= N <= 10000");
          c.shard = k - 1;
          c.shards = n;
        }
      });
}

int run_explore(const ExploreCommandOptions& options, std::ostream& out, std::ostream& err) {
  const auto bad = [&](const std::string& message) {
    err << command_name("explore") << ": " << message << '\n';
    return kExitBadInput;
  };
  const CatalogEntry* entry = choose_game(options.game);
  if (entry == nullptr) return bad(no_such_game(options.game));
  const SimulationFactory make = simulation_factory(*entry);
  const auto frames = static_cast<std::uint64_t>(options.frames);

  if (!options.check.empty()) {
    Result<ScriptFile> script = read_input_script(options.check);
    if (!script) return bad(script.error().message());
    const std::optional<Finding> f = probe_isolated(
        make, script->input, {.frames = frames, .hang_ms = options.hang_ms, .twin = options.twin});
    if (!f) {
      out << escape_text(options.check) << ": no finding in " << frames << " frames\n";
      return kExitOk;
    }
    out << escape_text(options.check) << ": " << describe(*f) << '\n';
    return kExitMismatch;
  }

  if (std::string problem = prepare_out(options.out); !problem.empty()) return bad(problem);
  const bool show = options.progress && ::isatty(STDERR_FILENO) != 0;
  using Clock = std::chrono::steady_clock;
  const Clock::time_point started = Clock::now();
  Clock::time_point shown{};
  ExploreOptions explore_options{.runs = static_cast<std::uint64_t>(options.runs),
                                 .frames = frames,
                                 .seed = options.seed,
                                 .hang_ms = options.hang_ms,
                                 .time_limit_s = options.time_limit,
                                 .twin = options.twin,
                                 .guided = options.guided,
                                 .shard = options.shard,
                                 .shards = options.shards,
                                 .jobs = static_cast<std::uint64_t>(options.jobs)};
  const std::uint64_t shard_runs =
      (explore_options.runs + explore_options.shards - 1 - explore_options.shard) /
      explore_options.shards;
  explore_options.progress = [&](std::uint64_t done, std::size_t found, std::size_t cells) {
    const Clock::time_point now = Clock::now();
    if (!show || (now - shown < std::chrono::milliseconds(250) && done != shard_runs)) return;
    shown = now;
    const double seconds = std::chrono::duration<double>(now - started).count();
    char line[160];
    std::snprintf(line, sizeof line, "\r%s: %llu/%llu runs, %.0f runs a second, %s%zu found   ",
                  command_name("explore").c_str(), static_cast<unsigned long long>(done),
                  static_cast<unsigned long long>(shard_runs),
                  seconds > 0 ? static_cast<double>(done) / seconds : 0.0,
                  options.guided ? (std::to_string(cells) + " cells, ").c_str() : "", found);
    err << line << std::flush;
  };
  const ExploreResult result = explore(make, explore_options);
  if (show) err << '\n';

  for (std::size_t i = 0; i < result.findings.size(); ++i) {
    const Explored& e = result.findings[i];
    const fs::path folder = fs::path(options.out) / folder_name(i, e.finding);
    if (std::string problem = write_finding(*entry, options, e, folder); !problem.empty())
      return bad(problem);
    out << describe(e.finding) << "\n  " << events(e.events_after) << " (from " << e.events_before
        << "), in " << escape_text(folder.string()) << '\n';
  }
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.1f s, %.0f runs a second", result.seconds,
                result.seconds > 0 ? static_cast<double>(result.runs) / result.seconds : 0.0);
  out << "explored " << entry->id
      << (options.shards > 1 ? " (shard " + std::to_string(options.shard + 1) + " of " +
                                   std::to_string(options.shards) + ")"
                             : std::string())
      << ": " << result.runs << " runs of " << frames << " frames, seed " << options.seed << ", "
      << rate << (options.guided ? ", " + std::to_string(result.cells) + " cells" : std::string())
      << "; "
      << (result.findings.empty() ? std::string("nothing found")
                                  : std::to_string(result.findings.size()) +
                                        (result.findings.size() == 1 ? " finding" : " findings") +
                                        " in " + escape_text(options.out))
      << '\n';
  return result.findings.empty() ? kExitOk : kExitMismatch;
}

}  // namespace framecheck::cli
