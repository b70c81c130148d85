#include "session_json.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <framecheck/determinism/hex_text.hpp>
#include <framecheck/session/reading_json.hpp>
#include <limits>

namespace framecheck::session_json {
namespace {

const char* const kPointerKinds[] = {"move", "down", "up", "wheel"};

Json world(const WorldState& w) {
  Json actors = Json::array();
  for (const ActorState& a : w.actors)
    actors.push_back({a.id, a.tag, a.x, a.y, a.w, a.h, a.vx, a.vy, a.alive});
  return {{"level", w.level},
          {"phase", w.phase},
          {"time", w.time_ns},
          {"ticks", w.ticks},
          {"rng", {hex_text(w.rng[0]), hex_text(w.rng[1]), hex_text(w.rng[2]), hex_text(w.rng[3])}},
          {"timers", w.timers},
          {"actors", std::move(actors)}};
}

// A game's number: JSON has no NaN or infinity, so those are their display words.
Json game_number(double v) {
  if (std::isfinite(v)) return v;
  return std::isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
}

bool parse_game_number(const nlohmann::json& j, double& out) {
  if (j.is_number()) {
    out = j.get<double>();
    return std::isfinite(out);
  }
  if (!j.is_string()) return false;
  const std::string& word = j.get_ref<const std::string&>();
  if (word == "NaN")
    out = std::numeric_limits<double>::quiet_NaN();
  else if (word == "Infinity")
    out = std::numeric_limits<double>::infinity();
  else if (word == "-Infinity")
    out = -std::numeric_limits<double>::infinity();
  else
    return false;
  return true;
}

struct GameValueJson {
  Json operator()(double v) const { return game_number(v); }
  Json operator()(std::int64_t v) const { return v; }
  Json operator()(bool v) const { return v; }
  Json operator()(const std::string& v) const { return v; }
  Json operator()(const std::vector<double>& v) const {
    Json a = Json::array();
    for (const double e : v)
      a.push_back(game_number(e));
    return a;
  }
  template <class T>
  Json operator()(const std::vector<T>& v) const {
    Json a = Json::array();
    for (const auto& e : v)
      a.push_back(static_cast<T>(e));
    return a;
  }
};

bool parse_scalar(const nlohmann::json& j, std::size_t kind, GameStateValue& out) {
  switch (kind) {
    case 0: {
      double v = 0;
      if (!parse_game_number(j, v)) return false;
      out = v;
      return true;
    }
    case 1:
      if (!j.is_number_integer() ||
          (j.is_number_unsigned() &&
           j.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)))
        return false;
      out = j.get<std::int64_t>();
      return true;
    case 2:
      if (!j.is_boolean()) return false;
      out = j.get<bool>();
      return true;
    case 3:
      if (!j.is_string()) return false;
      out = j.get<std::string>();
      return true;
  }
  return false;
}

template <class T>
bool parse_array(const nlohmann::json& j, std::size_t element_kind, GameStateValue& out) {
  if (!j.is_array()) return false;
  std::vector<T> values;
  values.reserve(j.size());
  for (const nlohmann::json& e : j) {
    GameStateValue v;
    if (!parse_scalar(e, element_kind, v)) return false;
    values.push_back(std::get<T>(v));
  }
  out = std::move(values);
  return true;
}

}  // namespace

Json game(std::span<const GameStateField> fields) {
  Json j = Json::array();
  for (const GameStateField& f : fields) {
    j.push_back({f.name, kGameStateKinds[f.value.index()], std::visit(GameValueJson{}, f.value)});
  }
  return j;
}

