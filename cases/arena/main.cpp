// The arena case suite's main: GoogleTest, plus the golden flags (see run_cases), its folders
// fixed at build time by framecheck_add_cases.
#include <framecheck/casekit/case_test.hpp>

int main(int argc, char** argv) {
  return framecheck::run_cases(argc, argv);
}
