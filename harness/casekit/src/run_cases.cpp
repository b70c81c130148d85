#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <framecheck/casekit/case_test.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

namespace framecheck {
namespace {

namespace fs = std::filesystem;

// What is wrong with a folder option's value, or empty: it names a folder, or a place one can be
// made (update mode writes the goldens' folders), and never a file.
std::string folder_problem(std::string_view option, const fs::path& folder) {
  if (folder.empty()) return std::string(option) + " needs a folder; it was given ''";
  std::error_code ec;
  const fs::file_status status = fs::status(folder, ec);
  if (fs::exists(status) && !fs::is_directory(status))
    return std::string(option) + " " + folder.string() + " is not a folder";
  return {};
}

// Under ctest every case is a test of its own, run as --gtest_filter=<its full name>. GoogleTest's
// sharding variables then put that one case in shard 0, and every other shard's process runs
// nothing and passes: a suite that silently checks nothing. Why such a run is refused, or empty
// when it is not one: no sharding, a filter that is a pattern (a shard may rightly be empty), a
// name no case has, or a case that ran.
std::string nothing_left_by_sharding() {
  const char* total = std::getenv("GTEST_TOTAL_SHARDS");
  const char* index = std::getenv("GTEST_SHARD_INDEX");
  if (total == nullptr || index == nullptr) return {};
  const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
  if (unit.test_to_run_count() > 0) return {};
  const std::string filter = GTEST_FLAG_GET(filter);
  if (filter.find_first_of("*?:-") != std::string::npos) return {};
  bool named = false;
  for (int i = 0; i < unit.total_test_suite_count() && !named; ++i) {
    const ::testing::TestSuite& suite = *unit.GetTestSuite(i);
    for (int j = 0; j < suite.total_test_count() && !named; ++j) {
      const ::testing::TestInfo& t = *suite.GetTestInfo(j);
      named = filter == std::string(t.test_suite_name()) + "." + t.name();
    }
  }
  if (!named) return {};
  int shard = 0;
  const std::string_view i = index;
  std::from_chars(i.data(), i.data() + i.size(), shard);
  return "GTEST_TOTAL_SHARDS=" + std::string(total) + " and GTEST_SHARD_INDEX=" + index +
         " leave " + filter +
         " in another shard, so this run checked nothing. ctest runs each case as a test of its "
         "own: unset GoogleTest's sharding variables and shard with ctest instead (this shard: "
         "ctest -I " +
         std::to_string(shard + 1) + ",," + total + ")";
}

}  // namespace

int run_cases(int argc, char** argv, const std::filesystem::path& default_golden_dir,
              const std::filesystem::path& default_artifacts_dir) {
  ::testing::InitGoogleTest(&argc, argv);
  GoldenSettings& s = CaseTest::golden_settings();
  Result<GoldenSettings> settings =
      GoldenSettings::from_environment(default_golden_dir, default_artifacts_dir);
  if (!settings) {
    std::cerr << argv[0] << ": " << settings.error().message() << '\n';
    return 2;
  }
  s = std::move(*settings);
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--update-goldens") {
      s.update = GoldenUpdate::kAll;
    } else if (arg.starts_with("--update-goldens=")) {
      const std::optional<GoldenUpdate> mode = parse_golden_update(arg.substr(17));
      if (!mode) {
        std::cerr << argv[0] << ": " << arg
                  << ": expected --update-goldens=missing, changed, all or none\n";
        return 2;
      }
      s.update = *mode;
    } else if (arg.starts_with("--golden-dir=")) {
      s.golden_dir = std::string(arg.substr(13));
    } else if (arg.starts_with("--artifacts-dir=")) {
      s.artifacts_dir = std::string(arg.substr(16));
    } else {
      std::cerr << argv[0] << ": unknown option " << arg << '\n';
      return 2;
    }
  }
  for (const auto& [option, folder] :
       {std::pair{"--golden-dir", s.golden_dir}, std::pair{"--artifacts-dir", s.artifacts_dir}}) {
    if (const std::string problem = folder_problem(option, folder); !problem.empty()) {
      std::cerr << argv[0] << ": " << problem << '\n';
      return 2;
    }
  }
  // The artifacts folder exists after every run, empty when every case passed, so a report
  // pointed at it can tell a mistyped folder from a clean run.
  std::error_code ec;
  fs::create_directories(s.artifacts_dir, ec);
  // The exact command that rewrites one golden, with the folder this run reads goldens from.
  const fs::path program = fs::absolute(argv[0], ec);
  const fs::path goldens = fs::absolute(s.golden_dir, ec);
  s.update_command =
      (program.empty() ? fs::path(argv[0]) : program).string() +
      " --update-goldens --golden-dir=" + (goldens.empty() ? s.golden_dir : goldens).string();
  const int status = RUN_ALL_TESTS();
  if (const std::string why = nothing_left_by_sharding(); !why.empty()) {
    std::cerr << argv[0] << ": " << why << '\n';
    return 1;
  }
  return status;
}

}  // namespace framecheck