bool parse_game(const nlohmann::json& j, std::vector<GameStateField>& out, std::string& problem) {
  static const std::string kShape =
      "\"game\" is an array of [name, kind, value], kind one of number, whole, flag, text, "
      "numbers, wholes, flags, texts";
  if (!j.is_array()) return problem = kShape, false;
  out.clear();
  out.reserve(j.size());
  for (const nlohmann::json& f : j) {
    if (!f.is_array() || f.size() != 3 || !f[0].is_string() || !f[1].is_string())
      return problem = kShape, false;
    const std::string& kind = f[1].get_ref<const std::string&>();
    std::size_t k = 0;
    while (k < std::size(kGameStateKinds) && kGameStateKinds[k] != kind)
      ++k;
    GameStateField field{f[0].get<std::string>(), {}};
    bool ok = false;
    switch (k) {
      case 4:
        ok = parse_array<double>(f[2], 0, field.value);
        break;
      case 5:
        ok = parse_array<std::int64_t>(f[2], 1, field.value);
        break;
      case 6: {
        if (!f[2].is_array()) break;
        std::vector<bool> flags;
        ok = true;
        for (const nlohmann::json& e : f[2]) {
          if (!e.is_boolean()) {
            ok = false;
            break;
          }
          flags.push_back(e.get<bool>());
        }
        field.value = std::move(flags);
        break;
      }
      case 7:
        ok = parse_array<std::string>(f[2], 3, field.value);
        break;
      default:
        ok = k < 4 && parse_scalar(f[2], k, field.value);
    }
    if (k == std::size(kGameStateKinds)) {
      return problem = "\"game\": field \"" + field.name + "\" has unknown kind \"" + kind + "\"",
             false;
    }
    if (!ok) {
      return problem =
                 "\"game\": field \"" + field.name + "\" is not a " + kind +
                 (k == 0 || k == 4 ? " (finite, or \"NaN\", \"Infinity\", \"-Infinity\")" : ""),
             false;
    }
    out.push_back(std::move(field));
  }
  return true;
}

Json game_changes(std::span<const GameStateField> changes) {
  Json j = Json::object();
  for (const GameStateField& f : changes)
    j[f.name] = std::visit(GameValueJson{}, f.value);
  return j;
}

bool parse_game_changes(const nlohmann::json& j,
                        const std::function<const GameStateField*(std::string_view)>& known,
                        std::vector<GameStateField>& out, std::string& problem) {
  if (!j.is_object()) return problem = "\"game_changes\" is an object of {name: value}", false;
  out.clear();
  for (const auto& item : j.items()) {
    const std::string& name = item.key();
    const nlohmann::json& value = item.value();
    const GameStateField* field = known(name);
    if (field == nullptr) {
      return problem = "\"game_changes\" names \"" + name +
                       "\", which the game's state does not hold (a frame's \"game\" lists it)",
             false;
    }
    const std::size_t k = field->value.index();
    std::vector<GameStateField> one;
    if (!parse_game(
            nlohmann::json::array({nlohmann::json::array({name, kGameStateKinds[k], value})}), one,
            problem))
      return problem = "\"game_changes\": " + problem.substr(problem.find(':') + 2), false;
    out.push_back(std::move(one.front()));
  }
  return true;
}

Json fingerprint(const MathFingerprint& f) {
  Json math = Json::object();
  for (const MathProbe& p : f.probes)
    math[p.function] = {{"hash", hex_text(p.hash)}, {"values", p.values}};
  return {{"compiler", f.compiler},
          {"standard_library", f.standard_library},
          {"c_library", f.c_library},
          {"cpu_fma", f.cpu_fma},
          {"built_with_fma", f.built_with_fma},
          {"math", std::move(math)}};
}

