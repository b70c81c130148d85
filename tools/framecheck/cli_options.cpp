#include "cli_options.hpp"

#include <charconv>
#include <cxxopts.hpp>
#include <limits>
#include <optional>
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
    "  report    one HTML page from a suite's JUnit XML, goldens, artifacts and sessions\n"
    "  play      play a game in a window with the live overlay; record it as a session\n"
    "  view      watch a recorded session in a window: pause, step, seek, change speed\n"
    "  games     list the games this binary knows\n"
    "  version   print the version\n"
    "\n"
    "framecheck <command> --help shows a command's options.\n";

Error option_error(std::string_view command, const std::string& what) {
  return Error{
      "", "",
      std::string(command) + ": " + what + " (see framecheck " + std::string(command) + " --help)"};
}

// "WxH", each 1 to 16384.
std::optional<std::pair<int, int>> parse_size(std::string_view text) {
  const auto x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  int w = 0, h = 0;
  const char* end = text.data() + text.size();
  const auto [p1, e1] = std::from_chars(text.data(), text.data() + x, w);
  const auto [p2, e2] = std::from_chars(text.data() + x + 1, end, h);
  if (e1 != std::errc() || e2 != std::errc() || p1 != text.data() + x || p2 != end || x == 0 ||
      w < 1 || h < 1 || w > 16384 || h > 16384) {
    return std::nullopt;
  }
  return std::pair{w, h};
}

// Reads options out of a cxxopts result with framecheck's own rules: whole numbers are plain
// decimal (cxxopts would take 0x10), flags take --flag or --flag=true/false, and a path given
// as an empty string is an error naming its option. The first problem is kept.
class OptionReader {
 public:
  OptionReader(const cxxopts::ParseResult& r, std::string_view command)
      : r_(r), command_(command) {}
  std::optional<Error> problem;

  template <class T>
  T whole(const char* name, T lo, T hi) {
    const std::string text = r_[name].as<std::string>();
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty() || value < lo ||
        value > hi) {
      fail("--" + std::string(name) + " must be a whole number from " + std::to_string(lo) +
           " to " + std::to_string(hi) + ", not '" + text + "'");
      return lo;
    }
    return value;
  }
  bool flag(const char* name) { return r_.count(name) > 0 && r_[name].as<bool>(); }
  // "--name WxH" into width and height, each 1 to 16384; left as they are when not given.
  void size(const char* name, int& width, int& height) {
    if (r_.count(name) == 0) return;
    const std::string text = r_[name].as<std::string>();
    if (const auto wh = parse_size(text)) {
      std::tie(width, height) = *wh;
    } else {
      fail("--" + std::string(name) + " is WxH, each from 1 to 16384, not '" + text + "'");
    }
  }
  std::string path(const char* name) {
    if (r_.count(name) == 0) return {};
    std::string p = r_[name].as<std::string>();
    if (p.empty()) fail("--" + std::string(name) + " needs a file name; it was given ''");
    return p;
  }
  void fail(const std::string& what) {
    if (!problem) problem = option_error(command_, what);
  }

 private:
  const cxxopts::ParseResult& r_;
  std::string_view command_;
};

constexpr std::int64_t kMaxFrames = 1'000'000'000'000;

// "R,G,B", each 0 to 255.
std::optional<std::array<std::uint8_t, 3>> parse_colour(std::string_view text) {
  std::array<std::uint8_t, 3> out{};
  const char* p = text.data();
  const char* end = text.data() + text.size();
  for (int i = 0; i < 3; ++i) {
    unsigned v = 0;
    const auto [next, ec] = std::from_chars(p, end, v);
    if (ec != std::errc() || v > 255) return std::nullopt;
    out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v);
    p = next;
    if (i < 2) {
      if (p == end || *p != ',') return std::nullopt;
      ++p;
    }
  }
  if (p != end) return std::nullopt;
  return out;
}

