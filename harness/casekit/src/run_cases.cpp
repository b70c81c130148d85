#include <filesystem>
#include <framecheck/casekit/case_test.hpp>
#include <iostream>

namespace framecheck {

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
  // The exact command that rewrites one golden, with the folder this run reads goldens from.
  s.update_command = std::filesystem::absolute(argv[0]).string() + " --update-goldens" +
                     " --golden-dir=" + std::filesystem::absolute(s.golden_dir).string();
  return RUN_ALL_TESTS();
}

}  // namespace framecheck
