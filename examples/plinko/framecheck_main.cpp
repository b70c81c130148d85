// Plinko's own framecheck: the command line with the game in its catalog, so that record,
// replay, view, play and check-determinism run it. Built with PLINKO_CHANGED_BUILD it is another
// build of the same game, its ball bouncier, which its committed session must catch.
// plinko-kept-world keeps Box2D's world between frames, as games usually do: deterministic, but
// not restorable, which the rollback check shows; plinko-kept-cold turns Box2D's warm starting
// and sleeping off too, which is not enough.
#include <framecheck/cli/cli.hpp>

#include "plinko.hpp"

int main(int argc, char** argv) {
#ifdef PLINKO_CHANGED_BUILD
  const plinko::Rules rules{.restitution = 0.5f};
  const char* version = "1.1";
#else
  const plinko::Rules rules;
  const char* version = "1.0";
#endif
  return framecheck::cli::run_cli(
      argc, argv,
      {{.id = "plinko",
        .version = version,
        .summary = "balls through pegs, on Box2D and its own renderer",
        .simulation = plinko::plinko_factory(rules)},
       {.id = "plinko-kept-world",
        .version = version,
        .summary = "plinko with Box2D's world kept between frames",
        .simulation = plinko::plinko_factory({.world = plinko::WorldLifetime::kKept})},
       {.id = "plinko-kept-cold",
        .version = version,
        .summary = "plinko with Box2D's world kept, warm starting and sleeping off",
        .simulation = plinko::plinko_factory({.world = plinko::WorldLifetime::kKeptCold})}});
}