// "x1:y1-x2:y2", odiff's form, with x1 <= x2 and y1 <= y2.
std::optional<IgnoreRegion> parse_region(std::string_view text) {
  IgnoreRegion r;
  const char* p = text.data();
  const char* end = text.data() + text.size();
  int* fields[] = {&r.x1, &r.y1, &r.x2, &r.y2};
  const char separators[] = {':', '-', ':'};
  for (int i = 0; i < 4; ++i) {
    const auto [next, ec] = std::from_chars(p, end, *fields[i]);
    if (ec != std::errc() || *fields[i] < 0) return std::nullopt;
    p = next;
    if (i < 3) {
      if (p == end || *p != separators[i]) return std::nullopt;
      ++p;
    }
  }
  if (p != end || r.x1 > r.x2 || r.y1 > r.y2) return std::nullopt;
  return r;
}

// Runs cxxopts over one command's arguments, then `read`, which fills `out` from an OptionReader.
// --help gives the help text; cxxopts' own errors and stray arguments name the command.
template <class Read>
Result<CliOptions> parse_command(cxxopts::Options& options, std::string_view command, int argc,
                                 const char* const* argv, bool positional, Read read) {
  CliOptions out;
  try {
    const auto r = options.parse(argc, argv);
    if (r.count("help")) {
      out.help = options.help();
      return out;
    }
    if (!positional && !r.unmatched().empty())
      return option_error(command, "unexpected argument '" + r.unmatched().front() + "'");
    OptionReader reader(r, command);
    read(reader, r, out);
    if (reader.problem) return *reader.problem;
  } catch (const cxxopts::exceptions::exception& e) {
    return option_error(command, e.what());
  }
  return out;
}

// The options every command that runs a game has.
void add_game_options(cxxopts::Options& options, const char* frames_default) {
  auto add = options.add_options();
  add("game", "game to run (default: the only game this binary knows)",
      cxxopts::value<std::string>()->default_value(""));
  if (frames_default != nullptr) {
    add("frames", "frames to run", cxxopts::value<std::string>()->default_value(frames_default));
  } else {
    add("frames", "frames to run", cxxopts::value<std::string>());
  }
  add("fps", "frames per simulated second", cxxopts::value<std::string>()->default_value("60"));
  add("seed", "random seed", cxxopts::value<std::string>()->default_value("1"));
  add("width", "surface width in pixels", cxxopts::value<std::string>()->default_value("1280"));
  add("height", "surface height in pixels", cxxopts::value<std::string>()->default_value("720"));
  add("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
      cxxopts::value<std::vector<std::string>>());
  add("h,help", "show this help");
}

Result<CliOptions> parse_demo(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck demo",
                           "Run a game live, overlay on; print the panel as text.");
  add_game_options(options, "600");
  options.add_options()("png", "write the last frame to this PNG", cxxopts::value<std::string>());
  return parse_command(options, "demo", argc, argv, false,
                       [](OptionReader& o, const cxxopts::ParseResult& r, CliOptions& cli) {
                         DemoOptions& d = cli.demo;
                         d.game = r["game"].as<std::string>();
                         d.frames = o.whole<std::int64_t>("frames", 1, kMaxFrames);
                         d.fps = o.whole<std::int64_t>("fps", 1, 100000);
                         d.seed = o.whole<std::uint64_t>("seed", 0,
                                                         std::numeric_limits<std::uint64_t>::max());
                         d.width = o.whole<int>("width", 1, 16384);
                         d.height = o.whole<int>("height", 1, 16384);
                         d.png = o.path("png");
                         if (r.count("debug")) d.debug = r["debug"].as<std::vector<std::string>>();
                         cli.command = Command::kDemo;
                       });
}

