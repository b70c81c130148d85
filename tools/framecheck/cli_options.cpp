#include "cli_options.hpp"

#include <cxxopts.hpp>
#include <string_view>

namespace framecheck::cli {
namespace {

constexpr std::string_view kUsage =
    "framecheck: diagnostics overlay and deterministic harness for game engines\n"
    "\n"
    "usage: framecheck <command> [options]\n"
    "\n"
    "commands:\n"
    "  demo      run a bundled game live with the overlay on; print the panel, write a PNG\n"
    "  diff      compare two PNGs as pixelmatch 7.2.0 does; exit 1 when they differ\n"
    "  record    run a game live and record the session (JSON Lines)\n"
    "  replay    re-run a session headlessly: verify it, inspect frames, plot it\n"
    "  games     list the games this binary knows\n"
    "  version   print the version\n"
    "\n"
    "framecheck <command> --help shows a command's options.\n";

Error option_error(std::string_view command, const std::string& what) {
  return Error{
      "", "",
      std::string(command) + ": " + what + " (see framecheck " + std::string(command) + " --help)"};
}

Result<CliOptions> parse_demo(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck demo",
                           "Run a game live, overlay on; print the panel as text.");
  options.add_options()                                                                  //
      ("game", "game to run", cxxopts::value<std::string>()->default_value("arena"))     //
      ("frames", "frames to run", cxxopts::value<std::int64_t>()->default_value("600"))  //
      ("fps", "frames per simulated second",
       cxxopts::value<std::int64_t>()->default_value("60"))                                //
      ("seed", "random seed", cxxopts::value<std::uint64_t>()->default_value("1"))         //
      ("width", "surface width in pixels", cxxopts::value<int>()->default_value("1280"))   //
      ("height", "surface height in pixels", cxxopts::value<int>()->default_value("720"))  //
      ("png", "write the last frame to this PNG", cxxopts::value<std::string>())           //
      ("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
       cxxopts::value<std::vector<std::string>>())  //
      ("h,help", "show this help");
  CliOptions out;
  try {
    const auto r = options.parse(argc, argv);
    if (r.count("help")) {
      out.help = options.help();
      return out;
    }
    if (!r.unmatched().empty())
      return option_error("demo", "unexpected argument '" + r.unmatched().front() + "'");
    DemoOptions& d = out.demo;
    d.game = r["game"].as<std::string>();
    d.frames = r["frames"].as<std::int64_t>();
    d.fps = r["fps"].as<std::int64_t>();
    d.seed = r["seed"].as<std::uint64_t>();
    d.width = r["width"].as<int>();
    d.height = r["height"].as<int>();
    if (r.count("png")) d.png = r["png"].as<std::string>();
    if (r.count("debug")) d.debug = r["debug"].as<std::vector<std::string>>();
  } catch (const cxxopts::exceptions::exception& e) {
    return option_error("demo", e.what());
  }
  const DemoOptions& d = out.demo;
  if (d.frames < 1) return option_error("demo", "--frames must be at least 1");
  if (d.fps < 1 || d.fps > 100000) return option_error("demo", "--fps must be from 1 to 100000");
  if (d.width < 1 || d.height < 1 || d.width > 16384 || d.height > 16384) {
    return option_error("demo", "--width and --height must be from 1 to 16384");
  }
  out.command = Command::kDemo;
  return out;
}

Result<CliOptions> parse_diff(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck diff",
                           "Compare two PNG images, counting as pixelmatch 7.2.0 does.");
  options.positional_help("EXPECTED ACTUAL");
  options.add_options()  //
      ("threshold", "colour distance still called equal, 0 to 1",
       cxxopts::value<double>()->default_value("0.1"))            //
      ("include-aa", "count anti-aliased pixels as differences")  //
      ("alpha", "opacity of the expected image in the diff picture, 0 to 1",
       cxxopts::value<double>()->default_value("0.1"))  //
      ("max-diff-pixels", "differing pixels still called a pass",
       cxxopts::value<std::uint64_t>()->default_value("0"))                          //
      ("diff", "write the diff picture to this PNG", cxxopts::value<std::string>())  //
      ("json", "print one JSON object")                                              //
      ("h,help", "show this help")                                                   //
      ("files", "", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"files"});
  CliOptions out;
  try {
    const auto r = options.parse(argc, argv);
    if (r.count("help")) {
      out.help = options.help();
      return out;
    }
    const auto files =
        r.count("files") ? r["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
    if (files.size() != 2) return option_error("diff", "expected two files, EXPECTED and ACTUAL");
    DiffCommandOptions& d = out.diff;
    d.expected = files[0];
    d.actual = files[1];
    d.threshold = r["threshold"].as<double>();
    d.include_aa = r.count("include-aa") > 0;
    d.alpha = r["alpha"].as<double>();
    d.max_diff_pixels = r["max-diff-pixels"].as<std::uint64_t>();
    if (r.count("diff")) d.diff_png = r["diff"].as<std::string>();
    d.json = r.count("json") > 0;
  } catch (const cxxopts::exceptions::exception& e) {
    return option_error("diff", e.what());
  }
  if (!(out.diff.threshold >= 0 && out.diff.threshold <= 1))
    return option_error("diff", "--threshold must be from 0 to 1");
  if (!(out.diff.alpha >= 0 && out.diff.alpha <= 1))
    return option_error("diff", "--alpha must be from 0 to 1");
  out.command = Command::kDiff;
  return out;
}

