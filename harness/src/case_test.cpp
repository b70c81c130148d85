#include <cctype>
#include <filesystem>
#include <framecheck/case_test.hpp>
#include <sstream>

namespace framecheck {
namespace {

void fail_at(const std::source_location& at, const std::string& message) {
  ADD_FAILURE_AT(at.file_name(), static_cast<int>(at.line())) << message;
}

const DiagnosticReading* find_reading(const std::vector<DiagnosticReading>& readings,
                                      std::string_view name) {
  for (const DiagnosticReading& r : readings) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

}  // namespace

GoldenSettings& CaseTest::golden_settings() {
  static GoldenSettings settings;
  return settings;
}

Driver& CaseTest::start(Game& game, DriverOptions options) {
  driver_ = std::make_unique<Driver>(game, std::move(options));
  return *driver_;
}

Driver& CaseTest::driver() {
  if (!driver_) throw std::logic_error("CaseTest: start(game) before stepping or checking");
  return *driver_;
}

std::string CaseTest::case_name() const {
  return snake_case(::testing::UnitTest::GetInstance()->current_test_info()->name());
}

std::string CaseTest::where() const {
  std::string w = "case " + suite_ + "/" + case_name();
  if (driver_) w += ", frame " + std::to_string(driver_->frame());
  return w;
}

void CaseTest::expect_reading(std::string_view name, const DiagnosticValue& expected,
                              std::source_location at) {
  const auto readings = driver().diagnostics().read();
  const DiagnosticReading* r = find_reading(readings, name);
  std::ostringstream want;
  want << expected;
  if (r == nullptr)
    return fail_at(at,
                   where() + ": no reading \"" + std::string(name) + "\"; expected " + want.str());
  if (!r->value || !(*r->value == expected)) {
    fail_at(at, where() + ": reading \"" + std::string(name) + "\": expected " + want.str() +
                    ", got " + describe_outcome(*r));
  }
}

void CaseTest::expect_error(std::string_view name, std::string_view message,
                            std::source_location at) {
  const auto readings = driver().diagnostics().read();
  const DiagnosticReading* r = find_reading(readings, name);
  const std::string want = "error \"" + std::string(message) + "\"";
  if (r == nullptr)
    return fail_at(at, where() + ": no reading \"" + std::string(name) + "\"; expected " + want);
  if (r->value || r->error != message) {
    fail_at(at, where() + ": reading \"" + std::string(name) + "\": expected " + want + ", got " +
                    describe_outcome(*r));
  }
}

void CaseTest::expect_absent(std::string_view name, std::source_location at) {
  const auto readings = driver().diagnostics().read();
  if (const DiagnosticReading* r = find_reading(readings, name)) {
    fail_at(at, where() + ": reading \"" + std::string(name) + "\" should be gone, got " +
                    describe_outcome(*r));
  }
}

void CaseTest::expect_panel(const std::vector<std::string>& lines, std::source_location at) {
  const std::vector<std::string> actual = driver().diagnostics().panel_lines();
  if (actual == lines) return;
  std::ostringstream s;
  s << where() << ": the panel differs\n";
  for (std::size_t i = 0; i < std::max(actual.size(), lines.size()); ++i) {
    const std::string want = i < lines.size() ? lines[i] : "(none)";
    const std::string got = i < actual.size() ? actual[i] : "(none)";
    s << (want == got ? "    " : "  ! ") << "line " << i + 1 << ": expected \"" << want
      << "\", got \"" << got << "\"\n";
  }
  fail_at(at, s.str());
}

void CaseTest::expect_metrics(const FrameMetrics& expected, std::source_location at) {
  const FrameMetrics m = driver().diagnostics().metrics();
  if (m == expected) return;
  std::ostringstream s;
  s << where() << ": metrics: expected " << expected.samples << " samples, "
    << format_metrics(expected) << "; got " << m.samples << " samples, " << format_metrics(m);
  fail_at(at, s.str());
}

void CaseTest::expect_golden(const GoldenTolerance& tolerance, std::source_location at) {
  expect_golden_named(case_name(), tolerance, at);
}

void CaseTest::expect_golden_named(std::string_view name, const GoldenTolerance& tolerance,
                                   std::source_location at) {
  GoldenSettings settings = golden_settings();
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  settings.update_command +=
      " --gtest_filter=" + std::string(info->test_suite_name()) + "." + info->name();
  const GoldenResult r = check_golden(suite_, name, driver().render_png(), settings, tolerance);
  if (!r.passed()) return fail_at(at, where() + ": " + r.message);
  if (r.outcome == GoldenResult::Outcome::kWritten) std::cout << "[ golden ] " << r.message << '\n';
}

std::string snake_case(std::string_view name) {
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (std::isupper(c)) {
      const bool after_lower = i > 0 && (std::islower(static_cast<unsigned char>(name[i - 1])) ||
                                         std::isdigit(static_cast<unsigned char>(name[i - 1])));
      const bool before_lower =
          i + 1 < name.size() && std::islower(static_cast<unsigned char>(name[i + 1]));
      if (i > 0 && (after_lower ||
                    (before_lower && std::isupper(static_cast<unsigned char>(name[i - 1]))))) {
        out.push_back('_');
      }
      out.push_back(static_cast<char>(std::tolower(c)));
    } else {
      // A run of digits after a letter is a word of its own: "At1080p" -> "at_1080p".
      if (std::isdigit(c) && i > 0 && std::isalpha(static_cast<unsigned char>(name[i - 1])))
        out.push_back('_');
      out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

int run_cases(int argc, char** argv, const std::filesystem::path& default_golden_dir,
              const std::filesystem::path& default_artifacts_dir) {
  ::testing::InitGoogleTest(&argc, argv);
  GoldenSettings& s = CaseTest::golden_settings();
  s = GoldenSettings::from_environment(default_golden_dir, default_artifacts_dir);
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--update-goldens") {
      s.update = true;
    } else if (arg.starts_with("--golden-dir=")) {
      s.golden_dir = std::string(arg.substr(13));
    } else if (arg.starts_with("--artifacts-dir=")) {
      s.artifacts_dir = std::string(arg.substr(16));
    } else {
      std::cerr << argv[0] << ": unknown option " << arg << '\n';
      return 2;
    }
  }
  s.update_command = std::filesystem::absolute(argv[0]).string() + " --update-goldens";
  return RUN_ALL_TESTS();
}

}  // namespace framecheck