std::optional<MathFingerprint> parse_fingerprint(const nlohmann::json& j) {
  const auto text = [&](const char* key) { return j.contains(key) && j[key].is_string(); };
  const auto flag = [&](const char* key) { return j.contains(key) && j[key].is_boolean(); };
  if (!j.is_object() || !text("compiler") || !text("standard_library") || !text("c_library") ||
      !flag("cpu_fma") || !flag("built_with_fma") || !j.contains("math") || !j["math"].is_object())
    return std::nullopt;
  MathFingerprint f{j["compiler"], j["standard_library"], j["c_library"],
                    j["cpu_fma"],  j["built_with_fma"],   {}};
  for (const auto& item : j["math"].items()) {
    const nlohmann::json& p = item.value();
    MathProbe probe{item.key(), 0, {}};
    if (!p.is_object() || !p.contains("hash") || !p["hash"].is_string() ||
        !parse_hex(p["hash"].get<std::string>(), probe.hash) || !p.contains("values") ||
        !p["values"].is_array())
      return std::nullopt;
    for (const nlohmann::json& v : p["values"]) {
      if (!v.is_number()) return std::nullopt;
      probe.values.push_back(v.get<double>());
    }
    f.probes.push_back(std::move(probe));
  }
  // A JSON object has no order: the functions in the order framecheck writes them.
  const auto rank = [](const MathProbe& p) {
    static constexpr std::string_view kOrder[] = {"sin", "cos", "exp", "log", "pow"};
    return std::find(std::begin(kOrder), std::end(kOrder), p.function) - std::begin(kOrder);
  };
  std::stable_sort(f.probes.begin(), f.probes.end(),
                   [&](const MathProbe& a, const MathProbe& b) { return rank(a) < rank(b); });
  return f;
}

Json input(const InputEvent& e) {
  if (const auto* key = std::get_if<KeyPress>(&e)) {
    Json j = {{"key", key->code}};
    if (key->repeat) j["repeat"] = true;
    return j;
  }
  if (const auto* up = std::get_if<KeyRelease>(&e)) return {{"keyup", up->code}};
  if (const auto* pointer = std::get_if<Pointer>(&e)) {
    const PointerEvent& p = pointer->event;
    Json j = {{"pointer", kPointerKinds[static_cast<int>(p.kind)]},
              {"x", p.position.x},
              {"y", p.position.y}};
    if (p.kind == PointerKind::kDown || p.kind == PointerKind::kUp) j["button"] = p.button;
    if (p.kind == PointerKind::kWheel) {
      j["dx"] = p.wheel.x;
      j["dy"] = p.wheel.y;
    }
    return j;
  }
  if (const auto* pad = std::get_if<Gamepad>(&e)) {
    const GamepadEvent& g = pad->event;
    switch (g.kind) {
      case GamepadKind::kConnected:
        return {{"gamepad", g.pad}, {"connected", g.name}};
      case GamepadKind::kDisconnected:
        return {{"gamepad", g.pad}, {"disconnected", true}};
      case GamepadKind::kButton:
        return {{"gamepad", g.pad}, {"button", g.index}, {"value", g.value}};
      case GamepadKind::kAxis:
        return {{"gamepad", g.pad}, {"axis", g.index}, {"value", g.value}};
    }
  }
  if (const auto* travel = std::get_if<Travel>(&e)) return {{"travel", travel->level}};
  return {{"action", std::get<GameAction>(e).name}};  // not replayable; the writer refuses these
}

