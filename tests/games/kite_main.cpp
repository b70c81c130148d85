// Kite's own framecheck: the CLI with the game in its catalog, and its planted-bug builds beside
// it, so that record, replay, check-determinism and --rollback run a game on its own engine.
// Built with KITE_CHANGED_BUILD, it is another build of the game: the same id, a changed rule.
#include <framecheck/cli/cli.hpp>

#include "kite.hpp"
#include "lock.hpp"

namespace {

using framecheck::cli::CatalogEntry;
using framecheck::testing::Kite;
using framecheck::testing::kite_factory;
using framecheck::testing::lock_factory;

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
                                    .simulation = kite_factory(Kite::Bug::kUninitialised)},
                                   // One planted bug of each kind explore finds.
                                   {.id = "kite-throws",
                                    .version = "1.0",
                                    .summary = "kite whose key_down can throw",
                                    .simulation = kite_factory(Kite::Bug::kThrows)},
                                   {.id = "kite-crashes",
                                    .version = "1.0",
                                    .summary = "kite that can abort",
                                    .simulation = kite_factory(Kite::Bug::kCrashes)},
                                   {.id = "kite-not-finite",
                                    .version = "1.0",
                                    .summary = "kite whose x can turn NaN",
                                    .simulation = kite_factory(Kite::Bug::kNotFinite)},
                                   {.id = "kite-leaves-field",
                                    .version = "1.0",
                                    .summary = "kite that can fall through the ground",
                                    .simulation = kite_factory(Kite::Bug::kLeavesField)},
                                   {.id = "kite-hangs",
                                    .version = "1.0",
                                    .summary = "kite whose gamepad hook can hang",
                                    .simulation = kite_factory(Kite::Bug::kHangs)},
                                   {.id = "kite-combo",
                                    .version = "1.0",
                                    .summary = "kite whose vx turns NaN after one sequence",
                                    .simulation = kite_factory(Kite::Bug::kCombo)},
                                   {.id = "kite-unseeded",
                                    .version = "1.0",
                                    .summary = "kite that can draw from the machine's entropy",
                                    .simulation = kite_factory(Kite::Bug::kUnseeded)},
                                   // A bug behind three states reached in order, for --guided.
                                   {.id = "lock",
                                    .version = "1.0",
                                    .summary = "a combination lock of three numbers",
                                    .simulation = lock_factory()},
                                   {.id = "lock-opens-to-nan",
                                    .version = "1.0",
                                    .summary = "a combination lock that, opened, makes a NaN",
                                    .simulation = lock_factory(true)}});
}
