// Reviewing a run's goldens after the fact: what each check left in the artifacts folder, set
// against the golden folder, and accepting the frames a run left over their goldens without
// running it again (a CI run's downloaded artifacts included).
#pragma once

#include <filesystem>
#include <framecheck/golden/golden_record.hpp>
#include <framecheck/io/result.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace framecheck {

// One golden as the last run saw it.
struct GoldenEntry {
  enum class State {
    kClean,    // checked, and passed
    kChanged,  // checked, and the frame differs (or changed size)
    kMissing,  // checked, and there is no golden yet
    kStale,    // a golden no case checked in the run that left the artifacts
    kBad,      // checked, and the golden could not be read
  };
  State state = State::kClean;
  std::string suite;
  std::string name;
  std::filesystem::path golden;  // <golden_dir>/<suite>/<name>.png
  std::filesystem::path actual;  // <artifacts_dir>/<suite>/<name>.actual.png, if the run left one
  std::optional<GoldenRecord> record;  // what the check saw; none for a stale golden
};

// Every golden under golden_dir and every result under artifacts_dir, by suite then name. A
// result file that cannot be read is an Error naming it.
//   Result<std::vector<GoldenEntry>> goldens = review_goldens("golden", "build/artifacts");
Result<std::vector<GoldenEntry>> review_goldens(const std::filesystem::path& golden_dir,
                                                const std::filesystem::path& artifacts_dir);

// "changed", "missing", ...: the state as `framecheck goldens status` prints it.
std::string_view golden_state_name(GoldenEntry::State state);

// One line a person reads: "changed: 700 of 57600 pixels differ; 0 beyond pixelmatch's
// threshold 0.1 (case ArenaCase.X)". What came from the result file is escaped (escape_text).
std::string describe_golden(const GoldenEntry& entry);

// Whether `pattern` names this golden: "suite/name", "name", the case ("Fixture.Case") or a
// name that ends in it (ctest's "prefix.Fixture.Case").
bool golden_matches(const GoldenEntry& entry, std::string_view pattern);

// The bytes accept would write over the golden: the run's actual frame, checked against its
// record (the size and hash the check kept) and decoded as the PNG of as many pixels as the
// check compared. An actual no check left, one changed since, or one no case could compare is
// an Error.
Result<std::string> acceptable_frame(const GoldenEntry& entry);

// Where the entry's result file is: <artifacts_dir>/<suite>/<name>.result.json.
std::filesystem::path golden_record_path(const GoldenEntry& entry,
                                         const std::filesystem::path& artifacts_dir);

// The entry's result file marked accepted, so status reads it as clean until the next run.
std::string accepted_record_json(const GoldenEntry& entry);

}  // namespace framecheck
