#include <algorithm>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/engine.hpp>

#include "program_name.hpp"

namespace framecheck::cli {

namespace {

std::vector<CatalogEntry>& catalog() {
  static std::vector<CatalogEntry> entries;
  return entries;
}

}  // namespace

SimulationFactory simulation_factory(const CatalogEntry& entry) {
  return entry.simulation ? entry.simulation : simulation_of(entry.make);
}

RunSpec own_run(const CatalogEntry& entry) {
  return entry.simulation ? entry.simulation({})->run() : entry.make()->run_spec();
}

const std::vector<CatalogEntry>& game_catalog() {
  return catalog();
}

void add_games(std::vector<CatalogEntry> games) {
  std::vector<CatalogEntry>& c = catalog();
  for (CatalogEntry& g : games) {
    std::erase_if(c, [&](const CatalogEntry& e) { return e.id == g.id; });
    c.push_back(std::move(g));
  }
  std::sort(c.begin(), c.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
}

const CatalogEntry* find_game(const std::string& id) {
  for (const CatalogEntry& e : game_catalog()) {
    if (e.id == id) return &e;
  }
  return nullptr;
}

const CatalogEntry* choose_game(const std::string& id) {
  if (id.empty()) return game_catalog().size() == 1 ? &game_catalog().front() : nullptr;
  return find_game(id);
}

std::string no_such_game(const std::string& id) {
  if (!id.empty()) return "unknown game '" + id + "' (" + program_name() + " games lists them)";
  const std::size_t n = game_catalog().size();
  if (n == 0) return "this binary knows no game: a studio's own framecheck registers its games";
  return "--game is needed: this binary knows " + std::to_string(n) +
         " games (framecheck games lists them)";
}

}  // namespace framecheck::cli
