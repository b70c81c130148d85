// Generated play finds nothing in the arena: runs of keys, pointer and gamepad drawn from a seed,
// each in a child process with a twin beside it, and every frame checked for exceptions, crashes,
// numbers that are not finite, the arena's invariants, hangs and nondeterminism.
#include "arena_case.hpp"

namespace framecheck::cases {
namespace {

TEST_F(ArenaCase, GeneratedPlayFindsNothingInTheArena) {
  expect_explores_clean(make_game<games::Arena>, 100, 600);
}

}  // namespace
}  // namespace framecheck::cases
