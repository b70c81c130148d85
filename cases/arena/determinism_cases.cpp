// The arena is deterministic: run again in the same process, the heap perturbed both ways, it
// agrees with its first run on every frame, with the hitch session's input and without; and
// rolled back and simulated again, it agrees with itself.
#include <framecheck/session/input_script_file.hpp>

#include "arena_case.hpp"

namespace framecheck::cases {
namespace {

GameFactory arena() {
  return make_game<games::Arena>;
}

TEST_F(ArenaCase, TheArenaIsDeterministicOnAutopilot) {
  expect_deterministic(arena(), 1200);
}

TEST_F(ArenaCase, TheArenaIsDeterministicUnderTheHitchSessionsInput) {
  Result<ScriptFile> script =
      read_input_script(FRAMECHECK_SOURCE_DIR "/cases/sessions/arena_hitch.input.jsonl");
  ASSERT_TRUE(script) << script.error().message();
  expect_deterministic(arena(), 1800, script->input);
}

// Its declaration binds everything its simulation depends on: restored 8 frames back after every
// frame and simulated again, through keys, the overlay's toggle and the level change at 1500.
TEST_F(ArenaCase, TheArenaIsRollbackSafeUnderTheHitchSessionsInput) {
  Result<ScriptFile> script =
      read_input_script(FRAMECHECK_SOURCE_DIR "/cases/sessions/arena_hitch.input.jsonl");
  ASSERT_TRUE(script) << script.error().message();
  expect_rollback_safe(arena(), 1800, 8, script->input);
}

}  // namespace
}  // namespace framecheck::cases
