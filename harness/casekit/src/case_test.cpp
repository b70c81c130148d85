#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <framecheck/casekit/case_test.hpp>
#include <framecheck/diagnostics/format.hpp>
#include <framecheck/explore/explorer.hpp>
#include <framecheck/io/temporary_folder.hpp>
#include <framecheck/session/input_script_file.hpp>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

namespace framecheck {
namespace {

// Levenshtein distance, for listing the readings nearest a name that is not there.
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The readings there are, closest to `name` first (ties in read order), quoted.
std::string closest_names(std::string_view name, const std::vector<DiagnosticReading>& readings) {
  if (readings.empty()) return "no readings at all";
  std::vector<std::pair<std::size_t, std::size_t>> ranked;  // (distance, index)
  for (std::size_t i = 0; i < readings.size(); ++i)
    ranked.emplace_back(distance(name, readings[i].name), i);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string out = "the readings are ";
  for (std::size_t k = 0; k < ranked.size(); ++k)
    out += (k == 0 ? "\"" : ", \"") + readings[ranked[k].second].name + "\"";
  return out;
}

// Both numbers in shortest round-trip form, where their display forms read as the same number
// ("3.000" and "3" for 3.0001 and 3) and so hide the difference.
std::string exactly(const DiagnosticValue& expected, const DiagnosticReading& got) {
  if (!expected.is_number() || !got.value || !got.value->is_number()) return "";
  const double a = expected.as_number();
  const double b = got.value->as_number();
  if (std::strtod(format_value(expected).c_str(), nullptr) !=
      std::strtod(format_value(*got.value).c_str(), nullptr)) {
    return "";
  }
  return " (exactly: expected " + format_js_number(a) + ", got " + format_js_number(b) + ")";
}

std::string exact_metrics(const FrameMetrics& m) {
  return format_js_number(m.mean_ms) + " / " + format_js_number(m.p95_ms) + " / " +
         format_js_number(m.p99_ms) + " ms";
}

const DiagnosticReading* find_reading(const std::vector<DiagnosticReading>& readings,
                                      std::string_view name) {
  for (const DiagnosticReading& r : readings) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

}  // namespace

std::string CaseTest::missing(std::string_view name, const std::string& want,
                              const std::vector<DiagnosticReading>& readings) const {
  return where() + ": no reading \"" + std::string(name) + "\"; expected " + want + "; " +
         closest_names(name, readings);
}

GoldenSettings& CaseTest::golden_settings() {
  static GoldenSettings settings;
  return settings;
}

Driver& CaseTest::start(Game& game, DriverOptions options) {
  run_edit_ = options.run;
  driver_ = std::make_unique<Driver>(game, std::move(options));
  return *driver_;
}

Driver& CaseTest::start(const SimulationFactory& make, DriverOptions options) {
  run_edit_ = options.run;
  driver_ = std::make_unique<Driver>(make, std::move(options));
  return *driver_;
}

Driver& CaseTest::driver() {
  if (!driver_) throw std::logic_error("CaseTest: start(game) before stepping or checking");
  return *driver_;
}

std::string CaseTest::case_name() const {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  // A parameterised or typed case keeps its whole name but the fixture's: the instantiation
  // ("Steps/ParamCase" -> "steps") and the parameter ("Frame/0" -> "frame/0"), so that two
  // instantiations of one case never share a golden.
  std::string name;
  const std::string_view suite = info->test_suite_name();
  std::vector<std::string_view> parts;
  for (std::size_t at = 0; at <= suite.size();) {
    const std::size_t end = std::min(suite.find('/', at), suite.size());
    parts.push_back(suite.substr(at, end - at));
    at = end + 1;
  }
  // The fixture is the last part that is not a number; the others go into the name.
  const auto is_number = [](std::string_view p) {
    return !p.empty() &&
           std::all_of(p.begin(), p.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  std::size_t fixture = parts.size() - 1;
  while (fixture > 0 && is_number(parts[fixture]))
    --fixture;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i != fixture) name += snake_case(parts[i]) + "/";
  }
  return name + snake_case(info->name());
}

std::string CaseTest::where() const {
  std::string w = "case " + suite_ + "/" + case_name();
  if (driver_) w += ", frame " + std::to_string(driver_->frame());
  return w;
}

CaseTest::Outcome CaseTest::check_reading(std::string_view name, const DiagnosticValue& expected) {
  const auto readings = driver().diagnostics().read();
  const DiagnosticReading* r = find_reading(readings, name);
  std::ostringstream want;
  want << expected;
  if (r == nullptr) return missing(name, want.str(), readings);
  if (r->value && *r->value == expected) return std::nullopt;
  return where() + ": reading \"" + std::string(name) + "\": expected " + want.str() + ", got " +
         describe_outcome(*r) + exactly(expected, *r);
}

CaseTest::Outcome CaseTest::check_reading_near(std::string_view name, double expected,
                                               double tolerance) {
  const auto readings = driver().diagnostics().read();
  const DiagnosticReading* r = find_reading(readings, name);
  const std::string want = format_js_number(expected) + " within " + format_js_number(tolerance);
  if (r == nullptr) return missing(name, want, readings);
  if (r->value && r->value->is_number() &&
      std::fabs(r->value->as_number() - expected) <= tolerance) {
    return std::nullopt;
  }
  std::string got = describe_outcome(*r);
  if (r->value && r->value->is_number()) {
    got = format_js_number(r->value->as_number()) + ", off by " +
          format_js_number(std::fabs(r->value->as_number() - expected));
  }
  return where() + ": reading \"" + std::string(name) + "\": expected " + want + ", got " + got;
}

CaseTest::Outcome CaseTest::check_error(std::string_view name, std::string_view message) {
  const auto readings = driver().diagnostics().read();
  const DiagnosticReading* r = find_reading(readings, name);
  const std::string want = "error \"" + std::string(message) + "\"";
  if (r == nullptr) return missing(name, want, readings);
  if (!r->value && r->error == message) return std::nullopt;
  return where() + ": reading \"" + std::string(name) + "\": expected " + want + ", got " +
         describe_outcome(*r);
}

CaseTest::Outcome CaseTest::check_absent(std::string_view name) {
  const auto readings = driver().diagnostics().read();
  const DiagnosticReading* r = find_reading(readings, name);
  if (r == nullptr) return std::nullopt;
  return where() + ": reading \"" + std::string(name) + "\" should be gone, got " +
         describe_outcome(*r);
}

CaseTest::Outcome CaseTest::check_panel(const std::vector<std::string>& lines) {
  const std::vector<std::string> actual = driver().diagnostics().panel_lines();
  if (actual == lines) return std::nullopt;
  std::ostringstream s;
  s << where() << ": the panel differs\n";
  for (std::size_t i = 0; i < std::max(actual.size(), lines.size()); ++i) {
    const std::string want = i < lines.size() ? lines[i] : "(none)";
    const std::string got = i < actual.size() ? actual[i] : "(none)";
    s << (want == got ? "    " : "  ! ") << "line " << i + 1 << ": expected \"" << want
      << "\", got \"" << got << "\"\n";
  }
  return s.str();
}

CaseTest::Outcome CaseTest::check_metrics(const FrameMetrics& expected) {
  const FrameMetrics m = driver().diagnostics().metrics();
  if (m == expected) return std::nullopt;
  std::ostringstream s;
  s << where() << ": metrics: expected " << expected.samples << " samples, "
    << format_metrics(expected) << "; got " << m.samples << " samples, " << format_metrics(m);
  if (format_metrics(expected) == format_metrics(m) && expected.samples == m.samples) {
    s << " (exactly: expected " << exact_metrics(expected) << ", got " << exact_metrics(m) << ")";
  }
  return s.str();
}

CaseTest::Outcome CaseTest::check_golden_named(std::string_view name,
                                               const GoldenTolerance& tolerance) {
  GoldenSettings settings = golden_settings();
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  settings.case_id = std::string(info->test_suite_name()) + "." + info->name();
  settings.update_command += " --gtest_filter=" + settings.case_id;
  const GoldenResult r = check_golden(suite_, name, driver().render_png(), settings, tolerance);
  if (!r.passed()) return where() + ": " + r.message;
  if (r.outcome == GoldenResult::Outcome::kWritten) std::cout << "[ golden ] " << r.message << '\n';
  if (r.outcome == GoldenResult::Outcome::kWithinTolerance) {
    std::cout << "[ golden ] " << r.golden.string() << ": passed within tolerance, " << r.mismatched
              << " of " << r.pixels << " pixels differ (" << r.allowed << " allowed; "
              << r.perceptual << " beyond pixelmatch's threshold "
              << format_js_number(tolerance.diff.threshold) << ")\n";
  }
  return std::nullopt;
}

void CaseTest::hold(const std::string& code, std::int64_t frames) {
  press(code);
  step(frames);
  release(code);
}

void CaseTest::move_pointer(Vec2 at) {
  driver().pointer({PointerKind::kMove, at});
}
void CaseTest::press_pointer(Vec2 at, int button) {
  driver().pointer({PointerKind::kDown, at, button});
}
void CaseTest::release_pointer(Vec2 at, int button) {
  driver().pointer({PointerKind::kUp, at, button});
}
void CaseTest::click(Vec2 at, int button) {
  press_pointer(at, button);
  release_pointer(at, button);
}
void CaseTest::wheel(Vec2 at, Vec2 notches) {
  driver().pointer({PointerKind::kWheel, at, 0, notches});
}

void CaseTest::connect_gamepad(int pad, const std::string& name) {
  driver().gamepad({GamepadKind::kConnected, pad, 0, 0, name});
}
void CaseTest::disconnect_gamepad(int pad) {
  driver().gamepad({GamepadKind::kDisconnected, pad, 0, 0, {}});
}
void CaseTest::press_button(int button, int pad, double value) {
  driver().gamepad({GamepadKind::kButton, pad, button, value, {}});
}
void CaseTest::move_stick(Vec2 at, int stick, int pad) {
  driver().gamepad({GamepadKind::kAxis, pad, 2 * stick, at.x, {}});
  driver().gamepad({GamepadKind::kAxis, pad, 2 * stick + 1, at.y, {}});
}

void CaseTest::travel(const std::string& level, SourceLocation at) {
  const std::vector<std::string> known = driver().simulation().levels();
  if (known.empty() || std::find(known.begin(), known.end(), level) != known.end()) {
    driver().travel(level);
    return;
  }
  std::string names;
  for (const std::string& name : known)
    names += (names.empty() ? "" : ", ") + name;
  report(where() + ": travel to unknown level '" + level + "'; the game has " + names, true, at);
}

CaseTest::Outcome CaseTest::check_step_until(const std::function<bool()>& condition,
                                             std::int64_t max_frames) {
  const std::uint64_t first = driver().frame();
  for (std::int64_t n = 0;; ++n) {
    if (condition()) return std::nullopt;
    if (n == max_frames) break;
    step();
  }
  return where() + ": step_until: the condition did not hold within " + std::to_string(max_frames) +
         " frames (frames " + std::to_string(first + 1) + " to " +
         std::to_string(driver().frame()) + " ran)";
}

bool CaseTest::step_until(const std::function<bool()>& condition, std::int64_t max_frames,
                          SourceLocation at) {
  return report(check_step_until(condition, max_frames), false, at);
}
bool CaseTest::assert_step_until(const std::function<bool()>& condition, std::int64_t max_frames,
                                 SourceLocation at) {
  return report(check_step_until(condition, max_frames), true, at);
}

bool CaseTest::report(const Outcome& outcome, bool fatal, const SourceLocation& at) {
  if (!outcome) return true;
  const int line = static_cast<int>(at.line());
  if (!fatal) {
    ADD_FAILURE_AT(at.file_name(), line) << *outcome;
    return false;
  }
  ::testing::internal::AssertHelper(::testing::TestPartResult::kFatalFailure, at.file_name(), line,
                                    outcome->c_str()) = ::testing::Message();
  // Stops the case. GoogleTest takes this exception as "reported already", so the failure above
  // is the case's only one; any other exception would be counted as a second failure.
  throw ::testing::AssertionException(::testing::TestPartResult(
      ::testing::TestPartResult::kFatalFailure, at.file_name(), line, outcome->c_str()));
}

// The public checks: one line each over the check_ functions.
bool CaseTest::expect_reading(std::string_view n, const DiagnosticValue& v, SourceLocation at) {
  return report(check_reading(n, v), false, at);
}
bool CaseTest::assert_reading(std::string_view n, const DiagnosticValue& v, SourceLocation at) {
  return report(check_reading(n, v), true, at);
}
bool CaseTest::expect_reading_near(std::string_view n, double v, double tolerance,
                                   SourceLocation at) {
  return report(check_reading_near(n, v, tolerance), false, at);
}
bool CaseTest::assert_reading_near(std::string_view n, double v, double tolerance,
                                   SourceLocation at) {
  return report(check_reading_near(n, v, tolerance), true, at);
}
bool CaseTest::expect_error(std::string_view n, std::string_view m, SourceLocation at) {
  return report(check_error(n, m), false, at);
}
bool CaseTest::assert_error(std::string_view n, std::string_view m, SourceLocation at) {
  return report(check_error(n, m), true, at);
}
bool CaseTest::expect_absent(std::string_view n, SourceLocation at) {
  return report(check_absent(n), false, at);
}
bool CaseTest::assert_absent(std::string_view n, SourceLocation at) {
  return report(check_absent(n), true, at);
}
bool CaseTest::expect_panel(const std::vector<std::string>& l, SourceLocation at) {
  return report(check_panel(l), false, at);
}
bool CaseTest::assert_panel(const std::vector<std::string>& l, SourceLocation at) {
  return report(check_panel(l), true, at);
}
bool CaseTest::expect_metrics(const FrameMetrics& m, SourceLocation at) {
  return report(check_metrics(m), false, at);
}
bool CaseTest::assert_metrics(const FrameMetrics& m, SourceLocation at) {
  return report(check_metrics(m), true, at);
}
bool CaseTest::expect_golden(SourceLocation at) {
  return report(check_golden_named(case_name(), golden_tolerance_), false, at);
}
bool CaseTest::expect_golden(const GoldenTolerance& t, SourceLocation at) {
  return report(check_golden_named(case_name(), t), false, at);
}
bool CaseTest::assert_golden(SourceLocation at) {
  return report(check_golden_named(case_name(), golden_tolerance_), true, at);
}
bool CaseTest::assert_golden(const GoldenTolerance& t, SourceLocation at) {
  return report(check_golden_named(case_name(), t), true, at);
}
bool CaseTest::expect_golden_named(std::string_view n, SourceLocation at) {
  return report(check_golden_named(n, golden_tolerance_), false, at);
}
bool CaseTest::expect_golden_named(std::string_view n, const GoldenTolerance& t,
                                   SourceLocation at) {
  return report(check_golden_named(n, t), false, at);
}
bool CaseTest::expect_deterministic(const GameFactory& make, std::uint64_t frames,
                                    const InputScript& input, SourceLocation at) {
  // The game's own spec read from a game alone: an engine would open its first level too.
  return report(check_deterministic(simulation_of(make), edited(make()->run_spec(), run_edit_),
                                    frames, input),
                false, at);
}

bool CaseTest::expect_deterministic(const SimulationFactory& make, std::uint64_t frames,
                                    const InputScript& input, SourceLocation at) {
  return report(check_deterministic(make, make({.run = run_edit_})->run(), frames, input), false,
                at);
}

CaseTest::Outcome CaseTest::check_deterministic(const SimulationFactory& make, const RunSpec& spec,
                                                std::uint64_t frames, const InputScript& input) {
  const std::string who = "case " + suite_ + "/" + case_name();
  // A session of its own, in a private folder of the system's temporary one.
  Result<TemporaryFolder> scratch = TemporaryFolder::create("framecheck-case");
  if (!scratch) return who + ": " + scratch.error().message();
  const std::filesystem::path session = scratch->path() / "first-run.jsonl";
  RecordOptions record;
  record.header.game = suite_;
  record.header.run = spec;
  record.frames = frames;
  record.input = input;
  if (Status s = record_first_run(make, record, session); !s)
    return who + ": the first run failed: " + s.error().message();
  for (const SecondRun run : {SecondRun::kSameProcess, SecondRun::kZeroFilled,
                              SecondRun::kHeapFalling, SecondRun::kHeapRising}) {
    Result<std::optional<DeterminismFinding>> found = replay_second_run(session, make, run);
    if (!found) return who + ": " + run_name(run) + " failed: " + found.error().message();
    if (*found) {
      std::string message = who + ": not deterministic over " + std::to_string(frames) +
                            " frames: " + run_name(run) + " first differs at frame " +
                            std::to_string((*found)->frame);
      for (const std::string& line : (*found)->differences)
        message += "\n  " + line;
      return message + "\n  most likely: " + likely_cause(run);
    }
  }
  return std::nullopt;
}

bool CaseTest::expect_explores_clean(const GameFactory& make, std::uint64_t runs,
                                     std::uint64_t frames, std::uint64_t seed, SourceLocation at) {
  return report(check_explores_clean(simulation_of(make), runs, frames, seed), false, at);
}

bool CaseTest::expect_explores_clean(const SimulationFactory& make, std::uint64_t runs,
                                     std::uint64_t frames, std::uint64_t seed, SourceLocation at) {
  return report(check_explores_clean(make, runs, frames, seed), false, at);
}

CaseTest::Outcome CaseTest::check_explores_clean(const SimulationFactory& make, std::uint64_t runs,
                                                 std::uint64_t frames, std::uint64_t seed) {
  const ExploreResult result =
      explore(make, {.runs = runs, .frames = frames, .seed = seed, .run = run_edit_});
  if (result.findings.empty()) return std::nullopt;
  std::string message = "case " + suite_ + "/" + case_name() + ": explore found " +
                        std::to_string(result.findings.size()) +
                        (result.findings.size() == 1 ? " bug" : " bugs") + " in " +
                        std::to_string(runs) + " runs of " + std::to_string(frames) +
                        " frames (seed " + std::to_string(seed) + ")";
  for (const Explored& e : result.findings) {
    message += "\n  " + describe(e.finding) + "\n    found in run " + std::to_string(e.run) +
               ", shrunk from " + std::to_string(e.events_before) + " events to " +
               std::to_string(e.events_after) +
               "; its input, to save and rerun with explore "
               "--check:";
    std::string script = input_script_text(e.input);
    for (std::size_t at = 0; at < script.size();) {
      const std::size_t end = script.find('\n', at);
      message += "\n      " + script.substr(at, end - at);
      at = end == std::string::npos ? script.size() : end + 1;
    }
  }
  return message;
}

bool CaseTest::expect_rollback_safe(const GameFactory& make, std::uint64_t frames,
                                    std::uint64_t distance, const InputScript& input,
                                    SourceLocation at) {
  return report(check_rollback_safe(simulation_of(make), frames, distance, input), false, at);
}

bool CaseTest::expect_rollback_safe(const SimulationFactory& make, std::uint64_t frames,
                                    std::uint64_t distance, const InputScript& input,
                                    SourceLocation at) {
  return report(check_rollback_safe(make, frames, distance, input), false, at);
}

CaseTest::Outcome CaseTest::check_rollback_safe(const SimulationFactory& make, std::uint64_t frames,
                                                std::uint64_t distance, const InputScript& input) {
  DriverOptions options;
  options.run = run_edit_;
  options.input = input;
  const std::optional<RollbackFinding> found = check_rollback(make, options, frames, distance);
  if (!found) return std::nullopt;
  std::string message = "case " + suite_ + "/" + case_name() + ": not rollback-safe over " +
                        std::to_string(frames) + " frames: at frame " +
                        std::to_string(found->frame) + ", frame " +
                        std::to_string(found->restored) + "'s state restored, frame " +
                        std::to_string(found->resimulated) + " simulated again differs";
  for (const std::string& line : found->differences)
    message += "\n  " + line;
  return message +
         "\n  (recorded: the first simulation; replayed: the same frames after the "
         "restore)\n  most likely: " +
         kRollbackCause;
}

}  // namespace framecheck
