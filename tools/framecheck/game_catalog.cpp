#include "game_catalog.hpp"

#include <algorithm>
#include <arena.hpp>

namespace framecheck::cli {

const std::vector<CatalogEntry>& game_catalog() {
  static const std::vector<CatalogEntry> catalog = [] {
    std::vector<CatalogEntry> c;
    c.push_back({games::Arena::kId, games::Arena::kVersion,
                 "two arenas, a spawner, a boss; every kind of source",
                 [] { return std::make_unique<games::Arena>(); }});
    std::sort(c.begin(), c.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    return c;
  }();
  return catalog;
}

const CatalogEntry* find_game(const std::string& id) {
  for (const CatalogEntry& e : game_catalog()) {
    if (e.id == id) return &e;
  }
  return nullptr;
}

}  // namespace framecheck::cli
