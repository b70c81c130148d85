// The whole framecheck tool: every command, with the bundled games. It is installed in libexec;
// the framecheck binary (diff_launcher.cpp) runs diff itself and starts this for the rest.
#include <framecheck/cli.hpp>

int main(int argc, char** argv) {
  return framecheck::cli::run_cli(argc, argv);
}