// The diff command's options, out of cxxopts' result.
void read_diff(OptionReader& o, const cxxopts::ParseResult& r, CliOptions& cli) {
  const auto files =
      r.count("files") ? r["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (files.size() != 2) return o.fail("expected two files, EXPECTED and ACTUAL");
  DiffCommandOptions& d = cli.diff;
  d.expected = files[0];
  d.actual = files[1];
  if (d.expected.empty() || d.actual.empty()) return o.fail("a file name is empty");
  d.threshold = r["threshold"].as<double>();
  d.include_aa = o.flag("include-aa");
  d.alpha = r["alpha"].as<double>();
  d.max_diff_pixels =
      o.whole<std::uint64_t>("max-diff-pixels", 0, std::numeric_limits<std::uint64_t>::max());
  d.diff_png = o.path("diff");
  d.json = o.flag("json");
  d.diff_mask = o.flag("diff-mask");
  d.max_pixels = o.whole<std::uint64_t>("max-pixels", 1, std::uint64_t{1} << 40);
  const auto colour = [&](const char* name) -> std::optional<std::array<std::uint8_t, 3>> {
    const auto c = parse_colour(r[name].as<std::string>());
    if (!c) o.fail("--" + std::string(name) + " must be R,G,B with each from 0 to 255");
    return c;
  };
  if (auto c = colour("diff-color")) d.diff_color = *c;
  if (auto c = colour("aa-color")) d.aa_color = *c;
  if (r.count("diff-color-alt")) d.diff_color_alt = colour("diff-color-alt");
  if (r.count("ignore")) {
    // cxxopts splits a list option's value at commas, so each item is one region.
    for (const std::string& item : r["ignore"].as<std::vector<std::string>>()) {
      if (const auto region = parse_region(item)) {
        d.ignore.push_back(*region);
      } else {
        o.fail("--ignore takes x1:y1-x2:y2 with x1 <= x2 and y1 <= y2, not '" + item + "'");
      }
    }
  }
  if (!(d.threshold >= 0 && d.threshold <= 1)) o.fail("--threshold must be from 0 to 1");
  if (!(d.alpha >= 0 && d.alpha <= 1)) o.fail("--alpha must be from 0 to 1");
  cli.command = Command::kDiff;
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
       cxxopts::value<std::string>()->default_value("0"))                            //
      ("diff", "write the diff picture to this PNG", cxxopts::value<std::string>())  //
      ("diff-color", "R,G,B of a differing pixel in the diff picture",
       cxxopts::value<std::string>()->default_value("255,0,0"))  //
      ("aa-color", "R,G,B of an anti-aliased pixel in the diff picture",
       cxxopts::value<std::string>()->default_value("255,255,0"))  //
      ("diff-color-alt", "R,G,B of a pixel that got darker (default: --diff-color)",
       cxxopts::value<std::string>())                                                     //
      ("diff-mask", "draw the differences over transparency instead of the faded image")  //
      ("ignore", "x1:y1-x2:y2: a region left out, corners included (repeatable or comma-separated)",
       cxxopts::value<std::vector<std::string>>())  //
      ("max-pixels", "the most pixels an image may have",
       cxxopts::value<std::string>()->default_value(std::to_string(kDefaultMaxPixels)))  //
      ("json", "print one JSON object")                                                  //
      ("h,help", "show this help")                                                       //
      ("files", "", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"files"});
  return parse_command(options, "diff", argc, argv, true, read_diff);
}

Result<CliOptions> parse_record(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck record",
                           "Run a game live (wall-clock frame times) and record the session.");
  add_game_options(options, nullptr);
  options.add_options()                                                      //
      ("out", "session file to write", cxxopts::value<std::string>())        //
      ("input", "input script (JSON Lines)", cxxopts::value<std::string>())  //
      ("realtime", "pace frames to simulated time")                          //
      ("checkpoint-every", "frames between checkpoints (default: one simulated second)",
       cxxopts::value<std::string>()->default_value("0"));
  return parse_command(
      options, "record", argc, argv, false,
      [](OptionReader& o, const cxxopts::ParseResult& r, CliOptions& cli) {
        if (!r.count("frames") || !r.count("out")) return o.fail("--frames and --out are required");
        RecordCommandOptions& c = cli.record;
        c.game = r["game"].as<std::string>();
        c.frames = o.whole<std::int64_t>("frames", 1, kMaxFrames);
        c.out = o.path("out");
        c.fps = o.whole<std::int64_t>("fps", 1, 100000);
        c.seed = o.whole<std::uint64_t>("seed", 0, std::numeric_limits<std::uint64_t>::max());
        c.input = o.path("input");
        c.realtime = o.flag("realtime");
        // The reader's own bound: nothing is recorded that its replay would refuse.
        c.checkpoint_every = o.whole<std::int64_t>("checkpoint-every", 0, 1'000'000'000);
        c.width = o.whole<int>("width", 1, 16384);
        c.height = o.whole<int>("height", 1, 16384);
        if (r.count("debug")) c.debug = r["debug"].as<std::vector<std::string>>();
        cli.command = Command::kRecord;
      });
}

