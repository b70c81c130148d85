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
  return Error{"", "", "unknown command '" + std::string(command) + "' (see framecheck --help)"};
}

}  // namespace framecheck::cli
