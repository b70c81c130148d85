#include "check_determinism_command.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <framecheck/checks/determinism_check.hpp>
#include <framecheck/checks/rollback_check.hpp>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/determinism/exact_number.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/io/temporary_folder.hpp>
#include <framecheck/session/input_script_file.hpp>
#include <framecheck/session/session_reader.hpp>
#include <ostream>

#include "debug_flags_option.hpp"
#include "exit_codes.hpp"
#include "late_events.hpp"
#include "live_header.hpp"
#include "option_reader.hpp"
#include "program_name.hpp"

extern char** environ;

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;

struct ChildRun {
  int status = -1;  // its exit status, or -1 if it could not be started or did not exit
  std::string output;
};

// This very binary (a studio's own CLI runs its own games) replaying `session` with --verify.
ChildRun replay_in_another_process(const fs::path& session, const fs::path& output) {
  ChildRun run;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) {
    run.output = "cannot find this program's own file: " + ec.message();
    return run;
  }
  const std::string self_text = self.string(), session_text = session.string();
  const char* argv[] = {self_text.c_str(), "replay",        session_text.c_str(),
                        "--verify",        "--no-progress", "--perturb-heap",
                        "rising",          nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, output.c_str(),
                                   O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, self_text.c_str(), &actions, nullptr,
                                  const_cast<char* const*>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    run.output = "cannot start " + self_text + ": " + std::strerror(spawned);
    return run;
  }
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(wstatus)) run.status = WEXITSTATUS(wstatus);
  if (FILE* f = std::fopen(output.c_str(), "rb")) {
    char buffer[4096];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0 && run.output.size() < (1 << 20))
      run.output.append(buffer, n);
    std::fclose(f);
  }
  return run;
}

// A session's run: its header's RunSpec, every frame's input, and its length in frames.
struct SessionInputs {
  RunSpec run;
  ScriptFile script;
  std::uint64_t frames = 0;
};
Result<SessionInputs> inputs_from_session(const std::string& path) {
  Result<SessionReader> reader = SessionReader::open(path);
  if (!reader) return reader.error();
  SessionInputs inputs;
  inputs.run = reader->header().run;
  while (true) {
    Result<std::optional<SessionRecord>> next = reader->next();
    if (!next) return next.error();
    if (!next->has_value()) break;
    if (const auto* frame = std::get_if<FrameRecord>(&**next)) {
      inputs.frames = frame->frame;
      for (const InputEvent& e : frame->inputs)
        inputs.script.input.add(frame->frame, e);
    }
  }
  return inputs;
}

// A run after the first, in the order the verdict reads them: the first that differs is named.
struct CheckedRun {
  std::string name;
  std::string cause;
  std::optional<DeterminismFinding> finding;
};

}  // namespace

Parsed<CheckDeterminismOptions> parse_check_determinism(int argc, const char* const* argv) {
  cxxopts::Options options(
      command_name("check-determinism"),
      "Run a game on the same inputs five times and compare every frame's checksum with the "
      "first run's: a second run in this process, one in zero-filled storage, one with the heap "
      "perturbed and the game's storage refilled, and one in another process, each changing one "
      "more thing; the first that differs is named. With --rollback N, also roll back N "
      "frames after every frame and simulate them again. --frames is " +
          std::to_string(kCheckFrames) + " unless a --session gives its own length.");
  add_game_options(options, nullptr);
  options.add_options()                                                                     //
      ("script", "input script to run (JSON Lines)", cxxopts::value<std::string>())         //
      ("session", "session whose header and inputs to run", cxxopts::value<std::string>())  //
      ("rollback",
       "also restore the state N frames back after every frame and simulate them again: finds "
       "state that the game's declare_state misses",
       cxxopts::value<std::string>(), "N");
  return parse_command<CheckDeterminismOptions>(
      options, "check-determinism", argc, argv, false,
      [](OptionReader& o, CheckDeterminismOptions& c) {
        if (o.has("script") && o.has("session"))
          return o.fail("--script and --session cannot both be given");
        read_game_options(o, c);
        c.script = o.path("script");
        c.session = o.path("session");
        if (o.has("rollback")) c.rollback = o.whole<std::int64_t>("rollback", 1, kMaxRollback);
      });
}