Result<CliOptions> parse_record(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck record",
                           "Run a game live (wall-clock frame times) and record the session.");
  options.add_options()                                                                       //
      ("game", "catalog game to run", cxxopts::value<std::string>()->default_value("arena"))  //
      ("frames", "frames to run", cxxopts::value<std::int64_t>())                             //
      ("out", "session file to write", cxxopts::value<std::string>())                         //
      ("fps", "frames per simulated second",
       cxxopts::value<std::int64_t>()->default_value("60"))                         //
      ("seed", "random seed", cxxopts::value<std::uint64_t>()->default_value("1"))  //
      ("input", "input script (JSON Lines)", cxxopts::value<std::string>())         //
      ("realtime", "pace frames to simulated time")                                 //
      ("checkpoint-every", "frames between checkpoints (default: one simulated second)",
       cxxopts::value<std::int64_t>()->default_value("0"))                      //
      ("width", "surface width", cxxopts::value<int>()->default_value("1280"))  //
      ("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
       cxxopts::value<std::vector<std::string>>())                               //
      ("height", "surface height", cxxopts::value<int>()->default_value("720"))  //
      ("h,help", "show this help");
  CliOptions out;
  try {
    const auto r = options.parse(argc, argv);
    if (r.count("help")) {
      out.help = options.help();
      return out;
    }
    if (!r.unmatched().empty())
      return option_error("record", "unexpected argument '" + r.unmatched().front() + "'");
    if (!r.count("frames") || !r.count("out"))
      return option_error("record", "--frames and --out are required");
    RecordCommandOptions& o = out.record;
    o.game = r["game"].as<std::string>();
    o.frames = r["frames"].as<std::int64_t>();
    o.out = r["out"].as<std::string>();
    o.fps = r["fps"].as<std::int64_t>();
    o.seed = r["seed"].as<std::uint64_t>();
    if (r.count("input")) o.input = r["input"].as<std::string>();
    o.realtime = r.count("realtime") > 0;
    o.checkpoint_every = r["checkpoint-every"].as<std::int64_t>();
    o.width = r["width"].as<int>();
    o.height = r["height"].as<int>();
    if (r.count("debug")) o.debug = r["debug"].as<std::vector<std::string>>();
  } catch (const cxxopts::exceptions::exception& e) {
    return option_error("record", e.what());
  }
  const RecordCommandOptions& o = out.record;
  if (o.frames < 1) return option_error("record", "--frames must be at least 1");
  if (o.fps < 1 || o.fps > 100000) return option_error("record", "--fps must be from 1 to 100000");
  if (o.checkpoint_every < 0)
    return option_error("record", "--checkpoint-every must not be negative");
  if (o.width < 1 || o.height < 1 || o.width > 16384 || o.height > 16384) {
    return option_error("record", "--width and --height must be from 1 to 16384");
  }
  out.command = Command::kRecord;
  return out;
}