Result<CliOptions> parse_replay(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck replay",
                           "Re-run a recorded session headlessly, frame for frame.");
  options.positional_help("FILE");
  options.add_options()                                                                      //
      ("verify", "compare every checkpoint; exit 1 on divergence")                           //
      ("at", "print the readings and metrics at this frame", cxxopts::value<std::string>())  //
      ("json", "print --at as JSON")                                                         //
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
  return parse_command(options, "replay", argc, argv, true,
                       [](OptionReader& o, const cxxopts::ParseResult& r, CliOptions& cli) {
                         const auto files = r.count("file")
                                                ? r["file"].as<std::vector<std::string>>()
                                                : std::vector<std::string>{};
                         if (files.size() != 1) return o.fail("expected one session file");
                         ReplayCommandOptions& c = cli.replay;
                         c.file = files[0];
                         if (c.file.empty()) return o.fail("the session file name is empty");
                         c.verify = o.flag("verify");
                         if (r.count("at")) c.at = o.whole<std::int64_t>("at", 1, kMaxFrames);
                         c.json = o.flag("json");
                         if (r.count("png")) c.pngs = r["png"].as<std::vector<std::string>>();
                         c.metrics_csv = o.path("metrics-csv");
                         c.plot = o.path("plot");
                         c.progress = !o.flag("no-progress");
                         c.log = o.flag("log");
                         if (r.count("debug")) c.debug = r["debug"].as<std::vector<std::string>>();
                         if (c.json && c.at == 0) o.fail("--json goes with --at");
                         cli.command = Command::kReplay;
                       });
}

Result<CliOptions> parse_report(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck report",
                           "Write one HTML page for a suite's run: every case, every golden, each "
                           "failing golden side by side, each session verified and plotted.");
  options.add_options()  //
      ("junit", "a case binary's --gtest_output=xml file (repeatable, at least one)",
       cxxopts::value<std::vector<std::string>>())                                               //
      ("golden-dir", "the goldens' folder (<suite>/<case>.png)", cxxopts::value<std::string>())  //
      ("artifacts-dir", "where failing cases left their pictures",
       cxxopts::value<std::string>())  //
      ("session", "a session to replay with --verify and plot (repeatable)",
       cxxopts::value<std::vector<std::string>>())  //
      ("picture", "a further PNG to show, captioned with its file name (repeatable)",
       cxxopts::value<std::vector<std::string>>())                                   //
      ("out", "the folder to write index.html into", cxxopts::value<std::string>())  //
      ("title", "the page's title",
       cxxopts::value<std::string>()->default_value("framecheck report"))  //
      ("h,help", "show this help");
  return parse_command(options, "report", argc, argv, false,
                       [](OptionReader& o, const cxxopts::ParseResult& r, CliOptions& cli) {
                         if (!r.count("junit") || !r.count("out"))
                           return o.fail("--junit and --out are required");
                         ReportCommandOptions& c = cli.report;
                         c.junit = r["junit"].as<std::vector<std::string>>();
                         c.golden_dir = o.path("golden-dir");
                         c.artifacts_dir = o.path("artifacts-dir");
                         if (r.count("session"))
                           c.sessions = r["session"].as<std::vector<std::string>>();
                         if (r.count("picture"))
                           c.pictures = r["picture"].as<std::vector<std::string>>();
                         c.out = o.path("out");
                         c.title = r["title"].as<std::string>();
                         for (const std::string& f : c.junit)
                           if (f.empty()) o.fail("--junit needs a file name; it was given ''");
                         for (const std::string& f : c.sessions)
                           if (f.empty()) o.fail("--session needs a file name; it was given ''");
                         for (const std::string& f : c.pictures)
                           if (f.empty()) o.fail("--picture needs a file name; it was given ''");
                         cli.command = Command::kReport;
                       });
}

