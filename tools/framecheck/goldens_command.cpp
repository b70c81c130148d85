#include "goldens_command.hpp"

#include <cstdlib>
#include <filesystem>
#include <framecheck/golden/golden_review.hpp>
#include <framecheck/io/output_file.hpp>
#include <ostream>
#include <set>

#include "exit_codes.hpp"
#include "option_reader.hpp"

namespace framecheck::cli {

namespace fs = std::filesystem;

Parsed<GoldensCommandOptions> parse_goldens(int argc, const char* const* argv) {
  cxxopts::Options options(
      "framecheck goldens",
      "status: each golden as the last run of its cases saw it (clean, changed, missing, or "
      "stale: no case checked it). accept [CASE...]: copy the frames that run left over their "
      "goldens (every changed and missing one, or the cases named), without running it again.");
  options.positional_help("status|accept [CASE...]");
  options.add_options()  //
      ("golden-dir", "the goldens' folder (default: $FRAMECHECK_GOLDEN_DIR, else golden)",
       cxxopts::value<std::string>())  //
      ("artifacts-dir",
       "where the run left its results (default: $FRAMECHECK_ARTIFACTS_DIR, else artifacts)",
       cxxopts::value<std::string>())                            //
      ("words", "", cxxopts::value<std::vector<std::string>>())  //
      ("h,help", "show this help");
  options.parse_positional({"words"});
  return parse_command<GoldensCommandOptions>(
      options, "goldens", argc, argv, false, [](OptionReader& o, GoldensCommandOptions& c) {
        std::vector<std::string> words = o.list("words");
        if (words.empty()) return o.fail("say status or accept");
        if (words[0] == "status") {
          c.action = GoldensCommandOptions::Action::kStatus;
          if (words.size() > 1) return o.fail("status takes no case names, not '" + words[1] + "'");
        } else if (words[0] == "accept") {
          c.action = GoldensCommandOptions::Action::kAccept;
          c.cases.assign(words.begin() + 1, words.end());
        } else {
          return o.fail("expected status or accept, not '" + words[0] + "'");
        }
        const auto folder = [&](const char* option, const char* variable, const char* fallback) {
          if (o.has(option)) return o.path(option);
          const char* v = std::getenv(variable);
          return std::string(v != nullptr && *v != '\0' ? v : fallback);
        };
        c.golden_dir = folder("golden-dir", "FRAMECHECK_GOLDEN_DIR", "golden");
        c.artifacts_dir = folder("artifacts-dir", "FRAMECHECK_ARTIFACTS_DIR", "artifacts");
      });
}

namespace {

int status(const std::vector<GoldenEntry>& goldens, std::ostream& out) {
  std::size_t counts[5] = {};
  for (const GoldenEntry& g : goldens) {
    ++counts[static_cast<int>(g.state)];
    out << g.golden.string() << ": " << describe_golden(g) << '\n';
    if (!g.actual.empty() && g.state != GoldenEntry::State::kClean)
      out << "  actual: " << g.actual.string() << '\n';
  }
  out << goldens.size() << " goldens: " << counts[0] << " clean, " << counts[1] << " changed, "
      << counts[2] << " missing, " << counts[3] << " stale, " << counts[4] << " unreadable\n";
  return counts[0] == goldens.size() ? kExitOk : kExitMismatch;
}

int accept(const GoldensCommandOptions& o, const std::vector<GoldenEntry>& goldens,
           std::ostream& out, std::ostream& err) {
  const auto fail = [&](const std::string& message) {
    err << "framecheck goldens: " << message << '\n';
    return kExitBadInput;
  };
  // Chosen: every changed and missing golden, or those the names give (each name must give one).
  std::vector<const GoldenEntry*> chosen;
  std::set<const GoldenEntry*> seen;
  for (const std::string& pattern : o.cases) {
    bool any = false;
    for (const GoldenEntry& g : goldens) {
      if (!golden_matches(g, pattern)) continue;
      any = true;
      if (seen.insert(&g).second) chosen.push_back(&g);
    }
    if (!any) {
      return fail("no golden or case called '" + pattern + "' under " + o.golden_dir + " or " +
                  o.artifacts_dir + " (framecheck goldens status lists them)");
    }
  }
  if (o.cases.empty()) {
    for (const GoldenEntry& g : goldens) {
      if (g.state == GoldenEntry::State::kChanged || g.state == GoldenEntry::State::kMissing)
        chosen.push_back(&g);
    }
  }
  // Everything is checked before anything is written: a refusal leaves every golden as it was.
  std::vector<std::pair<const GoldenEntry*, std::string>> writes;
  std::vector<fs::path> outputs, inputs;
  for (const GoldenEntry* g : chosen) {
    if (g->state == GoldenEntry::State::kClean) {
      out << "already passes: " << g->golden.string() << '\n';
      continue;
    }
    Result<std::string> frame = acceptable_frame(*g);
    if (!frame) return fail("refused " + g->suite + "/" + g->name + ": " + frame.error().message());
    writes.emplace_back(g, std::move(*frame));
    outputs.push_back(g->golden);
    inputs.push_back(g->actual);
  }
  std::error_code ec;
  std::vector<fs::path> existing;  // a golden not written yet has no folder to check it against
  for (const fs::path& p : outputs) {
    if (fs::is_directory(p.parent_path(), ec)) existing.push_back(p);
  }
  if (Status s = check_outputs(existing, inputs); !s) return fail(s.error().message());
  for (const auto& [g, frame] : writes) {
    fs::create_directories(g->golden.parent_path(), ec);
    if (Status s = write_output_file(g->golden, frame); !s) return fail(s.error().message());
    if (Status s = mark_accepted(*g, o.artifacts_dir); !s) return fail(s.error().message());
    out << (g->state == GoldenEntry::State::kMissing ? "created " : "accepted ")
        << g->golden.string() << " from " << g->actual.string() << '\n';
  }
  out << writes.size() << (writes.size() == 1 ? " golden" : " goldens") << " accepted\n";
  return kExitOk;
}

}  // namespace

int run_goldens(const GoldensCommandOptions& o, std::ostream& out, std::ostream& err) {
  std::error_code ec;
  if (!fs::is_directory(o.artifacts_dir, ec)) {
    err << "framecheck goldens: --artifacts-dir " << o.artifacts_dir
        << ": no such folder; give the folder the case binary wrote (framecheck_add_cases: the "
           "build folder's artifacts/)\n";
    return kExitBadInput;
  }
  if (!fs::is_directory(o.golden_dir, ec) && o.action == GoldensCommandOptions::Action::kStatus) {
    err << "framecheck goldens: --golden-dir " << o.golden_dir << ": no such folder\n";
    return kExitBadInput;
  }
  Result<std::vector<GoldenEntry>> goldens = review_goldens(o.golden_dir, o.artifacts_dir);
  if (!goldens) {
    err << "framecheck goldens: " << goldens.error().message() << '\n';
    return kExitBadInput;
  }
  return o.action == GoldensCommandOptions::Action::kStatus ? status(*goldens, out)
                                                            : accept(o, *goldens, out, err);
}

}  // namespace framecheck::cli
