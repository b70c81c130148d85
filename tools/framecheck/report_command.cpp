#include "report_command.hpp"

#include <algorithm>
#include <filesystem>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/golden/golden.hpp>
#include <framecheck/golden/golden_review.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/io/input_file.hpp>
#include <framecheck/io/output_file.hpp>
#include <framecheck/io/zstd_stream.hpp>
#include <framecheck/plot/divergence_clip.hpp>
#include <framecheck/plot/frame_plot.hpp>
#include <framecheck/run/replayer.hpp>
#include <map>
#include <optional>
#include <ostream>
#include <set>

#include "exit_codes.hpp"
#include "option_reader.hpp"
#include "program_name.hpp"
#include "report_page.hpp"

namespace framecheck::cli {

Parsed<ReportCommandOptions> parse_report(int argc, const char* const* argv) {
  cxxopts::Options options(command_name("report"),
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
       cxxopts::value<std::vector<std::string>>())  //
      ("findings",
       "an explore --out folder, a shard's (repeatable): each finding listed once, with its "
       "input, session and replay command",
       cxxopts::value<std::vector<std::string>>(), "DIR")                            //
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
        c.findings = o.list("findings");
        c.out = o.path("out");
        c.title = o.text("title");
        for (const std::string& f : c.junit)
          if (f.empty()) o.fail("--junit needs a file name; it was given ''");
        for (const std::string& f : c.sessions)
          if (f.empty()) o.fail("--session needs a file name; it was given ''");
        for (const std::string& f : c.pictures)
          if (f.empty()) o.fail("--picture needs a file name; it was given ''");
        for (const std::string& f : c.findings)
          if (f.empty()) o.fail("--findings needs a folder name; it was given ''");
      });
}

namespace {

namespace fs = std::filesystem;

// A finding explore wrote, and what makes it one bug: its kind and place (the session's header),
// else its first line.
struct FoundFolder {
  fs::path folder;
  std::string line, bug;
};

// The findings of explore --out folders in the order given, each folder's in name order; one
// bug once, with every folder that found it.
Result<std::vector<std::pair<FoundFolder, std::vector<std::string>>>> merged_findings(
    const std::vector<std::string>& dirs) {
  std::vector<std::pair<FoundFolder, std::vector<std::string>>> merged;
  for (const std::string& dir : dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      return Error{dir, "", "not a folder: --findings takes an explore --out folder"};
    std::vector<fs::path> folders;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
      if (e.is_directory(ec)) folders.push_back(e.path());
    std::sort(folders.begin(), folders.end());
    for (const fs::path& folder : folders) {
      Result<std::string> text =
          read_input_file(folder / "finding.txt", std::size_t{1} << 20, "a finding");
      if (!text) return text.error();
      FoundFolder f{folder, text->substr(0, text->find('\n')), {}};
      f.bug = f.line;
      if (fs::exists(folder / "session.jsonl", ec)) {
        Result<SessionReader> reader = SessionReader::open(folder / "session.jsonl");
        if (!reader) return reader.error();
        if (const auto& r = reader->header().finding) f.bug = r->kind + "\n" + r->place;
      }
      const auto same = std::find_if(merged.begin(), merged.end(),
                                     [&](const auto& m) { return m.first.bug == f.bug; });
      if (same != merged.end()) {
        same->second.push_back(dir);
      } else {
        merged.push_back({std::move(f), {dir}});
      }
    }
  }
  return merged;
}

// The names the report writes beside its page, each used once: a second picture of the same
// file name gets "-2" before its extensions ("run-2.plot.png"), and so on.
class PageNames {
 public:
  std::string claim(const std::string& wanted) {
    const fs::path p(wanted);
    const std::string file = p.filename().string();
    const std::size_t dot = std::min(file.find('.', 1), file.size());
    std::string name = wanted;
    for (int n = 2; !used_.insert(name).second; ++n)
      name = (p.parent_path() / (file.substr(0, dot) + "-" + std::to_string(n) + file.substr(dot)))
                 .string();
    return name;
  }

