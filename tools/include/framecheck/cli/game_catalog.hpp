// The game catalog: how a game makes itself known to the framecheck CLI.
#pragma once

#include <cstdint>
#include <framecheck/sim/game_factory.hpp>
#include <framecheck/sim/simulation.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace framecheck::cli {

// One game the CLI can run by name: a framecheck::Game, or a game on its own engine.
//   {"mygame", "2.3.0", "the shipping game", make_game<MyGame>}
//   {.id = "pong", .version = "1.0", .summary = "on its own engine", .simulation = make_pong}
// The game's sizes, rates and seed are its own (Game::run_spec(), Simulation::run()); --fps,
// --width, --height and --seed change one field of them for one run.
struct CatalogEntry {
  std::string id;       // what --game takes
  std::string version;  // recorded with sessions, so a replay can tell a changed game
  std::string summary;  // one line for `framecheck games`
  GameFactory make;     // make_game<MyGame>, so the determinism checks can fill its storage
  // A game on its own engine, instead of `make`: make_simulation<MyGame>(setup) in a factory.
  // It records, replays, verifies, is checked, played and viewed; demo needs a Game.
  SimulationFactory simulation;
};

// The entry's game as the harness makes it: `simulation`, or framecheck's engine over `make`.
SimulationFactory simulation_factory(const CatalogEntry& entry);
// The game's own RunSpec, read from a game alone (or a simulation made with no changes).
RunSpec own_run(const CatalogEntry& entry);

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