Result<CliOptions> parse_play(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck play",
                           "Play a game in a window with the live overlay (` toggles it); "
                           "optionally record every input as a session.");
  options.add_options()                                                               //
      ("game", "game to run (default: the only game this binary knows)",
       cxxopts::value<std::string>()->default_value(""))  //
      ("seed", "random seed", cxxopts::value<std::string>()->default_value("1"))      //
      ("size", "WxH: the window, in pixels",
       cxxopts::value<std::string>()->default_value("1280x720"))                       //
      ("record", "write the session here as you play", cxxopts::value<std::string>())  //
      ("fps-cap", "at most this many frames a second (0: the display's pace)",
       cxxopts::value<std::string>()->default_value("0"))  //
      ("vsync", "wait for the display between frames (--vsync=false to run free)",
       cxxopts::value<bool>()->default_value("true")->implicit_value("true"))  //
      ("frames", "stop after this many frames (0: when the window closes)",
       cxxopts::value<std::string>()->default_value("0"))  //
      ("checkpoint-every", "frames between checkpoints (default: one second's worth)",
       cxxopts::value<std::string>()->default_value("0"))  //
      ("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
       cxxopts::value<std::vector<std::string>>())  //
      ("h,help", "show this help");
  return parse_command(
      options, "play", argc, argv, false,
      [](OptionReader& o, const cxxopts::ParseResult& r, CliOptions& cli) {
        PlayCommandOptions& c = cli.play;
        c.game = r["game"].as<std::string>();
        c.seed = o.whole<std::uint64_t>("seed", 0, std::numeric_limits<std::uint64_t>::max());
        o.size("size", c.width, c.height);
        c.record = o.path("record");
        c.fps_cap = o.whole<std::int64_t>("fps-cap", 0, 1000);
        c.vsync = r["vsync"].as<bool>();
        c.frames = o.whole<std::int64_t>("frames", 0, kMaxFrames);
        c.checkpoint_every = o.whole<std::int64_t>("checkpoint-every", 0, 1'000'000'000);
        if (r.count("debug")) c.debug = r["debug"].as<std::vector<std::string>>();
        cli.command = Command::kPlay;
      });
}

Result<CliOptions> parse_view(int argc, const char* const* argv) {
  cxxopts::Options options("framecheck view",
                           "Watch a recorded session in a window at its recorded pace. Space "
                           "pauses; . and , step a frame; the arrows seek a second; + and - change "
                           "speed; ` toggles the overlay.");
  options.positional_help("FILE");
  options.add_options()  //
      ("size", "WxH: the window, in pixels (default: the session's surface)",
       cxxopts::value<std::string>())                                                        //
      ("speed", "playback speed, 1/16 to 16", cxxopts::value<double>()->default_value("1"))  //
      ("paused", "start paused on the first frame")                                          //
      ("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
       cxxopts::value<std::vector<std::string>>())  //
      ("h,help", "show this help")                  //
      ("file", "", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"file"});
  return parse_command(options, "view", argc, argv, true,
                       [](OptionReader& o, const cxxopts::ParseResult& r, CliOptions& cli) {
                         const auto files = r.count("file")
                                                ? r["file"].as<std::vector<std::string>>()
                                                : std::vector<std::string>{};
                         if (files.size() != 1) return o.fail("expected one session file");
                         ViewCommandOptions& c = cli.view;
                         c.file = files[0];
                         if (c.file.empty()) return o.fail("the session file name is empty");
                         o.size("size", c.width, c.height);
                         c.speed = r["speed"].as<double>();
                         if (!(c.speed >= 1.0 / 16 && c.speed <= 16))
                           o.fail("--speed must be from 0.0625 to 16");
                         c.paused = o.flag("paused");
                         if (r.count("debug")) c.debug = r["debug"].as<std::vector<std::string>>();
                         cli.command = Command::kView;
                       });
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
  if (command == "report") return parse_report(argc - 1, argv + 1);
  if (command == "play") return parse_play(argc - 1, argv + 1);
  if (command == "view") return parse_view(argc - 1, argv + 1);
  return Error{"", "", "unknown command '" + std::string(command) + "' (see framecheck --help)"};
}

}  // namespace framecheck::cli
