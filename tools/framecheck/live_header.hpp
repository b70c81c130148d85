// The header of a session a live command (record, play) writes: one place that fills it.
#pragma once

#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/session/host_facts.hpp>
#include <framecheck/session/math_fingerprint.hpp>
#include <framecheck/session/session.hpp>
#include <optional>

namespace framecheck::cli {

// This framecheck, the game's id and version, the run's spec and this machine;
// `checkpoint_every` 0 means one checkpoint a second (every `run.fps` frames); `keyframe_every`
// unset means kDefaultKeyframeEvery rounded up to a multiple of it, 0 none.
inline SessionHeader live_header(const CatalogEntry& game, const RunSpec& run,
                                 std::int64_t checkpoint_every,
                                 std::optional<std::int64_t> keyframe_every = std::nullopt) {
  SessionHeader h;
  h.framecheck_version = FRAMECHECK_VERSION;
  h.game = game.id;
  h.game_version = game.version;
  h.run = run;
  h.checkpoint_every = checkpoint_every > 0 ? checkpoint_every : run.fps;
  const std::int64_t every = keyframe_every.value_or(kDefaultKeyframeEvery);
  h.keyframe_every = (every + h.checkpoint_every - 1) / h.checkpoint_every * h.checkpoint_every;
  h.host = host_facts();
  h.fingerprint = math_fingerprint();
  return h;
}

}  // namespace framecheck::cli
