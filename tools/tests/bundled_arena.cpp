// The CLI's tests run the bundled arena, registered before any test as the project's own
// framecheck registers it (framecheck/main.cpp): the library's catalog itself starts empty.
#include <arena.hpp>
#include <framecheck/cli/game_catalog.hpp>
#include <memory>

namespace {

const bool registered = [] {
  using framecheck::games::Arena;
  framecheck::cli::add_games(
      {{Arena::kId, Arena::kVersion, "the bundled arena", framecheck::make_game<Arena>}});
  return true;
}();

}  // namespace