 private:
  std::set<std::string> used_;
};

// One picture to copy beside the page: where it is read, and its name relative to the page.
struct Copy {
  fs::path from;
  std::string to;
  bool text = false;  // a finding's text file, copied as it is; else a picture, checked
};

// A picture's bytes, checked as a PNG before more than its signature is read: a file that is not
// one (a text file, /dev/zero) is refused at its first bytes, one larger than a PNG may be before
// it is all read, and then its chunks are walked and its size held to the pixel limit. It is not
// decoded: the page only shows it, and a suite's goldens are many.
Result<std::string> read_picture(const fs::path& path) {
  static constexpr std::string_view kSignature("\x89PNG\r\n\x1a\n", 8);
  Result<InputFile> file = InputFile::open(path, "a PNG");
  if (!file) return file.error();
  std::string bytes(kSignature.size(), '\0');
  std::size_t have = 0;
  while (have < bytes.size()) {
    Result<std::size_t> n = file->read(bytes.data() + have, bytes.size() - have);
    if (!n) return n.error();
    if (*n == 0) break;
    have += *n;
  }
  if (have < kSignature.size() || bytes != kSignature)
    return Error{path.string(), "byte 0", "not a PNG file (no PNG signature)"};
  Result<std::string> rest = read_all(*file, kMaxPngBytes - have, "a PNG");
  if (!rest) return rest.error();
  bytes += *rest;
  Result<PngHeader> header = read_png_header(bytes, path.string());
  if (!header) return header.error();
  if (Status s = check_png_limits(*header, path.string(), {}); !s) return s.error();
  return bytes;
}

// Writes a copy beside the page.
Status write_copy(const Copy& c, const fs::path& out) {
  Result<std::string> bytes =
      c.text ? read_input_file(c.from, std::size_t{256} << 20, "a finding's file")
             : read_picture(c.from);
  if (!bytes) return bytes.error();
  std::error_code ec;
  fs::create_directories((out / c.to).parent_path(), ec);
  return write_output_file(out / c.to, *bytes);
}

// Which suite folders hold a file, by its name: a golden or artifacts folder listed once, so
// finding every case's pictures costs the folder's files plus the cases, not their product.
class FolderIndex {
 public:
  FolderIndex() = default;
  explicit FolderIndex(const fs::path& dir) : dir_(dir) {
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) return;
    for (const fs::directory_entry& suite : fs::directory_iterator(dir, ec)) {
      if (!suite.is_directory(ec)) continue;
      const std::string name = suite.path().filename().string();
      for (const fs::directory_entry& f : fs::directory_iterator(suite.path(), ec))
        suites_[f.path().filename().string()].push_back(name);
    }
    for (auto& [file, suites] : suites_)
      std::sort(suites.begin(), suites.end());
  }
  const fs::path& dir() const { return dir_; }
  // The suite folder holding `file` for a case of JUnit suite `suite`: the one named as the
  // suite is (snake case, with or without a trailing "_case", "_cases", "_test" or "_tests"),
  // else the only one that holds the file; none when several do and none is the suite's.
  std::optional<std::string> suite_of(const std::string& file, const std::string& suite) const {
    const auto it = suites_.find(file);
    if (it == suites_.end()) return std::nullopt;
    const std::string own = snake_case(suite.substr(suite.rfind('.') + 1));
    for (const std::string& folder : it->second) {
      if (folder == own) return folder;
      for (const char* tail : {"_case", "_cases", "_test", "_tests"})
        if (own == folder + tail) return folder;
    }
    if (it->second.size() == 1) return it->second.front();
    return std::nullopt;
  }

 private:
  fs::path dir_;
  std::map<std::string, std::vector<std::string>> suites_;
};

// The goldens each case checked, from the result every golden check leaves in the artifacts
// folder (which names its case), so a case's pictures are its own even where two suites have
// goldens of the same name; a case with no results there is matched by name instead.
class GoldenFinder {
 public:
  static Result<GoldenFinder> open(const ReportCommandOptions& options) {
    GoldenFinder f;
    f.golden_dir_ = options.golden_dir;
    f.artifacts_dir_ = options.artifacts_dir;
    f.goldens_ = FolderIndex(options.golden_dir);
    f.artifacts_ = FolderIndex(options.artifacts_dir);
    std::error_code ec;
    if (options.artifacts_dir.empty() || !fs::is_directory(options.artifacts_dir, ec)) return f;
    Result<std::vector<GoldenEntry>> entries =
        review_goldens(options.golden_dir, options.artifacts_dir);
    if (!entries) return entries.error();
    for (GoldenEntry& e : *entries) {
      if (e.record && !e.record->case_id.empty())
        f.by_case_[e.record->case_id].push_back(std::move(e));
    }
    return f;
  }

