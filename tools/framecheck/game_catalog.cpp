#include <algorithm>
#include <arena.hpp>
#include <framecheck/game_catalog.hpp>

namespace framecheck::cli {

namespace {

std::vector<CatalogEntry>& catalog() {
  static std::vector<CatalogEntry> entries = {
      {games::Arena::kId, games::Arena::kVersion,
       "two arenas, a spawner, a boss; every kind of source",
       [] { return std::make_unique<games::Arena>(); }}};
  return entries;
}

}  // namespace

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

}  // namespace framecheck::cli
