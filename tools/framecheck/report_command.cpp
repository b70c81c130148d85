#include "report_command.hpp"

#include <algorithm>
#include <filesystem>
#include <framecheck/game_catalog.hpp>
#include <framecheck/golden/golden.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/input_file.hpp>
#include <framecheck/io/output_file.hpp>
#include <framecheck/session/frame_plot.hpp>
#include <framecheck/session/replayer.hpp>
#include <ostream>

#include "exit_codes.hpp"
#include "option_reader.hpp"
#include "report_page.hpp"

namespace framecheck::cli {

Parsed<ReportCommandOptions> parse_report(int argc, const char* const* argv) {
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
  return parse_command<ReportCommandOptions>(
      options, "report", argc, argv, false, [](OptionReader& o, ReportCommandOptions& c) {
        if (!o.has("junit") || !o.has("out")) return o.fail("--junit and --out are required");
        c.junit = o.list("junit");
        c.golden_dir = o.path("golden-dir");
        c.artifacts_dir = o.path("artifacts-dir");
        c.sessions = o.list("session");
        c.pictures = o.list("picture");
        c.out = o.path("out");
        c.title = o.text("title");
        for (const std::string& f : c.junit)
          if (f.empty()) o.fail("--junit needs a file name; it was given ''");
        for (const std::string& f : c.sessions)
          if (f.empty()) o.fail("--session needs a file name; it was given ''");
        for (const std::string& f : c.pictures)
          if (f.empty()) o.fail("--picture needs a file name; it was given ''");
      });
}

namespace {

namespace fs = std::filesystem;

// Copies a picture into the report's folder, returning its path relative to the page.
Result<std::string> copy_picture(const fs::path& from, const fs::path& out,
                                 const std::string& relative) {
  Result<std::string> bytes = read_input_file(from, kMaxPngBytes, "a PNG");
  if (!bytes) return bytes.error();
  std::error_code ec;
  fs::create_directories((out / relative).parent_path(), ec);
  if (Status s = write_output_file(out / relative, *bytes); !s) return s.error();
  return relative;
}

// The suite folders of a golden or artifacts folder, in name order.
std::vector<std::string> suite_folders(const fs::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return out;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (e.is_directory(ec)) out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The suite folders of the goldens and the artifacts, listed once for the whole report.
struct Folders {
  fs::path golden_dir, artifacts_dir;
  std::vector<std::string> golden_suites, artifact_suites;
};

// Finds a case's golden and (when it failed) its artifacts, and copies them beside the page.
Status add_pictures(ReportCase& c, const Folders& f, const fs::path& out) {
  const std::string base = snake_case(c.outcome.name);
  if (base.find('/') != std::string::npos) return Ok{};  // a parameterised case: no golden
  std::error_code ec;
  for (const std::string& suite : f.golden_suites) {
    const fs::path golden = f.golden_dir / suite / (base + ".png");
    if (!fs::exists(golden, ec)) continue;
    Result<std::string> copied =
        copy_picture(golden, out, "goldens/" + suite + "/" + base + ".png");
    if (!copied) return copied.error();
    c.golden = *copied;
    break;
  }
  if (c.outcome.verdict != CaseOutcome::Verdict::kFailed) return Ok{};
  for (const std::string& suite : f.artifact_suites) {
    const fs::path dir = f.artifacts_dir / suite;
    if (!fs::exists(dir / (base + ".actual.png"), ec)) continue;
    for (auto [kind, field] :
         {std::pair{".expected.png", &c.expected}, std::pair{".actual.png", &c.actual},
          std::pair{".diff.png", &c.diff}}) {
      if (!fs::exists(dir / (base + kind), ec)) continue;
      Result<std::string> copied =
          copy_picture(dir / (base + kind), out, "artifacts/" + suite + "/" + base + kind);
      if (!copied) return copied.error();
      *field = *copied;
    }
    break;
  }
  return Ok{};
}

// Replays one session with verify, keeping its plot beside the page.
Result<ReportSession> add_session(const std::string& path, const fs::path& out) {
  ReportSession s;
  s.name = fs::path(path).filename().string();
  Result<SessionReader> reader = SessionReader::open(path);
  if (!reader) return reader.error();
  const CatalogEntry* entry = find_game(reader->header().game);
  if (entry == nullptr) {
    return Error{path, "line 1",
                 "unknown game '" + reader->header().game + "' (framecheck games lists them)"};
  }
  const std::unique_ptr<Game> game = entry->make();
  Result<ReplayReport> report = replay_session(*reader, *game, {.verify = true, .series = true});
  if (!report) return report.error();
  s.details = reader->warnings();
  s.matched =
      report->divergences.empty() && !report->first_divergent_frame && report->checkpoints > 0;
  s.summary = std::to_string(report->frames) + " frames, " + std::to_string(report->checkpoints) +
              " checkpoints, " +
              (s.matched ? std::string("all match")
               : report->first_divergent_frame
                   ? "diverged at frame " + std::to_string(report->first_divergent_frame->frame)
                   : std::to_string(report->divergences.size()) + " diverged");
  if (const auto& first = report->first_divergent_frame) {
    for (const std::string& difference : first->differences)
      s.details.push_back("frame " + std::to_string(first->frame) + ": " + difference);
  }
  for (const Divergence& d : report->divergences) {
    for (const std::string& difference : d.differences)
      s.details.push_back("frame " + std::to_string(d.frame) + ": " + difference);
  }
  PlotOptions plot;
  plot.title = s.name;
  plot.fps = static_cast<double>(reader->header().fps);
  s.plot = "sessions/" + fs::path(path).stem().string() + ".plot.png";
  std::error_code ec;
  fs::create_directories((out / s.plot).parent_path(), ec);
  if (Status w = write_output_file(out / s.plot, render_frame_plot(report->series, plot)); !w)
    return w.error();
  return s;
}

}  // namespace

int run_report(const ReportCommandOptions& options, std::ostream& out, std::ostream& err) {
  const auto fail = [&](const std::string& message) {
    err << "framecheck report: " << message << '\n';
    return kExitBadInput;
  };
  const fs::path folder = options.out;
  std::error_code ec;
  if (fs::exists(folder, ec) && !fs::is_directory(folder, ec))
    return fail(options.out + ": is not a folder; --out names the folder the report is written to");
  fs::create_directories(folder, ec);
  if (ec) return fail(options.out + ": cannot create the folder: " + ec.message());
  std::vector<fs::path> inputs(options.junit.begin(), options.junit.end());
  inputs.insert(inputs.end(), options.sessions.begin(), options.sessions.end());
  inputs.insert(inputs.end(), options.pictures.begin(), options.pictures.end());
  const fs::path page[] = {folder / "index.html"};
  if (Status s = check_outputs(page, inputs); !s) return fail(s.error().message());

  ReportModel model;
  model.title = options.title;
  for (const std::string& junit : options.junit) {
    Result<std::vector<CaseOutcome>> cases = read_junit(junit);
    if (!cases) return fail(cases.error().message());
    model.sources.push_back(fs::path(junit).filename().string());
    for (CaseOutcome& c : *cases)
      model.cases.push_back({std::move(c), {}, {}, {}, {}});
  }
  const Folders folders{options.golden_dir, options.artifacts_dir,
                        suite_folders(options.golden_dir), suite_folders(options.artifacts_dir)};
  for (ReportCase& c : model.cases) {
    if (Status s = add_pictures(c, folders, folder); !s) return fail(s.error().message());
  }
  for (const std::string& session : options.sessions) {
    Result<ReportSession> s = add_session(session, folder);
    if (!s) return fail(s.error().message());
    model.sessions.push_back(std::move(*s));
  }
  for (const std::string& picture : options.pictures) {
    Result<std::string> copied =
        copy_picture(picture, folder, "pictures/" + fs::path(picture).filename().string());
    if (!copied) return fail(copied.error().message());
    model.pictures.push_back(*copied);
  }
  if (Status s = write_output_file(page[0], render_report_html(model)); !s)
    return fail(s.error().message());

  const auto failed = std::count_if(
      model.cases.begin(), model.cases.end(),
      [](const ReportCase& c) { return c.outcome.verdict == CaseOutcome::Verdict::kFailed; });
  const auto diverged = std::count_if(model.sessions.begin(), model.sessions.end(),
                                      [](const ReportSession& s) { return !s.matched; });
  out << "report: " << page[0].string() << " (" << model.cases.size() << " cases, " << failed
      << " failed; " << model.sessions.size() << " sessions, " << diverged << " diverged)\n";
  return failed == 0 && diverged == 0 ? kExitOk : kExitMismatch;
}

}  // namespace framecheck::cli
