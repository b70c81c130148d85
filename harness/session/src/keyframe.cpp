#include <framecheck/diagnostics/format.hpp>
#include <framecheck/diagnostics/frame_window.hpp>
#include <framecheck/session/keyframe.hpp>
#include <framecheck/session/session.hpp>

namespace framecheck {
namespace {

std::string both(const std::string& recorded, const std::string& replayed) {
  return ": recorded " + recorded + ", replayed " + replayed;
}

std::string ns(SimTime t) {
  return std::to_string(t.count()) + " ns";
}

std::string text_or_none(const std::optional<std::string>& s) {
  return s ? "\"" + *s + "\"" : std::string("none");
}

std::optional<std::string> compare_worlds(const KeyframeWorld& a, const KeyframeWorld& b) {
  const std::string w = "keyframe world ";
  if (a.logical_size != b.logical_size) {
    const auto size = [](Vec2 v) { return format_js_number(v.x) + " x " + format_js_number(v.y); };
    return w + "logical size" + both(size(a.logical_size), size(b.logical_size));
  }
  if (a.next_actor_id != b.next_actor_id)
    return w + "next actor id" +
           both(std::to_string(a.next_actor_id), std::to_string(b.next_actor_id));
  for (std::size_t i = 0; i < std::min(a.timers.size(), b.timers.size()); ++i) {
    const TimerData& x = a.timers[i];
    const TimerData& y = b.timers[i];
    const std::string t =
        w + "timer " + std::to_string(i + 1) + " of " + std::to_string(a.timers.size()) + " ";
    if (x.id != y.id) return t + "id" + both(std::to_string(x.id), std::to_string(y.id));
    if (x.due != y.due)
      return t + "(id " + std::to_string(x.id) + ") due" + both(ns(x.due), ns(y.due));
    if (x.period != y.period)
      return t + "(id " + std::to_string(x.id) + ") period" + both(ns(x.period), ns(y.period));
  }
  if (a.timers.size() != b.timers.size())
    return w + "timers" + both(std::to_string(a.timers.size()), std::to_string(b.timers.size()));
  if (a.next_timer_id != b.next_timer_id)
    return w + "next timer id" +
           both(std::to_string(a.next_timer_id), std::to_string(b.next_timer_id));
  if (a.travel_to != b.travel_to)
    return w + "travel" + both(text_or_none(a.travel_to), text_or_none(b.travel_to));
  return std::nullopt;
}

}  // namespace

Keyframe keyframe_of(const EngineData& d) {
  Keyframe k;
  k.counters = d.counters;
  k.logged_second = d.logged_second;
  k.overlay_shown = d.overlay_shown;
  if (d.world) {
    k.world = KeyframeWorld{d.world->logical_size, d.world->next_actor_id, d.world->timers,
                            d.world->next_timer_id, d.world->travel_to};
  }
  k.game_entries = d.game_entries;
  return k;
}

std::optional<std::string> engine_data(const Keyframe& k, const Checkpoint& c,
                                       std::vector<FrameSample> window, EngineData& out) {
  if (c.frame != k.frame()) {
    return "the keyframe for frame " + std::to_string(k.frame()) +
           " follows the checkpoint of frame " + std::to_string(c.frame);
  }
  if (k.world.has_value() != c.world.has_value()) {
    return std::string("the keyframe ") + (k.world ? "has" : "has no") +
           " world and its checkpoint " + (c.world ? "has one" : "has none");
  }
  out = EngineData{};
  out.counters = k.counters;
  if (k.world) {
    const WorldState& w = *c.world;
    WorldData& d = out.world.emplace();
    d.level = w.level;
    d.phase = w.phase;
    d.logical_size = k.world->logical_size;
    d.now = SimTime(w.time_ns);
    d.ticks = w.ticks;
    d.actors.reserve(w.actors.size());
    for (const ActorState& a : w.actors)
      d.actors.push_back(actor_of(a));
    d.next_actor_id = k.world->next_actor_id;
    d.timers = k.world->timers;
    d.next_timer_id = k.world->next_timer_id;
    d.rng = w.rng;
    d.travel_to = k.world->travel_to;
    if (w.timers != d.timers.size()) {
      return "the keyframe lists " + std::to_string(d.timers.size()) +
             " timers and its checkpoint counts " + std::to_string(w.timers);
    }
  }
  if (c.game) out.game = *c.game;
  out.game_entries = k.game_entries;
  std::size_t entries = 0;
  for (const std::uint32_t n : out.game_entries)
    entries += n;
  if (entries > out.game.size()) {
    return "the keyframe's map entries count " + std::to_string(entries) +
           " fields and the game state has " + std::to_string(out.game.size());
  }
  out.window = std::move(window);
  out.logged_second = k.logged_second;
  out.overlay_shown = k.overlay_shown;
  return std::nullopt;
}

std::vector<FrameSample> window_before(
    std::uint64_t frame, SimTime now,
    const std::function<std::pair<SimTime, double>(std::uint64_t)>& frame_at) {
  const std::uint64_t first =
      frame >= FrameWindow::kCapacity ? frame - FrameWindow::kCapacity + 1 : 1;
  std::vector<FrameSample> window(frame >= first ? frame - first + 1 : 0);
  for (std::uint64_t f = frame; f >= first && f > 0; --f) {
    const auto [dt, sample] = frame_at(f);
    window[f - first] = {now, sample};
    now -= dt;
  }
  return window;
}

std::optional<std::string> first_difference(const Keyframe& a, const Keyframe& b) {
  const std::string k = "keyframe ";
  const auto whole = [&](const char* what, std::uint64_t x,
                         std::uint64_t y) -> std::optional<std::string> {
    if (x == y) return std::nullopt;
    return k + what + both(std::to_string(x), std::to_string(y));
  };
  const EngineCounters &x = a.counters, &y = b.counters;
  if (x.now != y.now) return k + "time" + both(ns(x.now), ns(y.now));
  if (auto d = whole("frames", x.frames, y.frames)) return d;
  if (auto d = whole("ticks", x.ticks, y.ticks)) return d;
  if (auto d = whole("ticks dropped", x.ticks_dropped, y.ticks_dropped)) return d;
  if (auto d = whole("worlds opened", x.worlds_opened, y.worlds_opened)) return d;
  if (a.logged_second != b.logged_second)
    return k + "logged second" +
           both(std::to_string(a.logged_second), std::to_string(b.logged_second));
  if (a.overlay_shown != b.overlay_shown)
    return k + "overlay shown" +
           both(a.overlay_shown ? "true" : "false", b.overlay_shown ? "true" : "false");
  if (a.world.has_value() != b.world.has_value())
    return k + "world" + both(a.world ? "open" : "none", b.world ? "open" : "none");
  if (a.world) {
    if (auto d = compare_worlds(*a.world, *b.world)) return d;
  }
  if (a.game_entries != b.game_entries) {
    const auto list = [](const std::vector<std::uint32_t>& v) {
      std::string s = "[";
      for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
      return s + "]";
    };
    return k + "game map entries" + both(list(a.game_entries), list(b.game_entries));
  }
  return std::nullopt;
}

}  // namespace framecheck
