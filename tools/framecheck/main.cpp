// The project's own framecheck: the CLI with the bundled arena in its catalog, registered exactly
// as a studio registers its own game (docs/harness.md, "Your own framecheck").
#include <arena.hpp>
#include <framecheck/cli/cli.hpp>
#include <memory>

int main(int argc, char** argv) {
  using framecheck::games::Arena;
  return framecheck::cli::run_cli(
      argc, argv,
      {{Arena::kId, Arena::kVersion, "two arenas, a spawner, a boss; every kind of source",
        framecheck::make_game<Arena>}});
}
