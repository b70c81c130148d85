// The arena is deterministic: run again in the same process, the heap perturbed both ways, it
// agrees with its first run on every frame, with the hitch session's input and without.
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

}  // namespace
}  // namespace framecheck::cases
