#include "demo_command.hpp"

#include <filesystem>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/drive/cairo_image.hpp>
#include <framecheck/engine.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/output_file.hpp>
#include <framecheck/session/host_facts.hpp>
#include <ostream>

#include "debug_flags_option.hpp"
#include "exit_codes.hpp"
#include "option_reader.hpp"
#include "program_name.hpp"

namespace framecheck::cli {

Parsed<DemoOptions> parse_demo(int argc, const char* const* argv) {
  cxxopts::Options options(command_name("demo"),
                           "Run a game live, overlay on; print the panel as text.");
  add_game_options(options, "600");
  options.add_options()("png", "write the last frame to this PNG", cxxopts::value<std::string>());
  return parse_command<DemoOptions>(options, "demo", argc, argv, false,
                                    [](OptionReader& o, DemoOptions& d) {
                                      read_game_options(o, d);
                                      d.png = o.path("png");
                                    });
}

int run_demo(const DemoOptions& given, std::ostream& out, std::ostream& err) {
  const CatalogEntry* entry = choose_game(given.game);
  if (entry == nullptr) {
    err << command_name("demo") << ": " << no_such_game(given.game) << '\n';
    return kExitBadInput;
  }
  const DemoOptions& options = given;
  if (!entry->make) {
    err << command_name("demo") << ": " << entry->id
        << " runs on its own engine; demo shows framecheck's engine running a framecheck::Game "
           "(record, replay, check-determinism and view run it)\n";
    return kExitBadInput;
  }
  if (!options.png.empty()) {
    const std::filesystem::path outputs[] = {options.png};
    if (Status s = check_outputs(outputs); !s) {
      err << command_name("demo") << ": " << s.error().message() << '\n';
      return kExitBadInput;
    }
  }
  const std::unique_ptr<Game> game = entry->make();
  const RunSpec run = run_spec_for(options, game->run_spec());
  Surface surface(run.surface_width, run.surface_height);
  EngineOptions engine_options;
  engine_options.surface = &surface;
  engine_options.run = [run](RunSpec& r) { r = run; };
  engine_options.debug = debug_flags(options.debug, *entry, err, "demo");
  Engine engine(*game, engine_options);
  engine.diagnostics().set_enabled(true);

  const FixedRate rate(run.fps);
  for (std::int64_t n = 1; n <= options.frames; ++n)
    engine.frame(rate.step_length(n));

  // The panel as text, as the log has it: the same lines, numbers and order as the drawn panel.
  out << engine.panel_block();
  out << "host: " << describe(host_facts()) << '\n';

  if (!options.png.empty()) {
    const Status written = write_png(surface.cairo_surface(), options.png);
    if (!written) {
      err << command_name("demo") << ": " << written.error().message() << '\n';
      return kExitBadInput;
    }
    out << "wrote " << options.png << '\n';
  }
  return kExitOk;
}

}  // namespace framecheck::cli
