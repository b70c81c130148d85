// Kite's own framecheck: the CLI with the game in its catalog, and its planted-bug builds beside
// it, so that record, replay, check-determinism and --rollback run a game on its own engine.
// Built with KITE_CHANGED_BUILD, it is another build of the game: the same id, a changed rule.
#include <framecheck/cli/cli.hpp>

#include "kite.hpp"

namespace {

using framecheck::cli::CatalogEntry;
using framecheck::testing::Kite;
using framecheck::testing::kite_factory;

#ifdef KITE_CHANGED_BUILD
const CatalogEntry kKite{.id = "kite",
                         .version = "1.1",
                         .summary = "a kite whose gravity changes at frame 40",
                         .simulation = kite_factory(Kite::Bug::kChangedRule)};
#else
const CatalogEntry kKite{.id = "kite",
                         .version = "1.0",
                         .summary = "a kite on the wind, on its own engine",
                         .simulation = kite_factory()};
#endif

}  // namespace

int main(int argc, char** argv) {
  return framecheck::cli::run_cli(argc, argv,
                                  {kKite,
                                   {.id = "kite-undeclared",
                                    .version = "1.0",
                                    .summary = "kite with a member it never declares",
                                    .simulation = kite_factory(Kite::Bug::kUndeclared)},
                                   {.id = "kite-uninitialised",
                                    .version = "1.0",
                                    .summary = "kite with a member it never initialises",
                                    .simulation = kite_factory(Kite::Bug::kUninitialised)}});
}
