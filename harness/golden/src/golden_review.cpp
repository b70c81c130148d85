#include <algorithm>
#include <charconv>
#include <framecheck/golden/golden_review.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/io/input_file.hpp>
#include <framecheck/io/output_file.hpp>
#include <map>
#include <system_error>
#include <utility>

namespace framecheck {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kResult = ".result.json";

bool ends_with(std::string_view text, std::string_view tail) {
  return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

std::string shortest(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, end);
}

GoldenEntry::State state_of(const GoldenRecord& r) {
  if (r.passed()) return GoldenEntry::State::kClean;
  if (r.outcome == "missing") return GoldenEntry::State::kMissing;
  if (r.outcome == "changed" || r.outcome == "size_changed") return GoldenEntry::State::kChanged;
  return GoldenEntry::State::kBad;
}

// The files inside each suite folder of `dir`, as (suite, path within it): a parameterised
// case's name has folders of its own ("steps/frame/0"). Links to folders are not followed.
std::vector<std::pair<std::string, std::string>> suite_files(const fs::path& dir) {
  std::vector<std::pair<std::string, std::string>> out;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return out;
  for (const fs::directory_entry& suite : fs::directory_iterator(dir, ec)) {
    if (!suite.is_directory(ec) || suite.is_symlink(ec)) continue;
    for (auto f = fs::recursive_directory_iterator(suite.path(), ec);
         !ec && f != fs::recursive_directory_iterator(); f.increment(ec)) {
      if (f->is_regular_file(ec) || f->is_symlink(ec)) {
        out.emplace_back(suite.path().filename().string(),
                         f->path().lexically_relative(suite.path()).generic_string());
      }
    }
  }
  // Directory order is the file system's: sorted, so status lists the same way everywhere.
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::string_view golden_state_name(GoldenEntry::State state) {
  switch (state) {
    case GoldenEntry::State::kClean:
      return "clean";
    case GoldenEntry::State::kChanged:
      return "changed";
    case GoldenEntry::State::kMissing:
      return "missing";
    case GoldenEntry::State::kStale:
      return "stale";
    case GoldenEntry::State::kBad:
      return "unreadable";
  }
  return "unreadable";
}

Result<std::vector<GoldenEntry>> review_goldens(const fs::path& golden_dir,
                                                const fs::path& artifacts_dir) {
  std::map<std::pair<std::string, std::string>, GoldenEntry> entries;
  for (const auto& [suite, file] : suite_files(artifacts_dir)) {
    if (!ends_with(file, kResult)) continue;
    const fs::path path = artifacts_dir / suite / file;
    Result<GoldenRecord> record = read_golden_record(path);
    if (!record) {
      Error e = record.error();
      e.file = escape_text(e.file);  // its folder's name is whoever made the folder's
      return e;
    }
    const std::string name = file.substr(0, file.size() - kResult.size());
    if (record->suite != suite || record->name != name) {
      return Error{escape_text(path.string()), "",
                   "records the golden " + escape_text(record->suite) + "/" +
                       escape_text(record->name) + ", but its place says " + escape_text(suite) +
                       "/" + escape_text(name)};
    }
    GoldenEntry e;
    e.state = state_of(*record);
    e.suite = suite;
    e.name = name;
    e.golden = golden_dir / suite / (name + ".png");
    const fs::path actual = artifacts_dir / suite / (name + ".actual.png");
    std::error_code ec;
    if (fs::exists(actual, ec)) e.actual = actual;
    e.record = std::move(*record);
    entries.emplace(std::pair{suite, name}, std::move(e));
  }
  for (const auto& [suite, file] : suite_files(golden_dir)) {
    if (!ends_with(file, ".png")) continue;
    const std::string name = file.substr(0, file.size() - 4);
    if (entries.count({suite, name}) > 0) continue;
    GoldenEntry e;
    e.state = GoldenEntry::State::kStale;
    e.suite = suite;
    e.name = name;
    e.golden = golden_dir / suite / file;
    entries.emplace(std::pair{suite, name}, std::move(e));
  }
  std::vector<GoldenEntry> out;
  for (auto& [key, e] : entries)
    out.push_back(std::move(e));
  return out;
}

std::string describe_golden(const GoldenEntry& e) {
  std::string text(golden_state_name(e.state));
  if (!e.record) return text + ": no case checked it in the run that left the artifacts";
  const GoldenRecord& r = *e.record;
  if (r.outcome == "changed") {
    text += ": " + std::to_string(r.exact) + " of " + std::to_string(r.pixels) +
            " pixels differ; " + std::to_string(r.perceptual) + " beyond pixelmatch's threshold " +
            shortest(r.threshold) + " (" + std::to_string(r.allowed) + " allowed)";
  } else if (r.outcome == "size_changed") {
    text += ": the frame's size changed";
  } else if (r.outcome == "missing") {
    text += ": no golden yet";
  } else if (r.outcome == "bad") {
    text += ": " + escape_text(r.message.substr(0, r.message.find('\n')));
  } else if (r.outcome != "matched") {
    text += " (" + escape_text(r.outcome) + ")";
  }
  if (!r.case_id.empty()) text += " (case " + escape_text(r.case_id) + ")";
  return text;
}

bool golden_matches(const GoldenEntry& e, std::string_view pattern) {
  if (pattern == e.suite + "/" + e.name || pattern == e.name) return true;
  if (!e.record || e.record->case_id.empty()) return false;
  const std::string& id = e.record->case_id;
  return pattern == id || (pattern.size() > id.size() && ends_with(pattern, "." + id));
}

Result<std::string> acceptable_frame(const GoldenEntry& e) {
  const std::string where = escape_text(e.suite) + "/" + escape_text(e.name);
  if (!e.record)
    return Error{e.golden.string(), "", "no case checked it in the run that left the artifacts"};
  if (e.actual.empty()) {
    return Error{
        where, "",
        "the run left no actual frame for it (" + std::string(golden_state_name(e.state)) + ")"};
  }
  if (e.record->actual_bytes == 0) {
    return Error{e.actual.string(), "",
                 "its case did not leave this frame in the run recorded beside it (the check " +
                     escape_text(e.record->outcome) + "); run the case again"};
  }
  Result<std::string> bytes = read_input_file(e.actual, kMaxPngBytes, "an actual frame");
  if (!bytes) return bytes.error();
  if (bytes->size() != e.record->actual_bytes ||
      golden_bytes_hash(*bytes) != e.record->actual_hash) {
    return Error{e.actual.string(), "",
                 "is not the frame its case left (its result says " +
                     std::to_string(e.record->actual_bytes) + " bytes, the file has " +
                     std::to_string(bytes->size()) + " or other bytes); run the case again"};
  }
  // The hash is only what a file says: what becomes the golden must be a picture the case can
  // compare, of the size its check counted, or the next run fails on a golden nobody reviewed.
  Result<Image> picture = decode_png(*bytes, e.actual.string());
  if (!picture) {
    return Error{e.actual.string(), picture.error().where,
                 "is not a PNG a case can compare: " + picture.error().what};
  }
  const std::uint64_t pixels =
      static_cast<std::uint64_t>(picture->width) * static_cast<std::uint64_t>(picture->height);
  if (e.record->pixels != 0 && pixels != e.record->pixels) {
    return Error{e.actual.string(), "",
                 "holds " + std::to_string(picture->width) + "x" + std::to_string(picture->height) +
                     " pixels, but its check counted " + std::to_string(e.record->pixels) +
                     "; run the case again"};
  }
  return bytes;
}

fs::path golden_record_path(const GoldenEntry& e, const fs::path& artifacts_dir) {
  return artifacts_dir / e.suite / (e.name + std::string(kResult));
}

std::string accepted_record_json(const GoldenEntry& e) {
  GoldenRecord r = e.record.value_or(GoldenRecord{.suite = e.suite, .name = e.name});
  r.outcome = "accepted";
  return golden_record_json(r);
}

}  // namespace framecheck
