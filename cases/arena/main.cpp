// The arena case suite's main: GoogleTest, plus the golden flags (see run_cases).
#include <framecheck/case_test.hpp>

int main(int argc, char** argv) {
  return framecheck::run_cases(argc, argv, FRAMECHECK_GOLDEN_DIR, FRAMECHECK_ARTIFACTS_DIR);
}