  // The case's goldens, named beside the page, and the copies that put them there.
  void plan(ReportCase& c, PageNames& names, std::vector<Copy>& copies) const {
    const auto found = by_case_.find(c.outcome.id);
    if (found == by_case_.end()) return plan_by_name(c, names, copies);
    for (const GoldenEntry& e : found->second) {
      ReportGolden g;
      g.suite = e.suite;
      g.name = e.name;
      g.failed = !e.record->passed();
      g.summary = describe_golden(e);
      std::error_code ec;
      // The golden where this report was told it is, else where the run read it.
      fs::path golden = golden_dir_.empty() ? fs::path(e.record->golden) : e.golden;
      if (fs::exists(golden, ec)) {
        g.golden = names.claim("goldens/" + e.suite + "/" + e.name + ".png");
        copies.push_back({golden, g.golden});
      }
      if (g.failed) {
        for (auto [kind, field] :
             {std::pair{".expected.png", &g.expected}, std::pair{".actual.png", &g.actual},
              std::pair{".diff.png", &g.diff}}) {
          const fs::path from = artifacts_dir_ / e.suite / (e.name + kind);
          if (!fs::exists(from, ec)) continue;
          *field = names.claim("artifacts/" + e.suite + "/" + e.name + kind);
          copies.push_back({from, *field});
        }
        if (!g.actual.empty()) {
          const fs::path goldens =
              golden_dir_.empty() ? golden.parent_path().parent_path() : golden_dir_;
          g.accept = command_name("goldens") + " accept " + e.suite + "/" + e.name +
                     " --golden-dir " + goldens.string() + " --artifacts-dir " +
                     artifacts_dir_.string();
        }
      }
      c.goldens.push_back(std::move(g));
    }
  }

 private:
  // A case's golden found by its name in snake case, in the suite folder named after its fixture
  // (or the only one that holds it): for artifacts that hold no results.
  void plan_by_name(ReportCase& c, PageNames& names, std::vector<Copy>& copies) const {
    if (c.outcome.kind != CaseOutcome::Kind::kCase || c.outcome.id.empty()) return;
    const std::size_t dot = c.outcome.id.rfind('.');
    const std::string fixture = c.outcome.id.substr(0, dot);
    const std::string base = snake_case(c.outcome.id.substr(dot + 1));
    if (base.find('/') != std::string::npos) return;  // a parameterised case: no golden
    ReportGolden g;
    g.name = base;
    if (const auto suite = goldens_.suite_of(base + ".png", fixture)) {
      g.suite = *suite;
      g.golden = names.claim("goldens/" + *suite + "/" + base + ".png");
      copies.push_back({goldens_.dir() / *suite / (base + ".png"), g.golden});
    }
    if (c.outcome.verdict == CaseOutcome::Verdict::kFailed) {
      if (const auto suite = artifacts_.suite_of(base + ".actual.png", fixture)) {
        g.suite = *suite;
        g.failed = true;
        for (auto [kind, field] :
             {std::pair{".expected.png", &g.expected}, std::pair{".actual.png", &g.actual},
              std::pair{".diff.png", &g.diff}}) {
          if (!artifacts_.suite_of(base + kind, fixture)) continue;
          *field = names.claim("artifacts/" + *suite + "/" + base + kind);
          copies.push_back({artifacts_.dir() / *suite / (base + kind), *field});
        }
      }
    }
    if (!g.suite.empty()) c.goldens.push_back(std::move(g));
  }

  fs::path golden_dir_, artifacts_dir_;
  FolderIndex goldens_, artifacts_;
  std::map<std::string, std::vector<GoldenEntry>> by_case_;
};

// The pixels a report's divergence clip may render in all, its frames times the surface: a clip
// costs about 0.3 us a pixel on one core (rendered, then encoded), so this keeps any one picture
// to about ten seconds, whatever the session's surface. Larger surfaces get fewer frames around the
// divergence; one that leaves room for fewer than three gets a line instead.
constexpr std::uint64_t kReportClipPixelBudget = 30'000'000;
constexpr std::uint64_t kReportClipMinFrames = 3;