namespace {

// {"gamepad": PAD, and one of "connected": NAME, "disconnected": true, "button": N with "value"
// 0 to 1, "axis": N with "value" -1 to 1}.
bool parse_gamepad(const nlohmann::json& j, InputEvent& out, std::string& problem) {
  const auto whole = [&](const char* field, int hi, int& v) {
    const auto it = j.find(field);
    if (!it->is_number_unsigned() || it->get<std::uint64_t>() > static_cast<std::uint64_t>(hi))
      return problem = std::string("a gamepad input's \"") + field +
                       "\" must be a whole number from 0 to " + std::to_string(hi),
             false;
    v = it->get<int>();
    return true;
  };
  GamepadEvent g;
  if (!whole("gamepad", kMaxGamepads - 1, g.pad)) return false;
  const auto value = [&](double lo) {
    const auto it = j.find("value");
    if (it == j.end() || !it->is_number() || !std::isfinite(it->get<double>()) ||
        it->get<double>() < lo || it->get<double>() > 1)
      return problem = std::string("a gamepad ") + (lo < 0 ? "axis" : "button") +
                       " needs \"value\": a number from " + (lo < 0 ? "-1" : "0") + " to 1",
             false;
    g.value = it->get<double>();
    return true;
  };
  if (j.contains("connected") && j.size() == 2) {
    if (!j["connected"].is_string())
      return problem = "a gamepad's \"connected\" is its name, a string", false;
    g.kind = GamepadKind::kConnected;
    g.name = j["connected"].get<std::string>();
  } else if (j.contains("disconnected") && j.size() == 2) {
    if (j["disconnected"] != true) return problem = "\"disconnected\" must be true", false;
    g.kind = GamepadKind::kDisconnected;
  } else if (j.contains("button") && j.size() == 3) {
    g.kind = GamepadKind::kButton;
    if (!whole("button", kGamepadButtons - 1, g.index) || !value(0)) return false;
  } else if (j.contains("axis") && j.size() == 3) {
    g.kind = GamepadKind::kAxis;
    if (!whole("axis", kGamepadAxes - 1, g.index) || !value(-1)) return false;
  } else {
    return problem =
               "a gamepad input is {\"gamepad\": PAD, and \"connected\": NAME, "
               "\"disconnected\": true, \"button\": N with \"value\", or \"axis\": N "
               "with \"value\"}",
           false;
  }
  out = Gamepad{std::move(g)};
  return true;
}

}  // namespace

bool parse_input(const nlohmann::json& j, int format, InputEvent& out, std::string& problem) {
  if (!j.is_object()) return problem = "each input must be an object", false;
  const auto code_of = [&](const char* field, std::string& code) {
    const auto it = j.find(field);
    if (!it->is_string() || it->get<std::string>().empty())
      return problem = std::string("an input's \"") + field + "\" must be a key code", false;
    code = it->get<std::string>();
    return true;
  };
  if (j.contains("key") && j.size() <= 2) {
    std::string code;
    if (!code_of("key", code)) return false;
    bool repeat = false;
    if (j.contains("repeat")) {
      if (!j["repeat"].is_boolean())
        return problem = "an input's \"repeat\" must be true or false", false;
      repeat = j["repeat"].get<bool>();
    } else if (j.size() != 1) {
      return problem = "a key input has \"key\" and optionally \"repeat\"", false;
    }
    out = KeyPress{code, repeat};
    return true;
  }
  if (j.contains("travel") && j.size() == 1) {
    if (!j["travel"].is_string() || j["travel"].get<std::string>().empty())
      return problem = "\"travel\" must name a level", false;
    out = Travel{j["travel"].get<std::string>()};
    return true;
  }
  if (format >= 2 && j.contains("keyup") && j.size() == 1) {
    std::string code;
    if (!code_of("keyup", code)) return false;
    out = KeyRelease{code};
    return true;
  }
  if (format >= 2 && j.contains("pointer")) {
    const auto kind = j["pointer"].is_string() ? j["pointer"].get<std::string>() : std::string();
    int k = 0;
    while (k < 4 && kind != kPointerKinds[k])
      ++k;
    if (k == 4)
      return problem = "\"pointer\" must be \"move\", \"down\", \"up\" or \"wheel\"", false;
    const auto finite = [&](const char* field, double& v) {
      const auto it = j.find(field);
      if (it == j.end() || !it->is_number() || !std::isfinite(it->get<double>()))
        return problem = std::string("a pointer input needs a finite number \"") + field + "\"",
               false;
      v = it->get<double>();
      return true;
    };
    Pointer p{{static_cast<PointerKind>(k), {}, 0, {}}};
    if (!finite("x", p.event.position.x) || !finite("y", p.event.position.y)) return false;
    std::size_t fields = 3;
    if (p.event.kind == PointerKind::kDown || p.event.kind == PointerKind::kUp) {
      const auto b = j.find("button");
      if (b == j.end() || !b->is_number_unsigned() || b->get<std::uint64_t>() > 254)
        return problem = "a pointer " + kind + " needs \"button\": a whole number from 0 to 254",
               false;
      p.event.button = b->get<int>();
      fields = 4;
    } else if (p.event.kind == PointerKind::kWheel) {
      if (!finite("dx", p.event.wheel.x) || !finite("dy", p.event.wheel.y)) return false;
      fields = 5;
    }
    if (j.size() != fields)
      return problem = "a pointer " + kind + " input has unexpected fields", false;
    out = p;
    return true;
  }
  if (j.contains("gamepad")) {
    if (!has_gamepads(format))
      return problem = "gamepad input needs session format 5; this session is format " +
                       std::to_string(format),
             false;
    return parse_gamepad(j, out, problem);
  }
  problem = has_gamepads(format)
                ? "an input is {\"key\": CODE} (with \"repeat\"), {\"keyup\": CODE}, "
                  "{\"pointer\": KIND, \"x\", \"y\", ...}, {\"gamepad\": PAD, ...} or "
                  "{\"travel\": LEVEL}"
            : format >= 2 ? "an input is {\"key\": CODE} (with \"repeat\"), {\"keyup\": CODE}, "
                            "{\"pointer\": KIND, \"x\", \"y\", ...} or {\"travel\": LEVEL}"
                          : "an input is {\"key\": CODE} (with \"repeat\") or {\"travel\": LEVEL} "
                            "in session format 1";
  return false;
}

