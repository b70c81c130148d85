// The game catalog: how a game makes itself known to the framecheck CLI.
#pragma once

#include <cstdint>
#include <framecheck/sim/game_factory.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace framecheck::cli {

// One game the CLI can run by name.
//   {"mygame", "2.3.0", "the shipping game", make_game<MyGame>}
// The game's sizes, rates and seed are its own (Game::run_spec()); --fps, --width, --height and
// --seed change one field of them for one run.
struct CatalogEntry {
  std::string id;       // what --game takes
  std::string version;  // recorded with sessions, so a replay can tell a changed game
  std::string summary;  // one line for `framecheck games`
  GameFactory make;     // make_game<MyGame>, so the determinism checks can fill its storage
};

// The games this binary knows, in id order: whatever add_games added (the library has none).
const std::vector<CatalogEntry>& game_catalog();
// The entry for `id`, or null.
const CatalogEntry* find_game(const std::string& id);
// The game a command's --game names: find_game(id), or for an empty id the catalog's only game.
const CatalogEntry* choose_game(const std::string& id);
// Why choose_game(id) found nothing, as a message: an unknown id, or no id where the catalog has
// no game or several to choose from.
std::string no_such_game(const std::string& id);
// Adds games (replacing any of the same id); a studio's own framecheck binary calls it, through
// run_cli, before any command runs.
void add_games(std::vector<CatalogEntry> games);

}  // namespace framecheck::cli
