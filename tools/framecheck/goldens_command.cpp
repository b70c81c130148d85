#include "goldens_command.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <framecheck/golden/golden_review.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/io/output_file.hpp>
#include <ostream>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "exit_codes.hpp"
#include "option_reader.hpp"
#include "program_name.hpp"

namespace framecheck::cli {

namespace fs = std::filesystem;

Parsed<GoldensCommandOptions> parse_goldens(int argc, const char* const* argv) {
  cxxopts::Options options(
      command_name("goldens"),
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

// A path as it is printed: its suite and name are folder and file names somebody chose.
std::string shown(const fs::path& path) {
  return escape_text(path.string());
}

int status(const std::vector<GoldenEntry>& goldens, std::ostream& out) {
  std::size_t counts[5] = {};
  for (const GoldenEntry& g : goldens) {
    ++counts[static_cast<int>(g.state)];
    out << shown(g.golden) << ": " << describe_golden(g) << '\n';
    if (!g.actual.empty() && g.state != GoldenEntry::State::kClean)
      out << "  actual: " << shown(g.actual) << '\n';
  }
  out << goldens.size() << " goldens: " << counts[0] << " clean, " << counts[1] << " changed, "
      << counts[2] << " missing, " << counts[3] << " stale, " << counts[4] << " unreadable\n";
  return counts[0] == goldens.size() ? kExitOk : kExitMismatch;
}

// One file accept replaces, written in full beside it before any is renamed into place.
struct StagedFile {
  fs::path target;  // what is replaced (a link's final target)
  TemporaryFile temporary;
};

Result<StagedFile> stage(const fs::path& path, std::string_view bytes) {
  Result<OutputTarget> target = resolve_output(path);
  if (!target) return target.error();
  if (target->kind != OutputKind::kReplace)
    return Error{path.string(), "", "is not a file a golden or a result can be"};
  Result<TemporaryFile> temporary = TemporaryFile::create(target->target);
  if (!temporary) return temporary.error();
  if (Status s = write_all(temporary->fd(), bytes, path.string()); !s) return s.error();
  return StagedFile{target->target, std::move(*temporary)};
}

int accept(const GoldensCommandOptions& o, const std::vector<GoldenEntry>& goldens,
           std::ostream& out, std::ostream& err) {
  const auto fail = [&](const std::string& message) {
    err << command_name("goldens") << ": " << message << '\n';
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
      return fail("no golden or case called '" + escape_text(pattern) + "' under " +
                  escape_text(o.golden_dir) + " or " + escape_text(o.artifacts_dir) +
                  " (framecheck goldens status lists them)");
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
      out << "already passes: " << shown(g->golden) << '\n';
      continue;
    }
    Result<std::string> frame = acceptable_frame(*g);
    if (!frame) {
      return fail("refused " + escape_text(g->suite) + "/" + escape_text(g->name) + ": " +
                  frame.error().message() + "; no golden was changed");
    }
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
  // All or nothing: every golden and every result file is written in full beside its target
  // first (a full disk fails here, and the temporaries go with it), then all are renamed.
  std::vector<fs::path> made_folders;
  const auto undo_folders = [&] {
    // Deepest first; fs::remove takes a folder only while it is empty, so nothing else goes.
    std::sort(made_folders.begin(), made_folders.end(), [](const fs::path& a, const fs::path& b) {
      return a.native().size() > b.native().size();
    });
    for (const fs::path& folder : made_folders)
      fs::remove(folder, ec);
  };
  std::vector<StagedFile> staged;
  for (const auto& [g, frame] : writes) {
    for (fs::path folder = g->golden.parent_path(); !folder.empty() && !fs::exists(folder, ec);
         folder = folder.parent_path())
      made_folders.push_back(folder);
    fs::create_directories(g->golden.parent_path(), ec);
    const std::string record = accepted_record_json(*g);
    const std::pair<fs::path, std::string_view> files[] = {
        {g->golden, frame}, {golden_record_path(*g, o.artifacts_dir), record}};
    for (const auto& [path, bytes] : files) {
      Result<StagedFile> file = stage(path, bytes);
      if (!file) {
        staged.clear();
        undo_folders();
        return fail(file.error().message() + "; no golden was changed");
      }
      staged.push_back(std::move(*file));
    }
  }
  for (std::size_t i = 0; i < staged.size(); ++i) {
    if (Status s = staged[i].temporary.commit(); !s) {
      std::string done;
      for (std::size_t j = 0; j < i; ++j)
        done += "\n  written: " + shown(staged[j].target);
      for (std::size_t j = i; j < staged.size(); ++j)
        done += "\n  as it was: " + shown(staged[j].target);
      return fail(s.error().message() + done);
    }
  }
  for (const auto& [g, frame] : writes) {
    out << (g->state == GoldenEntry::State::kMissing ? "created " : "accepted ") << shown(g->golden)
        << " from " << shown(g->actual) << '\n';
  }
  out << writes.size() << (writes.size() == 1 ? " golden" : " goldens") << " accepted\n";
  return kExitOk;
}

}  // namespace

int run_goldens(const GoldensCommandOptions& o, std::ostream& out, std::ostream& err) {
  std::error_code ec;
  if (!fs::is_directory(o.artifacts_dir, ec)) {
    err << command_name("goldens") << ": --artifacts-dir " << escape_text(o.artifacts_dir)
        << ": no such folder; give the folder the case binary wrote (framecheck_add_cases: the "
           "build folder's artifacts/)\n";
    return kExitBadInput;
  }
  if (!fs::is_directory(o.golden_dir, ec) && o.action == GoldensCommandOptions::Action::kStatus) {
    err << command_name("goldens") << ": --golden-dir " << escape_text(o.golden_dir)
        << ": no such folder\n";
    return kExitBadInput;
  }
  Result<std::vector<GoldenEntry>> goldens = review_goldens(o.golden_dir, o.artifacts_dir);
  if (!goldens) {
    err << command_name("goldens") << ": " << goldens.error().message() << '\n';
    return kExitBadInput;
  }
  return o.action == GoldensCommandOptions::Action::kStatus ? status(*goldens, out)
                                                            : accept(o, *goldens, out, err);
}

}  // namespace framecheck::cli