bool parse_world(const nlohmann::json& j, WorldState& out, std::string& problem) {
  const char* const kShape =
      "\"world\" is {\"level\", \"phase\", \"time\", \"ticks\", \"rng\", \"timers\", "
      "\"actors\"}";
  if (!j.is_object() || j.size() != 7) return problem = kShape, false;
  const auto text = [&](const char* f, std::string& v) {
    const auto it = j.find(f);
    if (it == j.end() || !it->is_string()) return false;
    v = it->get<std::string>();
    return true;
  };
  const auto whole = [&](const char* f, std::uint64_t& v) {
    const auto it = j.find(f);
    if (it == j.end() || !it->is_number_unsigned()) return false;
    v = it->get<std::uint64_t>();
    return true;
  };
  std::uint64_t time = 0;
  if (!text("level", out.level) || !text("phase", out.phase) || !whole("time", time) ||
      time > static_cast<std::uint64_t>(INT64_MAX) || !whole("ticks", out.ticks) ||
      !whole("timers", out.timers)) {
    return problem = kShape, false;
  }
  out.time_ns = static_cast<std::int64_t>(time);
  const auto rng = j.find("rng");
  if (rng == j.end() || !rng->is_array() || rng->size() != 4)
    return problem = "\"world\": \"rng\" is four words of 16 hex digits", false;
  for (std::size_t i = 0; i < 4; ++i) {
    if (!(*rng)[i].is_string() || !parse_hex((*rng)[i].get<std::string>(), out.rng[i]))
      return problem = "\"world\": \"rng\" is four words of 16 hex digits", false;
  }
  const auto actors = j.find("actors");
  if (actors == j.end() || !actors->is_array())
    return problem = "\"world\": \"actors\" must be an array", false;
  out.actors.clear();
  for (const auto& a : *actors) {
    const auto number = [&](std::size_t i) {
      return a[i].is_number() && std::isfinite(a[i].get<double>());
    };
    if (!a.is_array() || a.size() != 9 || !a[0].is_number_unsigned() ||
        a[0].get<std::uint64_t>() > UINT32_MAX || !a[1].is_string() || !number(2) || !number(3) ||
        !number(4) || !number(5) || !number(6) || !number(7) || !a[8].is_boolean()) {
      return problem = "\"world\": each actor is [id, tag, x, y, width, height, vx, vy, alive]",
             false;
    }
    const ActorId id = a[0].get<ActorId>();
    if (!out.actors.empty() && id <= out.actors.back().id)
      return problem = "\"world\": actors must be in increasing id order", false;
    out.actors.push_back({id, a[1].get<std::string>(), a[2].get<double>(), a[3].get<double>(),
                          a[4].get<double>(), a[5].get<double>(), a[6].get<double>(),
                          a[7].get<double>(), a[8].get<bool>()});
  }
  return true;
}

