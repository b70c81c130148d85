#include "session_json.hpp"

#include <array>
#include <cmath>

namespace framecheck::session_json {
namespace {

Json reading(const DiagnosticReading& r) {
  Json j = {{"name", r.name}};
  if (!r.value) {
    j["error"] = r.error.value_or("");
  } else if (r.value->is_string()) {
    j["value"] = r.value->as_string();
  } else if (r.value->is_bool()) {
    j["value"] = r.value->as_bool();
  } else if (const double v = r.value->as_number(); std::isfinite(v)) {
    j["value"] = v;
  } else {
    // JSON has no NaN or Infinity: such a number is kept as its display word.
    j["number"] = std::isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
  }
  return j;
}

const char* const kPointerKinds[] = {"move", "down", "up", "wheel"};

Json world(const WorldState& w) {
  Json actors = Json::array();
  for (const ActorState& a : w.actors)
    actors.push_back({a.id, a.tag, a.x, a.y, a.w, a.h, a.vx, a.vy, a.alive});
  return {{"level", w.level},
          {"phase", w.phase},
          {"time", w.time_ns},
          {"ticks", w.ticks},
          {"rng", {hex(w.rng[0]), hex(w.rng[1]), hex(w.rng[2]), hex(w.rng[3])}},
          {"timers", w.timers},
          {"actors", std::move(actors)}};
}

}  // namespace

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
  if (const auto* travel = std::get_if<Travel>(&e)) return {{"travel", travel->level}};
  return {{"action", std::get<GameAction>(e).name}};  // not replayable; the writer refuses these
}

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
  problem = format >= 2 ? "an input is {\"key\": CODE} (with \"repeat\"), {\"keyup\": CODE}, "
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
            {"seed", h.seed},
            {"surface", {h.surface_width, h.surface_height}},
            {"logical", {h.logical_width, h.logical_height}},
            {"tick_rate", h.tick_rate},
            {"fps", h.fps},
            {"checkpoint_every", h.checkpoint_every}};
  if (h.host) {
    j["host"] = {{"cpu", h.host->cpu},
                 {"cores", h.host->cores},
                 {"os", h.host->os},
                 {"kernel", h.host->kernel}};
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
  if (f.checksum) j["checksum"] = hex(*f.checksum);
  return j;
}

Json checkpoint(const Checkpoint& c) {
  Json readings = Json::array();
  for (const DiagnosticReading& r : c.readings)
    readings.push_back(reading(r));
  Json j = {{"type", "checkpoint"},
            {"frame", c.frame},
            {"checksum", hex(c.checksum)},
            {"metrics",
             {{"samples", c.metrics.samples},
              {"mean", c.metrics.mean_ms},
              {"p95", c.metrics.p95_ms},
              {"p99", c.metrics.p99_ms}}},
            {"readings", std::move(readings)}};
  if (c.world) j["world"] = world(*c.world);
  return j;
}

std::string hex(std::uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4)
    s[static_cast<std::size_t>(i)] = digits[v & 15];
  return s;
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