// Replays one session with verify, keeping its plot beside the page.
Result<ReportSession> add_session(const std::string& path, const std::string& plot_name,
                                  const std::string& clip_name, const fs::path& out) {
  ReportSession s;
  s.name = fs::path(path).filename().string();
  Result<SessionReader> reader = SessionReader::open(path);
  if (!reader) return reader.error();
  const CatalogEntry* entry = find_game(reader->header().game);
  if (entry == nullptr) {
    return Error{path, "line 1",
                 "unknown game '" + escape_text(reader->header().game) + "' (" + program_name() +
                     " games lists them)"};
  }
  Result<ReplayReport> report =
      replay_session(*reader, simulation_factory(*entry), {.verify = true, .series = true});
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
  // The frames around the first divergence, animated: a second replay renders them.
  std::optional<std::uint64_t> diverged;
  if (report->first_divergent_frame)
    diverged = report->first_divergent_frame->frame;
  else if (!report->divergences.empty())
    diverged = report->divergences.front().frame;
  const SessionHeader& h = reader->header();
  const std::uint64_t surface_pixels = static_cast<std::uint64_t>(h.run.surface_width) *
                                       static_cast<std::uint64_t>(h.run.surface_height);
  const std::uint64_t frames_fit =
      kReportClipPixelBudget / std::max<std::uint64_t>(surface_pixels, 1);
  if (diverged && frames_fit < kReportClipMinFrames) {
    // A page of many sessions must not spend minutes on one (replay --clip still makes one).
    s.details.push_back("no clip: its surface is " + std::to_string(h.run.surface_width) + "x" +
                        std::to_string(h.run.surface_height) + ", too large for the " +
                        std::to_string(kReportClipMinFrames) + " frames of " +
                        std::to_string(kReportClipPixelBudget) +
                        " pixels a report renders a clip in; framecheck replay " +
                        escape_text(path) + " --clip makes one");
  } else if (diverged) {
    const std::uint64_t side = std::min<std::uint64_t>(30, (frames_fit - 1) / 2);
    const ClipRange range = clip_around(*diverged, report->frames, side, side);
    Result<SessionReader> again = SessionReader::open(path);
    if (!again) return again.error();
    ReplayOptions clip{.verify = true};
    for (std::uint64_t f = range.from; f <= range.to; ++f)
      clip.render_frames.insert(f);
    Result<ReplayReport> rendered = replay_session(*again, simulation_factory(*entry), clip);
    if (!rendered) return rendered.error();
    Result<std::string> apng = make_clip(rendered->renders, range, diverged);
    if (!apng) return Error{path, "", apng.error().message()};
    s.clip = clip_name;
    s.clip_caption = "frames " + std::to_string(range.from) + " to " + std::to_string(range.to) +
                     " replayed, overlay on; frame " + std::to_string(*diverged) +
                     ", where it first differs, framed in red and held for a second";
    std::error_code ec;
    fs::create_directories((out / s.clip).parent_path(), ec);
    if (Status w = write_output_file(out / s.clip, *apng); !w) return w.error();
  }
  PlotOptions plot;
  plot.title = s.name;
  plot.fps = static_cast<double>(reader->header().run.fps);
  s.plot = plot_name;
  std::error_code ec;
  fs::create_directories((out / s.plot).parent_path(), ec);
  if (Status w = write_output_file(out / s.plot, render_frame_plot(report->series, plot)); !w)
    return w.error();
  return s;
}

}  // namespace

