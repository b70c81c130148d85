// What the play tests share: a short recording run of play, and where the arena's player was.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/determinism/geometry.hpp>
#include <framecheck/session/session_reader.hpp>
#include <vector>

#include "window/play_command.hpp"

namespace framecheck::cli {

// play at 320x180, free of vsync and paced at 240 frames a second (quick, and still paced),
// recording `frames` frames to `session` with a checkpoint after each.
inline PlayCommandOptions recording_options(const std::filesystem::path& session,
                                            std::int64_t frames) {
  PlayCommandOptions o;
  o.width = 320;
  o.height = 180;
  o.record = session.string();
  o.vsync = false;
  o.fps_cap = 240;
  o.frames = frames;
  o.checkpoint_every = 1;
  return o;
}

// The arena's player (actor 0) at each checkpoint of `session`; a read that fails fails the test.
inline std::vector<Vec2> player_places(const std::filesystem::path& session) {
  std::vector<Vec2> places;
  auto reader = SessionReader::open(session);
  if (!reader) {
    ADD_FAILURE() << reader.error().message();
    return places;
  }
  while (true) {
    auto next = reader->next();
    if (!next) {
      ADD_FAILURE() << next.error().message();
      break;
    }
    if (!next->has_value()) break;
    if (const auto* c = std::get_if<Checkpoint>(&**next))
      places.push_back({c->world->actors[0].x, c->world->actors[0].y});
  }
  return places;
}

}  // namespace framecheck::cli
