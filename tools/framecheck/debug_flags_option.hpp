// --debug= lists as given on the command line, plus FRAMECHECK_DEBUG from the environment.
#pragma once

#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/diagnostics/debug_flags.hpp>
#include <framecheck/engine.hpp>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "program_name.hpp"

namespace framecheck::cli {

// The flags a command runs with. An id the game does not offer (a typo, another game's) is
// warned about on `err`, with the ids it does offer: a headless engine of the game is built once,
// which is how the game makes its sources known.
inline DebugFlags debug_flags(const std::vector<std::string>& lists, const CatalogEntry& game,
                              std::ostream& err, std::string_view command) {
  DebugFlags flags = DebugFlags::from_env();
  for (const std::string& list : lists)
    flags.add(list);
  // A game on its own engine keeps its own debug sources: the flags go to it as given.
  if (flags.empty() || !game.make) return flags;
  const std::unique_ptr<Game> probe_game = game.make();
  Engine probe(*probe_game, {.debug = flags});
  const std::vector<std::string> unknown = probe.debug().unknown_ids();
  if (unknown.empty()) return flags;
  std::string offered;
  for (const std::string& id : probe.debug().offered())
    offered += (offered.empty() ? "" : ", ") + id;
  for (const std::string& id : unknown) {
    err << command_name(command) << ": warning: --debug=" << id
        << " (or FRAMECHECK_DEBUG) names no "
        << "debug source of " << game.id << "; it offers: " << offered << '\n';
  }
  return flags;
}

}  // namespace framecheck::cli