int run_check_determinism(const CheckDeterminismOptions& given, std::ostream& out,
                          std::ostream& err) {
  const auto bad = [&](const std::string& message) {
    err << command_name("check-determinism") << ": " << message << '\n';
    return kExitBadInput;
  };
  const CatalogEntry* entry = choose_game(given.game);
  if (entry == nullptr) return bad(no_such_game(given.game));
  const CheckDeterminismOptions& options = given;

  RecordOptions record;
  // A checkpoint after every frame: the world field by field, so the field is named at the frame.
  record.header = live_header(*entry, run_spec_for(options, own_run(*entry)), 1);
  record.debug = debug_flags(options.debug, *entry, err, "check-determinism");
  auto frames = static_cast<std::uint64_t>(options.frames > 0 ? options.frames : kCheckFrames);
  std::string frames_text;  // what the verdict says was run: "600 frames"
  const auto warn = [&](const std::string& warning) {
    if (!warning.empty())
      err << command_name("check-determinism") << ": warning: " << warning << '\n';
  };
  if (!options.script.empty()) {
    Result<ScriptFile> script = read_input_script(options.script);
    if (!script) return bad(script.error().message());
    warn(late_events_warning(options.script, *script, frames, "checked", "they never happen"));
    record.input = std::move(script->input);
    record.input_file = options.script;  // what a bad travel names, not the first run's file
  }
  if (!options.session.empty()) {
    Result<SessionInputs> session = inputs_from_session(options.session);
    if (!session) return bad(session.error().message());
    // The whole session, unless --frames says less: then the verdict says how much of it.
    const std::uint64_t length = session->frames;
    if (options.frames == 0 || frames >= length) {
      if (options.frames > 0 && frames > length) {
        warn(escape_text(options.session) + " has " + std::to_string(length) +
             " frames; all of them are checked, not " + std::to_string(frames));
      }
      frames = length;
    } else {
      frames_text = "the first " + std::to_string(frames) + " of the session's " +
                    std::to_string(length) + " frames";
      warn(late_events_warning(options.session, session->script, frames, "checked",
                               "they are not checked"));
    }
    record.header.run = session->run;
    record.input = std::move(session->script.input);
    record.input_file = options.session;
  }
  if (frames == 0) return bad(escape_text(options.session) + ": the session has no frames");
  if (frames_text.empty()) frames_text = std::to_string(frames) + " frames";
  record.frames = frames;

  // The first run's session and the child's output, in a folder no one else can reach.
  Result<TemporaryFolder> scratch = TemporaryFolder::create("framecheck-determinism");
  if (!scratch) return bad(scratch.error().message());
  const fs::path first = scratch->path() / "first.jsonl";
  if (Status s = record_first_run(simulation_factory(*entry), record, first); !s)
    return bad(s.error().message());
  // What was run, as the game states it with the options' changes: the configuration checked.
  const RunSpec& run = record.header.run;
  const std::string what =
      entry->id + ", " + frames_text + " of " + format_js_number(run.logical_size.x) + " x " +
      format_js_number(run.logical_size.y) + " at " + std::to_string(run.tick_rate) +
      " ticks and " + std::to_string(run.fps) + " frames a second";

  // In this process: a new game made and run as the first was (a static the first run left
  // behind shows), then one in zero-filled storage (a member never initialised shows, a bool
  // too), then one with the heap perturbed before every frame and its storage refilled (an order
  // by address shows, and so does memory the game reads before writing it).
  std::vector<CheckedRun> runs;
  for (const SecondRun second :
       {SecondRun::kSameProcess, SecondRun::kZeroFilled, SecondRun::kHeapFalling}) {
    Result<std::optional<DeterminismFinding>> found =
        replay_second_run(first, simulation_factory(*entry), second);
    if (!found) return bad(std::string(run_name(second)) + " failed: " + found.error().message());
    runs.push_back({run_name(second), likely_cause(second), std::move(*found)});
  }

  // This program again, as a process of its own, the heap perturbed the other way and the
  // storage filled with a third byte (replay --perturb-heap rising does what a perturbed run
  // does): whichever order the first run's allocator gave, one of the two gave the other.
  const ChildRun child = replay_in_another_process(first, scratch->path() / "second-process.txt");
  CheckedRun other{
      "a run in another process (replay --verify --perturb-heap rising)", kOtherProcessCause, {}};
  if (child.status == kExitMismatch) {
    // Its replay's own account, without the summary lines around it.
    DeterminismFinding f;
    std::size_t at = 0;
    while (at < child.output.size()) {
      const std::size_t end = std::min(child.output.find('\n', at), child.output.size());
      const std::string line = child.output.substr(at, end - at);
      if (line.starts_with("  frame ") && std::find(f.differences.begin(), f.differences.end(),
                                                    line.substr(2)) == f.differences.end())
        f.differences.push_back(line.substr(2));
      if (const std::size_t n = line.find("first differs at frame "); n != std::string::npos)
        f.frame = std::stoull(line.substr(n + 23));
      at = end + 1;
    }
    other.finding = std::move(f);
  } else if (child.status != kExitOk) {
    return bad("the second process (replay --verify) failed: " + child.output);
  }
  runs.push_back(std::move(other));

  // In this process again, the rollback run: every frame from N on, the state N frames back
  // restored and resimulated (GGRS's SyncTest). Every frame, not every K-th, because a missed
  // member shows only where it matters (a jump pressed within a coyote-time window), and each
  // start is another chance to catch it; it costs N + 1 simulations of each frame.
  if (options.rollback > 0) {
    const auto n = static_cast<std::uint64_t>(options.rollback);
    DriverOptions driver;
    driver.run = [run](RunSpec& r) { r = run; };
    driver.input = record.input;
    CheckedRun rollback{"a rollback run (after every frame, the state " + std::to_string(n) +
                            " frames back restored and simulated again)",
                        kRollbackCause,
                        {}};
    if (std::optional<RollbackFinding> found =
            check_rollback(simulation_factory(*entry), driver, frames, n)) {
      DeterminismFinding f{found->frame, {}};
      const std::string where = "frame " + std::to_string(found->frame) + ": frame " +
                                std::to_string(found->restored) + "'s state restored, frame " +
                                std::to_string(found->resimulated) + " simulated again differs: ";
      for (const std::string& d : found->differences)
        f.differences.push_back(where + d);
      rollback.finding = std::move(f);
    }
    runs.push_back(std::move(rollback));
  }

  // The first run in order that differs is named: each changes one more thing than the one
  // before, so its change is what the game depends on. A later run has that change too, so a
  // difference it finds, even at an earlier frame, cannot be put down to its own.
  const auto named = std::find_if(runs.begin(), runs.end(),
                                  [](const CheckedRun& r) { return r.finding.has_value(); });
  if (named != runs.end()) {
    out << "not deterministic: " << what << ": " << named->name << " first differs at frame "
        << named->finding->frame << '\n';
    for (const std::string& line : named->finding->differences)
      out << "  " << line << '\n';
    if (named->cause == kRollbackCause)
      out << "  (recorded: the first simulation; replayed: the same frames after the restore)\n";
    out << "  most likely: " << named->cause << '\n';
  } else {
    out << "deterministic: " << what << ": every frame's checksum agrees in every run\n";
  }
  out << "runs, each compared with the first run (recorded, a checkpoint after every frame):\n";
  for (auto r = runs.begin(); r != runs.end(); ++r) {
    out << "  " << r->name << ": "
        << (r->finding ? "first differs at frame " + std::to_string(r->finding->frame)
                       : "agrees on every frame");
    if (r->finding && r > named)
      out << ", not attributable (it changes what the run named above changes, and more)";
    out << '\n';
  }
  return named != runs.end() ? kExitMismatch : kExitOk;
}

}  // namespace framecheck::cli
