// What every command's parser shares: cxxopts run over the command's arguments, and options read
// out of its result with framecheck's own rules (plain decimal whole numbers, explicit flag
// values, no empty file names), each problem an Error naming the command and the option.
#pragma once

#include <charconv>
#include <cstdint>
#include <cxxopts.hpp>
#include <framecheck/cli/game_catalog.hpp>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli_reference.hpp"
#include "parsed.hpp"

namespace framecheck::cli {

// The most frames any command runs.
inline constexpr std::int64_t kMaxFrames = 1'000'000'000'000;

// "diff: what (see framecheck diff --help)".
Error option_error(std::string_view command, const std::string& what);

// "WxH", each 1 to 16384.
std::optional<std::pair<int, int>> parse_size(std::string_view text);

// Reads options out of a cxxopts result: whole numbers are plain decimal (cxxopts would take
// 0x10), flags take --flag or --flag=true/false, and a path given as an empty string is an error
// naming its option. The first problem is kept.
class OptionReader {
 public:
  OptionReader(const cxxopts::ParseResult& r, std::string_view command)
      : r_(r), command_(command) {}
  std::optional<Error> problem;

  const cxxopts::ParseResult& result() const { return r_; }
  bool has(const char* name) const { return r_.count(name) > 0; }
  // Given, or with a default of its own: whether whole(), text() and the rest have a value.
  bool has_value(const char* name) const { return has(name) || r_[name].has_default(); }
  // A whole number from lo to hi.
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
  // A decimal number from lo to hi, the whole text and nothing else ("0.5", "5e-1"; not "0,5",
  // "0.5x", " 0.5" or "nan"); `range` says the bounds in the message.
  double decimal(const char* name, double lo, double hi, const char* range);
  bool flag(const char* name) { return has(name) && r_[name].as<bool>(); }
  std::string text(const char* name) { return r_[name].as<std::string>(); }
  // Every value of a repeatable option, none when it is not given.
  std::vector<std::string> list(const char* name) {
    return has(name) ? r_[name].as<std::vector<std::string>>() : std::vector<std::string>{};
  }
  // "--name WxH" into width and height, each 1 to 16384; left as they are when not given.
  void size(const char* name, int& width, int& height);
  // A file name; empty when not given, an error when given as ''.
  std::string path(const char* name);
  void fail(const std::string& what);

 private:
  const cxxopts::ParseResult& r_;
  std::string_view command_;
};

// The options every command that runs a game has: --game, --frames (with its default, if any),
// --fps, --seed, --width, --height, --debug and --help.
void add_game_options(cxxopts::Options& options, const char* frames_default);

// Those options, read into the fields of the same names: one set of bounds for every command.
// --fps, --width and --height not given stay 0 and --seed unset: the game's own (run_spec_for).
template <class Options>
void read_game_options(OptionReader& o, Options& c) {
  c.game = o.text("game");
  if (o.has_value("frames")) c.frames = o.whole<std::int64_t>("frames", 1, kMaxFrames);
  if (o.has("fps")) c.fps = o.whole<std::int64_t>("fps", 1, 100000);
  if (o.has("seed"))
    c.seed = o.whole<std::uint64_t>("seed", 0, std::numeric_limits<std::uint64_t>::max());
  if (o.has("width")) c.width = o.whole<int>("width", 1, 16384);
  if (o.has("height")) c.height = o.whole<int>("height", 1, 16384);
  c.debug = o.list("debug");
}

// The game's own RunSpec with what the command line changed: one field for each of --fps,
// --width, --height and --seed that was given, nothing else.
template <class Options>
RunSpec run_spec_for(const Options& c, RunSpec spec) {
  if (c.fps > 0) spec.fps = c.fps;
  if (c.width > 0) spec.surface_width = c.width;
  if (c.height > 0) spec.surface_height = c.height;
  if (c.seed) spec.seed = *c.seed;
  return spec;
}

// Runs cxxopts over one command's arguments (argv[0] is the command's name), then
// `read(reader, out)`, which fills `out`. --help gives the help text (kReferenceArgument alone,
// the command's section of the reference); cxxopts' own errors and
// stray arguments (unless the command takes positional ones) name the command.
template <class Options, class Read>
Parsed<Options> parse_command(cxxopts::Options& options, std::string_view command, int argc,
                              const char* const* argv, bool positional, Read read) {
  Options out;
  if (argc == 2 && argv[1] == kReferenceArgument)
    return std::variant<HelpText, Options>(HelpText{reference_section(options)});
  try {
    const auto r = options.parse(argc, argv);
    if (r.count("help")) return std::variant<HelpText, Options>(HelpText{options.help()});
    if (!positional && !r.unmatched().empty())
      return option_error(command, "unexpected argument '" + r.unmatched().front() + "'");
    OptionReader reader(r, command);
    read(reader, out);
    if (reader.problem) return *reader.problem;
  } catch (const cxxopts::exceptions::exception& e) {
    return option_error(command, e.what());
  }
  return std::variant<HelpText, Options>(std::move(out));
}

}  // namespace framecheck::cli
