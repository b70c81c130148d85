// Every command of the project's own framecheck, with the bundled arena in its catalog,
// registered exactly as a studio registers its own game (docs/harness.md, "Your own framecheck").
// Built as the commands library that main.cpp loads for every command but diff.
#include <arena.hpp>
#include <framecheck/cli/cli.hpp>
#include <memory>

#include "commands_library.hpp"
#include "exit_codes.hpp"

extern "C" int framecheck_commands_main(int argc, const char* const* argv) noexcept {
  using framecheck::games::Arena;
  try {
    return framecheck::cli::run_cli(
        argc, argv,
        {{Arena::kId, Arena::kVersion, "two arenas, a spawner, a boss; every kind of source",
          framecheck::make_game<Arena>}});
  } catch (...) {
    // run_cli gives every std::exception as a message; nothing else may cross into the loader,
    // which has a C++ runtime of its own.
    return framecheck::cli::kExitBadInput;
  }
}
