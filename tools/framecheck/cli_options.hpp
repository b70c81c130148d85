// The framecheck CLI's options: parsed with cxxopts into plain structs the commands take.
#pragma once

#include <array>
#include <cstdint>
#include <framecheck/image/pixel_diff.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/result.hpp>
#include <optional>
#include <string>
#include <vector>

namespace framecheck::cli {

enum class Command {
  kHelp,
  kVersion,
  kGames,
  kDemo,
  kDiff,
  kRecord,
  kReplay,
  kReport,
  kPlay,
  kView
};

// `framecheck demo`: runs a game live (wall-clock samples) with the overlay on.
struct DemoOptions {
  std::string game;           // empty: the catalog's only game
  std::int64_t frames = 600;  // 10 simulated seconds at 60 fps
  std::int64_t fps = 60;
  std::uint64_t seed = 1;
  int width = 1280;
  int height = 720;
  std::string png;                 // where to write the last frame; none if empty
  std::vector<std::string> debug;  // --debug= lists, as given
};

// `framecheck diff EXPECTED ACTUAL`: the pixel diff, as pixelmatch 7.2.0 counts.
struct DiffCommandOptions {
  std::string expected;
  std::string actual;
  double threshold = 0.1;             // 0 to 1
  bool include_aa = false;            // count anti-aliased pixels too
  double alpha = 0.1;                 // 0 to 1: the expected image's opacity in the diff picture
  std::uint64_t max_diff_pixels = 0;  // mismatched pixels still called a pass
  std::string diff_png;               // where to write the diff picture; none if empty
  bool json = false;                  // one JSON object on stdout instead of a sentence
  std::array<std::uint8_t, 3> diff_color{255, 0, 0};
  std::array<std::uint8_t, 3> aa_color{255, 255, 0};
  std::optional<std::array<std::uint8_t, 3>> diff_color_alt;  // for pixels that got darker
  bool diff_mask = false;            // differences over transparency, not the faded image
  std::vector<IgnoreRegion> ignore;  // odiff's x1:y1-x2:y2, corners included
  std::uint64_t max_pixels = kDefaultMaxPixels;  // per image; larger ones are refused
};

// `framecheck record`: a live run of a catalog game, kept as a session.
struct RecordCommandOptions {
  std::string game;         // empty: the catalog's only game
  std::int64_t frames = 0;  // required
  std::string out;          // required
  std::int64_t fps = 60;
  std::uint64_t seed = 1;
  std::string input;  // an input script; none if empty
  bool realtime = false;
  std::int64_t checkpoint_every = 0;  // frames; 0 means each simulated second (fps)
  int width = 1280;
  int height = 720;
  std::vector<std::string> debug;  // --debug= lists, as given
};

// `framecheck replay FILE`: a session re-run headlessly.
struct ReplayCommandOptions {
  std::string file;
  bool verify = false;
  std::int64_t at = 0;            // print readings and metrics at this frame; 0 for none
  bool json = false;              // --at as JSON
  std::vector<std::string> pngs;  // "FRAME:OUT.png", each rendered with its overlay
  std::string metrics_csv;
  std::string plot;
  bool progress = true;            // on stderr, when it is a terminal and the replay is long
  bool log = false;                // print the panel as text once per simulated second
  std::vector<std::string> debug;  // --debug= lists, as given
};

// `framecheck report`: one HTML page from any suite's JUnit XML, artifacts, goldens and sessions.
struct ReportCommandOptions {
  std::vector<std::string> junit;     // one or more --gtest_output=xml files
  std::string golden_dir;             // where the goldens are (<suite>/<case>.png); optional
  std::string artifacts_dir;          // where failing cases left their pictures; optional
  std::vector<std::string> sessions;  // replayed with --verify, with their plots
  std::vector<std::string> pictures;  // further PNGs to show (chosen frames, a live run's last)
  std::string out;                    // the folder written: index.html and the pictures
  std::string title = "framecheck report";
};

// The longest simulated frame live play runs: a frame that took longer on the wall clock (a
// pause in a debugger, a dragged window) advances the game this much and no more.
inline constexpr std::int64_t kMaxPlayDtMs = 250;

// `framecheck play`: a game in a window, live, its input optionally recorded as a session.
struct PlayCommandOptions {
  std::string game;  // empty: the catalog's only game
  std::uint64_t seed = 1;
  int width = 1280;  // --size WxH: the window and the session's surface
  int height = 720;
  std::vector<std::string> debug;  // --debug= lists, as given
  std::string record;              // the session to write; none if empty
  std::int64_t fps_cap = 0;        // frames a second at most; 0 for vsync's pace
  bool vsync = true;
  std::int64_t frames = 0;            // stop after this many; 0 for when the window closes
  std::int64_t checkpoint_every = 0;  // frames; 0 means each second (60 frames, or fps_cap)
};

// `framecheck view FILE`: a recorded session in a window at its recorded pace.
struct ViewCommandOptions {
  std::string file;
  std::vector<std::string> debug;  // --debug= lists, as given
  int width = 0;                   // --size WxH; the session's surface if 0
  int height = 0;
  double speed = 1;     // 1/16 to 16
  bool paused = false;  // start paused on the first frame
};

struct CliOptions {
  Command command = Command::kHelp;
  std::string help;  // the text to print for kHelp
  DemoOptions demo;
  DiffCommandOptions diff;
  RecordCommandOptions record;
  ReplayCommandOptions replay;
  ReportCommandOptions report;
  PlayCommandOptions play;
  ViewCommandOptions view;
};

// Parses argv (argv[0] is the program). Bad options give an Error naming the option.
Result<CliOptions> parse_cli(int argc, const char* const* argv);

}  // namespace framecheck::cli