Json header(const SessionHeader& h) {
  Json j = {{"type", "header"},
            {"format", h.format},
            {"framecheck", h.framecheck_version},
            {"game", h.game},
            {"game_version", h.game_version},
            {"seed", h.run.seed},
            {"surface", {h.run.surface_width, h.run.surface_height}},
            {"logical", {h.run.logical_size.x, h.run.logical_size.y}},
            {"tick_rate", h.run.tick_rate},
            {"fps", h.run.fps},
            {"checkpoint_every", h.checkpoint_every}};
  if (has_keyframes(h.format)) j["keyframe_every"] = h.keyframe_every;
  if (h.fingerprint) j["fingerprint"] = fingerprint(*h.fingerprint);
  if (h.host) {
    j["host"] = {{"cpu", h.host->cpu},
                 {"cores", h.host->cores},
                 {"os", h.host->os},
                 {"kernel", h.host->kernel}};
  }
  if (h.finding) {
    const RecordedFinding& f = *h.finding;
    Json finding = {{"frame", f.frame}, {"kind", f.kind}, {"place", f.place}, {"detail", f.detail}};
    if (f.hang_ms > 0) finding["hang_ms"] = f.hang_ms;
    if (!f.inputs.empty()) {
      Json inputs = Json::array();
      for (const InputEvent& e : f.inputs)
        inputs.push_back(input(e));
      finding["inputs"] = std::move(inputs);
    }
    j["finding"] = std::move(finding);
  }
  return j;
}

Json frame(const FrameRecord& f) {
  Json j = {{"type", "frame"}, {"frame", f.frame}, {"dt", f.dt.count()}, {"sample", f.sample_ms}};
  if (!f.inputs.empty()) {
    Json inputs = Json::array();
    for (const InputEvent& e : f.inputs)
      inputs.push_back(input(e));
    j["inputs"] = std::move(inputs);
  }
  if (f.checksum) j["checksum"] = hex_text(*f.checksum);
  if (f.game) j["game"] = game(*f.game);
  if (!f.game_changes.empty()) j["game_changes"] = game_changes(f.game_changes);
  return j;
}

Json checkpoint(const Checkpoint& c) {
  Json readings = Json::array();
  for (const DiagnosticReading& r : c.readings)
    readings.push_back(reading_json(r));
  Json j = {{"type", "checkpoint"},
            {"frame", c.frame},
            {"checksum", hex_text(c.checksum)},
            {"metrics",
             {{"samples", c.metrics.samples},
              {"mean", c.metrics.mean_ms},
              {"p95", c.metrics.p95_ms},
              {"p99", c.metrics.p99_ms}}},
            {"readings", std::move(readings)}};
  if (c.world) j["world"] = world(*c.world);
  if (c.game) j["game"] = game(*c.game);
  return j;
}

Json keyframe(const Keyframe& k) {
  Json j = {{"type", "keyframe"},
            {"frame", k.counters.frames},
            {"now", k.counters.now.count()},
            {"ticks", k.counters.ticks},
            {"ticks_dropped", k.counters.ticks_dropped},
            {"worlds_opened", k.counters.worlds_opened},
            {"logged_second", k.logged_second},
            {"overlay", k.overlay_shown}};
  if (k.world) {
    Json timers = Json::array();
    for (const TimerData& t : k.world->timers)
      timers.push_back({t.due.count(), t.id, t.period.count()});
    Json w = {{"logical", {k.world->logical_size.x, k.world->logical_size.y}},
              {"next_actor", k.world->next_actor_id},
              {"timers", std::move(timers)},
              {"next_timer", k.world->next_timer_id}};
    if (k.world->travel_to) w["travel"] = *k.world->travel_to;
    j["world"] = std::move(w);
  }
  if (!k.game_entries.empty()) j["game_entries"] = k.game_entries;
  return j;
}

