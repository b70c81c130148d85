#include "option_reader.hpp"

#include <charconv>
#include <tuple>

#include "program_name.hpp"

namespace framecheck::cli {

Error option_error(std::string_view command, const std::string& what) {
  return Error{"", "",
               std::string(command) + ": " + what + " (see " + command_name(command) + " --help)"};
}

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

double OptionReader::decimal(const char* name, double lo, double hi, const char* range) {
  const std::string given = text(name);
  double value = 0;
  const auto [end, ec] = std::from_chars(given.data(), given.data() + given.size(), value);
  if (ec != std::errc() || end != given.data() + given.size() || given.empty() ||
      !(value >= lo && value <= hi)) {
    fail("--" + std::string(name) + " must be a decimal number from " + range + ", not '" + given +
         "'");
    return lo;
  }
  return value;
}

void OptionReader::size(const char* name, int& width, int& height) {
  if (!has(name)) return;
  const std::string given = text(name);
  if (const auto wh = parse_size(given)) {
    std::tie(width, height) = *wh;
  } else {
    fail("--" + std::string(name) + " is WxH, each from 1 to 16384, not '" + given + "'");
  }
}

std::string OptionReader::path(const char* name) {
  if (!has(name)) return {};
  std::string p = text(name);
  if (p.empty()) fail("--" + std::string(name) + " needs a file name; it was given ''");
  return p;
}

void OptionReader::fail(const std::string& what) {
  if (!problem) problem = option_error(command_, what);
}

void add_game_options(cxxopts::Options& options, const char* frames_default) {
  auto add = options.add_options();
  add("game", "game to run (default: the only game this binary knows)",
      cxxopts::value<std::string>()->default_value(""));
  if (frames_default != nullptr) {
    add("frames", "frames to run", cxxopts::value<std::string>()->default_value(frames_default));
  } else {
    add("frames", "frames to run", cxxopts::value<std::string>());
  }
  // The defaults shown are RunSpec's own: a game that states its own spec runs at that.
  const RunSpec unsaid;
  const auto game_default = [](auto value) {
    return "(default: the game's, " + std::to_string(value) + " unless it says)";
  };
  add("fps", "frames per simulated second " + game_default(unsaid.fps),
      cxxopts::value<std::string>());
  add("seed", "random seed " + game_default(unsaid.seed), cxxopts::value<std::string>());
  add("width", "surface width in pixels " + game_default(unsaid.surface_width),
      cxxopts::value<std::string>());
  add("height", "surface height in pixels " + game_default(unsaid.surface_height),
      cxxopts::value<std::string>());
  add("debug", "named debug sources to turn on: --debug=cells,spawner (repeatable)",
      cxxopts::value<std::vector<std::string>>());
  add("h,help", "show this help");
}

}  // namespace framecheck::cli
