#include "record_command.hpp"

#include <filesystem>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/io/output_file.hpp>
#include <framecheck/run/recorder.hpp>
#include <framecheck/session/input_script_file.hpp>
#include <ostream>
#include <vector>

#include "debug_flags_option.hpp"
#include "exit_codes.hpp"
#include "late_events.hpp"
#include "live_header.hpp"
#include "option_reader.hpp"
#include "program_name.hpp"
#include "progress_bar.hpp"

namespace framecheck::cli {

Parsed<RecordCommandOptions> parse_record(int argc, const char* const* argv) {
  cxxopts::Options options(command_name("record"),
                           "Run a game live (wall-clock frame times) and record the session.");
  add_game_options(options, nullptr);
  options.add_options()                                                      //
      ("out", "session file to write", cxxopts::value<std::string>())        //
      ("input", "input script (JSON Lines)", cxxopts::value<std::string>())  //
      ("realtime", "pace frames to simulated time")                          //
      ("checkpoint-every", "frames between checkpoints (default: one simulated second)",
       cxxopts::value<std::string>()->default_value("0"))  //
      ("keyframe-every",
       "frames between keyframes, from which a replay can start (rounded up to a multiple of "
       "--checkpoint-every; 0 for none; default: " +
           std::to_string(kDefaultKeyframeEvery) + ")",
       cxxopts::value<std::string>(), "N");
  return parse_command<RecordCommandOptions>(
      options, "record", argc, argv, false, [](OptionReader& o, RecordCommandOptions& c) {
        if (!o.has("frames") || !o.has("out")) return o.fail("--frames and --out are required");
        read_game_options(o, c);
        c.out = o.path("out");
        c.input = o.path("input");
        c.realtime = o.flag("realtime");
        // The reader's own bound: nothing is recorded that its replay would refuse.
        c.checkpoint_every = o.whole<std::int64_t>("checkpoint-every", 0, 1'000'000'000);
        if (o.has("keyframe-every"))
          c.keyframe_every = o.whole<std::int64_t>("keyframe-every", 0, 1'000'000'000);
      });
}

int run_record(const RecordCommandOptions& given, std::ostream& stdout_text, std::ostream& err) {
  const CatalogEntry* entry = choose_game(given.game);
  if (entry == nullptr) {
    err << command_name("record") << ": " << no_such_game(given.game) << '\n';
    return kExitBadInput;
  }
  const RecordCommandOptions& options = given;
  std::vector<std::filesystem::path> inputs;
  if (!options.input.empty()) inputs.emplace_back(options.input);
  const std::filesystem::path outputs[] = {options.out};
  if (Status s = check_outputs(outputs, inputs); !s) {
    err << command_name("record") << ": " << s.error().message() << '\n';
    return kExitBadInput;
  }
  std::ostream& out = writes_standard_output(outputs) ? err : stdout_text;
  RecordOptions record;
  if (!options.input.empty()) {
    Result<ScriptFile> script = read_input_script(options.input);
    if (!script) {
      err << command_name("record") << ": " << script.error().message() << '\n';
      return kExitBadInput;
    }
    const std::string late =
        late_events_warning(options.input, *script, static_cast<std::uint64_t>(options.frames),
                            "recorded", "they never happen");
    if (!late.empty()) err << command_name("record") << ": warning: " << late << '\n';
    record.input = std::move(script->input);
    record.input_file = options.input;
    record.stalls_ms = std::move(script->stalls_ms);
  }
  record.header = live_header(*entry, run_spec_for(options, own_run(*entry)),
                              options.checkpoint_every, options.keyframe_every);
  record.frames = static_cast<std::uint64_t>(options.frames);
  record.realtime = options.realtime;
  record.debug = debug_flags(options.debug, *entry, err, "record");
  ProgressBar bar("recording", options.frames >= 20'000 || options.realtime);
  record.progress = [&](std::uint64_t done, std::uint64_t total) {
    bar.update(static_cast<double>(done) / static_cast<double>(total));
  };

  const Status recorded = record_session(simulation_factory(*entry), record, options.out);
  bar.finish();
  if (!recorded) {
    err << command_name("record") << ": " << recorded.error().message() << '\n';
    return kExitBadInput;
  }
  out << "recorded " << options.frames << " frames of " << entry->id << " to " << options.out
      << '\n';
  return kExitOk;
}

}  // namespace framecheck::cli
