// The header of a session a live command (record, play) writes: one place that fills it.
#pragma once

#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/session/host_facts.hpp>
#include <framecheck/session/math_fingerprint.hpp>
#include <framecheck/session/session.hpp>

namespace framecheck::cli {

// This framecheck, the game's id, version, logical size and tick rate, this machine, and the
// run's own figures;
// `checkpoint_every` 0 means one checkpoint a second (every `fps` frames).
inline SessionHeader live_header(const CatalogEntry& game, std::uint64_t seed, int width,
                                 int height, std::int64_t fps, std::int64_t checkpoint_every) {
  SessionHeader h;
  h.framecheck_version = FRAMECHECK_VERSION;
  h.game = game.id;
  h.game_version = game.version;
  h.seed = seed;
  h.surface_width = width;
  h.surface_height = height;
  h.logical_width = game.defaults.logical_size.x;
  h.logical_height = game.defaults.logical_size.y;
  h.tick_rate = game.defaults.tick_rate;
  h.fps = fps;
  h.checkpoint_every = checkpoint_every > 0 ? checkpoint_every : fps;
  h.host = host_facts();
  h.fingerprint = math_fingerprint();
  return h;
}

}  // namespace framecheck::cli
