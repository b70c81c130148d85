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
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/determinism/exact_number.hpp>
#include <framecheck/io/temporary_folder.hpp>
#include <framecheck/session/input_script_file.hpp>
#include <framecheck/session/session_reader.hpp>
#include <ostream>

#include "debug_flags_option.hpp"
#include "exit_codes.hpp"
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

// The first run's inputs from a session: its header (seed, sizes, rates) and every frame's input.
Status inputs_from_session(const std::string& path, RecordOptions& record, std::uint64_t& frames) {
  Result<SessionReader> reader = SessionReader::open(path);
  if (!reader) return reader.error();
  const SessionHeader& h = reader->header();
  record.header.run = h.run;
  std::uint64_t last = 0;
  while (true) {
    Result<std::optional<SessionRecord>> next = reader->next();
    if (!next) return next.error();
    if (!next->has_value()) break;
    if (const auto* frame = std::get_if<FrameRecord>(&**next)) {
      last = frame->frame;
      for (const InputEvent& e : frame->inputs)
        record.input.add(frame->frame, e);
    }
  }
  frames = std::min(frames, last);
  return Ok{};
}

}  // namespace

Parsed<CheckDeterminismOptions> parse_check_determinism(int argc, const char* const* argv) {
  cxxopts::Options options(command_name("check-determinism"),
                           "Run a game twice on the same inputs and compare every frame's "
                           "checksum: in this process, with the heap perturbed, and in another.");
  add_game_options(options, "600");
  options.add_options()                                                              //
      ("script", "input script to run (JSON Lines)", cxxopts::value<std::string>())  //
      ("session", "session whose header and inputs to run", cxxopts::value<std::string>());
  return parse_command<CheckDeterminismOptions>(
      options, "check-determinism", argc, argv, false,
      [](OptionReader& o, CheckDeterminismOptions& c) {
        if (o.has("script") && o.has("session"))
          return o.fail("--script and --session cannot both be given");
        read_game_options(o, c);
        c.script = o.path("script");
        c.session = o.path("session");
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
  record.header = live_header(*entry, run_spec_for(options, entry->make()->run_spec()), 1);
  record.debug = debug_flags(options.debug, *entry, err, "check-determinism");
  auto frames = static_cast<std::uint64_t>(options.frames);
  if (!options.script.empty()) {
    Result<ScriptFile> script = read_input_script(options.script);
    if (!script) return bad(script.error().message());
    record.input = std::move(script->input);
  }
  if (!options.session.empty()) {
    if (Status s = inputs_from_session(options.session, record, frames); !s)
      return bad(s.error().message());
  }
  record.frames = frames;

  // The first run's session and the child's output, in a folder no one else can reach.
  Result<TemporaryFolder> scratch = TemporaryFolder::create("framecheck-determinism");
  if (!scratch) return bad(scratch.error().message());
  const fs::path first = scratch->path() / "first.jsonl";
  if (Status s = record_first_run(entry->make, record, first); !s) return bad(s.error().message());
  // What was run, as the game states it with the options' changes: the configuration checked.
  const RunSpec& run = record.header.run;
  const std::string what =
      entry->id + ", " + std::to_string(frames) + " frames of " +
      format_js_number(run.logical_size.x) + " x " + format_js_number(run.logical_size.y) + " at " +
      std::to_string(run.tick_rate) + " ticks and " + std::to_string(run.fps) + " frames a second";
  // Each second run that differs: where, and what it found.
  struct Found {
    std::string where;
    DeterminismFinding finding;
  };
  std::vector<Found> found;

  // The second run: a new game and engine in this process, after the first (a static it left
  // behind shows), the heap perturbed before every frame (an order by address shows, and memory
  // left uninitialised holds another pattern).
  Result<std::optional<DeterminismFinding>> second =
      replay_perturbed(first, entry->make, HeapOrder::kFalling);
  if (!second) return bad(second.error().message());
  if (*second) {
    found.push_back(
        {"a second run in this process, the heap perturbed between frames,", std::move(**second)});
  }

  // The third: this program again, as a process of its own, the heap perturbed the other way:
  // whichever order the first run's allocator gave, one of the two gave the other.
  const ChildRun child = replay_in_another_process(first, scratch->path() / "second-process.txt");
  if (child.status == kExitMismatch) {
    // Its replay's own account, without the summary lines around it.
    Found f{"a second process, the heap perturbed the other way,", {}};
    std::size_t at = 0;
    while (at < child.output.size()) {
      const std::size_t end = std::min(child.output.find('\n', at), child.output.size());
      const std::string line = child.output.substr(at, end - at);
      std::vector<std::string>& lines = f.finding.differences;
      if (line.starts_with("  frame ") &&
          std::find(lines.begin(), lines.end(), line.substr(2)) == lines.end())
        lines.push_back(line.substr(2));
      if (const std::size_t n = line.find("first differs at frame "); n != std::string::npos)
        f.finding.frame = std::stoull(line.substr(n + 23));
      at = end + 1;
    }
    found.push_back(std::move(f));
  } else if (child.status != kExitOk) {
    return bad("the second process (replay --verify) failed: " + child.output);
  }

  if (!found.empty()) {
    // The run that differs first says the most.
    const Found& earliest = *std::min_element(
        found.begin(), found.end(),
        [](const Found& a, const Found& b) { return a.finding.frame < b.finding.frame; });
    out << "not deterministic: " << what << ": " << earliest.where << " first differs at frame "
        << earliest.finding.frame << '\n';
    for (const std::string& line : earliest.finding.differences)
      out << "  " << line << '\n';
    for (const Found& f : found) {
      if (&f != &earliest)
        out << "  (" << f.where << " first differs at frame " << f.finding.frame << ")\n";
    }
    return kExitMismatch;
  }
  out << "deterministic: " << what
      << ": every frame's checksum agrees in a second run in this process and in a second "
         "process, the heap perturbed between frames\n";
  return kExitOk;
}

}  // namespace framecheck::cli