int run_report(const ReportCommandOptions& options, std::ostream& out, std::ostream& err) {
  const auto fail = [&](const std::string& message) {
    err << command_name("report") << ": " << message << '\n';
    return kExitBadInput;
  };
  const fs::path folder = options.out;
  std::error_code ec;
  if (fs::exists(folder, ec) && !fs::is_directory(folder, ec))
    return fail(options.out + ": is not a folder; --out names the folder the report is written to");
  if (!options.golden_dir.empty() && !fs::is_directory(options.golden_dir, ec))
    return fail("--golden-dir " + options.golden_dir + ": no such folder");
  if (!options.artifacts_dir.empty() && !fs::is_directory(options.artifacts_dir, ec)) {
    // A run whose cases all passed leaves no artifacts, nor their folder: said, not refused.
    err << command_name("report") << ": warning: --artifacts-dir " << options.artifacts_dir
        << ": no such folder, so no case left pictures there\n";
  }

  ReportModel model;
  model.title = options.title;
  for (const std::string& junit : options.junit) {
    Result<std::vector<CaseOutcome>> cases = read_junit(junit);
    if (!cases) return fail(cases.error().message());
    model.sources.push_back(fs::path(junit).filename().string());
    for (CaseOutcome& c : *cases)
      model.cases.push_back({std::move(c), {}});
  }
  // Every file the report will write is named first, each name used once, and checked against
  // every file it reads before anything is written.
  PageNames names;
  names.claim("index.html");
  std::vector<Copy> copies;
  Result<GoldenFinder> finder = GoldenFinder::open(options);
  if (!finder) return fail(finder.error().message());
  for (ReportCase& c : model.cases)
    finder->plan(c, names, copies);
  std::vector<std::string> plots, clips;
  for (const std::string& session : options.sessions) {
    const std::string stem = without_zst(session).stem().string();
    plots.push_back(names.claim("sessions/" + stem + ".plot.png"));
    clips.push_back(names.claim("sessions/" + stem + ".clip.png"));
  }
  for (const std::string& picture : options.pictures) {
    model.pictures.push_back(names.claim("pictures/" + fs::path(picture).filename().string()));
    copies.push_back({picture, model.pictures.back()});
  }
  auto found = merged_findings(options.findings);
  if (!found) return fail(found.error().message());
  for (const auto& [f, by] : *found) {
    const std::string base = "findings/" + f.folder.filename().string() + "/";
    ReportFinding finding{.line = f.line, .found_by = by};
    finding.input = names.claim(base + "input.jsonl");
    copies.push_back({f.folder / "input.jsonl", finding.input, true});
    finding.text = names.claim(base + "finding.txt");
    copies.push_back({f.folder / "finding.txt", finding.text, true});
    if (fs::exists(f.folder / "session.jsonl", ec)) {
      finding.session = names.claim(base + "session.jsonl");
      copies.push_back({f.folder / "session.jsonl", finding.session, true});
      finding.replay = program_name() + " replay " + finding.session + " --verify";
    }
    model.findings.push_back(std::move(finding));
  }
  std::vector<fs::path> inputs(options.junit.begin(), options.junit.end());
  inputs.insert(inputs.end(), options.sessions.begin(), options.sessions.end());
  std::vector<fs::path> written{folder / "index.html"};
  for (const Copy& c : copies) {
    inputs.push_back(c.from);
    written.push_back(folder / c.to);
  }
  for (const std::string& plot : plots)
    written.push_back(folder / plot);
  for (const std::string& clip : clips)
    written.push_back(folder / clip);
  // An output whose folder does not exist yet is a new file, which no input can be; the rest go
  // through the output rule's checks (an input, a link to one, a folder in the way).
  std::vector<fs::path> outputs;
  for (const fs::path& w : written) {
    if (fs::is_directory(w.parent_path(), ec)) outputs.push_back(w);
  }
  if (Status s = check_outputs(outputs, inputs); !s) return fail(s.error().message());

  fs::create_directories(folder, ec);
  if (ec) return fail(options.out + ": cannot create the folder: " + ec.message());
  for (const Copy& c : copies) {
    if (Status s = write_copy(c, folder); !s) return fail(s.error().message());
  }
  for (std::size_t i = 0; i < options.sessions.size(); ++i) {
    Result<ReportSession> s = add_session(options.sessions[i], plots[i], clips[i], folder);
    if (!s) return fail(s.error().message());
    model.sessions.push_back(std::move(*s));
  }
  const fs::path page[] = {folder / "index.html"};
  if (Status s = write_output_file(page[0], render_report_html(model)); !s)
    return fail(s.error().message());

  const auto failed = std::count_if(
      model.cases.begin(), model.cases.end(),
      [](const ReportCase& c) { return c.outcome.verdict == CaseOutcome::Verdict::kFailed; });
  const auto diverged = std::count_if(model.sessions.begin(), model.sessions.end(),
                                      [](const ReportSession& s) { return !s.matched; });
  const auto of_kind = [&](CaseOutcome::Kind kind) {
    return std::count_if(model.cases.begin(), model.cases.end(),
                         [&](const ReportCase& c) { return c.outcome.kind == kind; });
  };
  out << "report: " << page[0].string() << " (" << of_kind(CaseOutcome::Kind::kCase) << " cases, "
      << of_kind(CaseOutcome::Kind::kSession) << " session tests, "
      << of_kind(CaseOutcome::Kind::kTest) << " other tests: " << failed << " failed; "
      << model.sessions.size() << " sessions replayed, " << diverged << " diverged";
  if (!options.findings.empty())
    out << "; " << model.findings.size() << (model.findings.size() == 1 ? " finding" : " findings");
  out << ")\n";
  return failed == 0 && diverged == 0 && model.findings.empty() ? kExitOk : kExitMismatch;
}

}  // namespace framecheck::cli