bool parse_keyframe_world(const nlohmann::json& j, KeyframeWorld& out, std::string& problem) {
  const auto fail = [&](const std::string& what) {
    problem = "\"world\": " + what;
    return false;
  };
  if (!j.is_object()) return fail("must be an object");
  for (const auto& item : j.items()) {
    const std::string& key = item.key();
    if (key != "logical" && key != "next_actor" && key != "timers" && key != "next_timer" &&
        key != "travel")
      return fail("unknown key \"" + key + "\"");
  }
  const auto whole = [&](const char* key, std::uint64_t max, std::uint64_t& v) {
    if (!j.contains(key) || !j[key].is_number_unsigned() || j[key].get<std::uint64_t>() > max)
      return false;
    v = j[key].get<std::uint64_t>();
    return true;
  };
  const nlohmann::json* logical = j.contains("logical") ? &j["logical"] : nullptr;
  if (logical == nullptr || !logical->is_array() || logical->size() != 2 ||
      !(*logical)[0].is_number() || !(*logical)[1].is_number())
    return fail("\"logical\" must be [width, height]");
  out.logical_size = {(*logical)[0].get<double>(), (*logical)[1].get<double>()};
  if (!(out.logical_size.x > 0 && out.logical_size.x <= 1e6 && out.logical_size.y > 0 &&
        out.logical_size.y <= 1e6))
    return fail("\"logical\" must be [width, height], each above 0 and at most 1e6");
  std::uint64_t next_actor = 0;
  if (!whole("next_actor", std::numeric_limits<ActorId>::max(), next_actor) || next_actor < 1)
    return fail("\"next_actor\" must be a whole number from 1 to 4294967295");
  out.next_actor_id = static_cast<ActorId>(next_actor);
  if (!whole("next_timer", std::numeric_limits<std::uint64_t>::max(), out.next_timer_id) ||
      out.next_timer_id < 1)
    return fail("\"next_timer\" must be a whole number above 0");
  if (!j.contains("timers") || !j["timers"].is_array())
    return fail("\"timers\" must be an array of [due, id, period]");
  for (const nlohmann::json& t : j["timers"]) {
    // Each timer as the queue holds it; the line's bound bounds how many there are.
    if (!t.is_array() || t.size() != 3 || !t[0].is_number_integer() || !t[1].is_number_unsigned() ||
        !t[2].is_number_integer() || t[2].get<std::int64_t>() < 0)
      return fail("a timer must be [due in ns, id, period in ns (0 or more)]");
    out.timers.push_back({SimTime(t[0].get<std::int64_t>()), t[1].get<std::uint64_t>(),
                          SimTime(t[2].get<std::int64_t>())});
  }
  if (j.contains("travel")) {
    if (!j["travel"].is_string()) return fail("\"travel\" must be a level's name");
    out.travel_to = j["travel"].get<std::string>();
  }
  return true;
}

namespace {

// Each byte's value as a hex digit, or 0xff: one load per digit and no branch to mispredict on
// the random digits a checksum is made of.
constexpr std::array<std::uint8_t, 256> kHexDigit = [] {
  std::array<std::uint8_t, 256> t{};
  t.fill(0xff);
  for (int c = 0; c < 10; ++c)
    t['0' + c] = static_cast<std::uint8_t>(c);
  for (int c = 0; c < 6; ++c) {
    t['a' + c] = static_cast<std::uint8_t>(10 + c);
    t['A' + c] = static_cast<std::uint8_t>(10 + c);
  }
  return t;
}();

}  // namespace

bool parse_hex(std::string_view text, std::uint64_t& out) {
  if (text.size() != 16) return false;
  std::uint64_t v = 0;
  std::uint8_t bad = 0;
  for (const char c : text) {
    const std::uint8_t d = kHexDigit[static_cast<unsigned char>(c)];
    bad |= d;
    v = v << 4 | (d & 0xf);
  }
  if ((bad & 0xf0) != 0) return false;
  out = v;
  return true;
}

}  // namespace framecheck::session_json