Result<CliOptions> parse_replay(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck replay",
                           "Re-run a recorded session headlessly, frame for frame.");
  options.positional_help("FILE");
  options.add_options()                                                                       //
      ("verify", "compare every checkpoint; exit 1 on divergence")                            //
      ("at", "print the readings and metrics at this frame", cxxopts::value<std::int64_t>())  //
      ("json", "print --at as JSON")                                                          //
      ("png", "FRAME:OUT.png: render that frame with its overlay (repeatable)",
       cxxopts::value<std::vector<std::string>>())                                         //
      ("metrics-csv", "per frame: sample, mean, p95, p99", cxxopts::value<std::string>())  //
      ("plot", "a frame-time plot of the whole session", cxxopts::value<std::string>())    //
      ("no-progress", "never show the progress bar")                                       //
      ("log", "print the panel as a text block once per simulated second")                 //
      ("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
       cxxopts::value<std::vector<std::string>>())  //
      ("h,help", "show this help")                  //
      ("file", "", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"file"});
  CliOptions out;
  try {
    const auto r = options.parse(argc, argv);
    if (r.count("help")) {
      out.help = options.help();
      return out;
    }
    const auto files =
        r.count("file") ? r["file"].as<std::vector<std::string>>() : std::vector<std::string>{};
    if (files.size() != 1) return option_error("replay", "expected one session file");
    ReplayCommandOptions& o = out.replay;
    o.file = files[0];
    o.verify = r.count("verify") > 0;
    if (r.count("at")) {
      o.at = r["at"].as<std::int64_t>();
      if (o.at < 1) return option_error("replay", "--at must be a frame number from 1");
    }
    o.json = r.count("json") > 0;
    if (r.count("png")) o.pngs = r["png"].as<std::vector<std::string>>();
    if (r.count("metrics-csv")) o.metrics_csv = r["metrics-csv"].as<std::string>();
    if (r.count("plot")) o.plot = r["plot"].as<std::string>();
    o.progress = r.count("no-progress") == 0;
    o.log = r.count("log") > 0;
    if (r.count("debug")) o.debug = r["debug"].as<std::vector<std::string>>();
  } catch (const cxxopts::exceptions::exception& e) {
    return option_error("replay", e.what());
  }
  if (out.replay.json && out.replay.at == 0) return option_error("replay", "--json goes with --at");
  out.command = Command::kReplay;
  return out;
}

}  // namespace

Result<CliOptions> parse_cli(int argc, const char* const* argv) {
  CliOptions out;
  out.help = std::string(kUsage);
  if (argc < 2) return out;
  const std::string_view command = argv[1];
  if (command == "-h" || command == "--help" || command == "help") return out;
  if (command == "--version" || command == "version") {
    out.command = Command::kVersion;
    return out;
  }
  if (command == "games") {
    out.command = Command::kGames;
    return out;
  }
  // Each command parses the arguments after its name, with its name as argv[0].
  if (command == "demo") return parse_demo(argc - 1, argv + 1);
  if (command == "diff") return parse_diff(argc - 1, argv + 1);
  if (command == "record") return parse_record(argc - 1, argv + 1);
  if (command == "replay") return parse_replay(argc - 1, argv + 1);
  return Error{"", "", "unknown command '" + std::string(command) + "' (see framecheck --help)"};
}

}  // namespace framecheck::cli
