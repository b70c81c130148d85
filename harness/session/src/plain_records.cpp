#include "plain_records.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "session_json.hpp"
#include "written_frame.hpp"

namespace framecheck {
namespace {

namespace od = simdjson::ondemand;

// Whether the full parser should have the line: a \u escape (its rules for one, surrogates
// paired, are its own). A raw control byte needs no look here: simdjson's first pass refuses one
// in a string, and outside one it is not JSON. Lines hold a backslash rarely, and memchr finds
// one fast, where a loop over every byte was most of what opening a line cost.
bool out_of_the_ordinary(std::string_view line) {
  for (std::size_t at = line.find('\\'); at != std::string_view::npos; at = line.find('\\', at + 1))
    if (at + 1 < line.size() && line[at + 1] == 'u') return true;
  return false;
}

// Checked as each number is read, not over the whole line: a number's token is a few bytes.
bool long_number(od::value& value) {
  return too_many_digits(value.raw_json_token());
}

// The number readers: false for a token of the wrong type, out of range, or too long.
bool unsigned_whole(od::value value, std::uint64_t& out) {
  return !long_number(value) && !value.get_uint64().get(out);
}
bool signed_whole(od::value value, std::int64_t& out) {
  return !long_number(value) && !value.get_int64().get(out);
}

// The line, copied where simdjson's padding may follow it, and opened as an object. Kept per
// thread: a steady stream of records allocates nothing.
bool open_object(std::string_view line, od::document& doc, od::object& object) {
  thread_local od::parser parser;
  thread_local std::string padded;
  if (out_of_the_ordinary(line)) return false;
  padded.assign(line);
  padded.append(simdjson::SIMDJSON_PADDING, ' ');
  return !parser.iterate(padded.data(), line.size(), padded.size()).get(doc) &&
         !doc.get_object().get(object);
}

// Past the object's end the document must be over: a location there is trailing content.
bool at_end(od::document& doc) {
  const char* trailing = nullptr;
  return doc.current_location().get(trailing) == simdjson::OUT_OF_BOUNDS;
}

// Keys as written: an escaped key is not one of these, and goes the long way.
template <std::size_t N>
unsigned key_bit(od::field& field, const std::string_view (&keys)[N]) {
  const od::raw_json_string raw = field.key();
  for (std::size_t i = 0; i < N; ++i)
    if (raw == keys[i]) return 1u << i;
  return 0;
}

// Visits each field of `object` with its key's bit; false on an unknown key, a key twice, or
// a field `visit` refuses. `required` are the bits that must all be seen.
template <std::size_t N, typename Visit>
bool read_fields(od::object& object, const std::string_view (&keys)[N], unsigned required,
                 Visit visit) {
  unsigned seen = 0;
  for (auto field_or_error : object) {
    od::field field;
    if (std::move(field_or_error).get(field)) return false;
    const unsigned bit = key_bit(field, keys);
    if (bit == 0 || (seen & bit) != 0 || !visit(bit, field.value())) return false;
    seen |= bit;
  }
  return (seen & required) == required;
}

// A number the full parser reads as the same double: finite, and not -0 (which it reads as +0
// when written as an integer).
bool finite_number(od::value value, double& out) {
  return !long_number(value) && !value.get_double().get(out) && std::isfinite(out) &&
         !(out == 0 && std::signbit(out));
}

bool hex_word(od::value value, std::uint64_t& out) {
  std::string_view text;
  return !value.get_string().get(text) && session_json::parse_hex(text, out);
}

bool text(od::value value, std::string& out) {
  std::string_view s;
  if (value.get_string().get(s)) return false;
  out.assign(s);
  return true;
}

bool read_reading(od::value value, DiagnosticReading& out) {
  od::object object;
  if (value.get_object().get(object)) return false;
  static constexpr std::string_view kKeys[] = {"name", "value", "error"};
  int payloads = 0;
  const bool ok = read_fields(object, kKeys, 1, [&](unsigned bit, od::value v) {
    if (bit == 1) return text(v, out.name);
    ++payloads;
    if (bit == 4) {
      std::string error;
      if (!text(v, error)) return false;
      out.error = std::move(error);
      return true;
    }
    od::json_type type;
    if (v.type().get(type)) return false;
    if (type == od::json_type::string) {
      std::string s;
      if (!text(v, s)) return false;
      out.value = DiagnosticValue(std::move(s));
      return true;
    }
    if (type == od::json_type::boolean) {
      bool b = false;
      if (v.get_bool().get(b)) return false;
      out.value = DiagnosticValue(b);
      return true;
    }
    double d = 0;
    if (type != od::json_type::number || !finite_number(v, d)) return false;
    out.value = DiagnosticValue(d);
    return true;
  });
  return ok && payloads == 1;
}

bool read_metrics(od::value value, FrameMetrics& out) {
  od::object object;
  if (value.get_object().get(object)) return false;
  static constexpr std::string_view kKeys[] = {"samples", "mean", "p95", "p99"};
  return read_fields(object, kKeys, 15, [&](unsigned bit, od::value v) {
    if (bit == 1) {
      std::uint64_t samples = 0;
      if (!unsigned_whole(v, samples) || samples > FrameWindow::kCapacity) return false;
      out.samples = static_cast<std::size_t>(samples);
      return true;
    }
    return finite_number(v, bit == 2 ? out.mean_ms : bit == 4 ? out.p95_ms : out.p99_ms);
  });
}

bool read_actor(od::value value, ActorState& out) {
  od::array array;
  if (value.get_array().get(array)) return false;
  int i = 0;
  for (auto element_or_error : array) {
    od::value v;
    if (std::move(element_or_error).get(v)) return false;
    double* const numbers[] = {&out.x, &out.y, &out.w, &out.h, &out.vx, &out.vy};
    bool ok = false;
    if (i == 0) {
      std::uint64_t id = 0;
      ok = unsigned_whole(v, id) && id <= UINT32_MAX;
      out.id = static_cast<ActorId>(id);
    } else if (i == 1) {
      ok = text(v, out.tag);
    } else if (i <= 7) {
      ok = finite_number(v, *numbers[i - 2]);
    } else if (i == 8) {
      ok = !v.get_bool().get(out.alive);
    }
    if (!ok) return false;
    ++i;
  }
  return i == 9;
}

bool read_world(od::value value, WorldState& out) {
  od::object object;
  if (value.get_object().get(object)) return false;
  static constexpr std::string_view kKeys[] = {"level", "phase",  "time",  "ticks",
                                               "rng",   "timers", "actors"};
  return read_fields(object, kKeys, 127, [&](unsigned bit, od::value v) {
    switch (bit) {
      case 1:
        return text(v, out.level);
      case 2:
        return text(v, out.phase);
      case 4: {
        std::uint64_t time = 0;
        if (!unsigned_whole(v, time) || time > static_cast<std::uint64_t>(INT64_MAX)) return false;
        out.time_ns = static_cast<std::int64_t>(time);
        return true;
      }
      case 8:
        return unsigned_whole(v, out.ticks);
      case 16: {
        od::array words;
        if (v.get_array().get(words)) return false;
        std::size_t n = 0;
        for (auto word : words) {
          od::value w;
          if (std::move(word).get(w) || n == 4 || !hex_word(w, out.rng[n])) return false;
          ++n;
        }
        return n == 4;
      }
      case 32:
        return unsigned_whole(v, out.timers);
      default: {
        od::array actors;
        if (v.get_array().get(actors)) return false;
        out.actors.clear();
        for (auto actor : actors) {
          od::value a;
          ActorState state;
          if (std::move(actor).get(a) || !read_actor(a, state) ||
              (!out.actors.empty() && state.id <= out.actors.back().id))
            return false;
          out.actors.push_back(std::move(state));
        }
        return true;
      }
    }
  });
}

// {"name": value, ...} of scalars, each as its token reads; false for anything else.
bool read_game_changes(od::value value, std::vector<PlainChange>& out) {
  od::object object;
  if (value.get_object().get(object)) return false;
  out.reserve(4);  // a frame's changes are few: one allocation for most
  for (auto field_or_error : object) {
    od::field field;
    if (std::move(field_or_error).get(field)) return false;
    std::string_view key;
    if (field.unescaped_key().get(key)) return false;
    PlainChange change{std::string(key), {}};
    od::value v = field.value();
    od::json_type type;
    if (v.type().get(type)) return false;
    if (type == od::json_type::boolean) {
      bool b = false;
      if (v.get_bool().get(b)) return false;
      change.value = b;
    } else if (type == od::json_type::string) {
      std::string s;
      if (!text(v, s)) return false;
      change.value = std::move(s);
    } else if (type == od::json_type::number) {
      od::number_type kind;
      if (v.get_number_type().get(kind)) return false;
      if (kind == od::number_type::signed_integer || kind == od::number_type::unsigned_integer) {
        std::int64_t whole = 0;
        if (!signed_whole(v, whole)) return false;
        change.value = whole;
      } else if (kind == od::number_type::floating_point_number) {
        double number = 0;
        if (!finite_number(v, number)) return false;
        change.value = number;
      } else {
        return false;
      }
    } else {
      return false;
    }
    out.push_back(std::move(change));
  }
  return distinct_names(out);
}

// One of a game field's scalars, of `kind` (GameStateValue's index, 0 to 3), as the full parser
// reads it; a number's display words ("NaN", "Infinity") are for that parser.
bool game_scalar(od::value v, std::size_t kind, GameStateValue& out) {
  switch (kind) {
    case 0: {
      double d = 0;
      if (!finite_number(v, d)) return false;
      out = d;
      return true;
    }
    case 1: {
      od::number_type type;
      std::int64_t whole = 0;
      if (v.get_number_type().get(type) ||
          (type != od::number_type::signed_integer && type != od::number_type::unsigned_integer) ||
          !signed_whole(v, whole))
        return false;
      out = whole;
      return true;
    }
    case 2: {
      bool b = false;
      if (v.get_bool().get(b)) return false;
      out = b;
      return true;
    }
    default: {
      std::string s;
      if (!text(v, s)) return false;
      out = std::move(s);
      return true;
    }
  }
}

template <class T>
bool game_array(od::value v, std::size_t element_kind, GameStateValue& out) {
  od::array array;
  if (v.get_array().get(array)) return false;
  std::vector<T> values;
  for (auto element_or_error : array) {
    od::value e;
    GameStateValue one;
    if (std::move(element_or_error).get(e) || !game_scalar(e, element_kind, one)) return false;
    values.push_back(std::move(std::get<T>(one)));
  }
  out = std::move(values);
  return true;
}

// [[name, kind, value], ...]: a game's declared state, as session_json::parse_game reads it.
bool read_game(od::value value, std::vector<GameStateField>& out) {
  od::array fields;
  if (value.get_array().get(fields)) return false;
  for (auto field_or_error : fields) {
    od::value f;
    od::array parts;
    if (std::move(field_or_error).get(f) || f.get_array().get(parts)) return false;
    GameStateField field;
    std::size_t kind = std::size(kGameStateKinds);
    int i = 0;
    for (auto part_or_error : parts) {
      od::value part;
      if (std::move(part_or_error).get(part)) return false;
      bool ok = false;
      if (i == 0) {
        ok = text(part, field.name);
      } else if (i == 1) {
        std::string_view name;
        if (!part.get_string().get(name)) {
          kind = static_cast<std::size_t>(
              std::find(std::begin(kGameStateKinds), std::end(kGameStateKinds), name) -
              std::begin(kGameStateKinds));
        }
        ok = kind < std::size(kGameStateKinds);
      } else if (i == 2) {
        switch (kind) {
          case 4:
            ok = game_array<double>(part, 0, field.value);
            break;
          case 5:
            ok = game_array<std::int64_t>(part, 1, field.value);
            break;
          case 6:
            ok = game_array<bool>(part, 2, field.value);
            break;
          case 7:
            ok = game_array<std::string>(part, 3, field.value);
            break;
          default:
            ok = game_scalar(part, kind, field.value);
        }
      }
      if (!ok) return false;
      ++i;
    }
    if (i != 3) return false;
    out.push_back(std::move(field));
  }
  return true;
}

}  // namespace

bool too_many_digits(std::string_view token) {
  if (token.size() <= 17) return false;  // nearly every number a session holds
  int digits = 0;
  for (const char c : token) {
    if (c >= '0' && c <= '9') {
      if ((digits > 0 || c != '0') && ++digits > 17) return true;  // leading zeros are free
    } else if (c != '.') {
      digits = 0;
    }
  }
  return false;
}

bool distinct_names(const std::vector<PlainChange>& changes) {
  if (changes.size() <= 4) {
    for (std::size_t i = 0; i < changes.size(); ++i)
      for (std::size_t j = i + 1; j < changes.size(); ++j)
        if (changes[i].name == changes[j].name) return false;
    return true;
  }
  std::vector<std::string_view> names;
  names.reserve(changes.size());
  for (const PlainChange& c : changes)
    names.push_back(c.name);
  std::sort(names.begin(), names.end());
  return std::adjacent_find(names.begin(), names.end()) == names.end();
}

std::optional<PlainFrame> read_plain_frame(std::string_view line) {
  if (std::optional<PlainFrame> written = read_written_frame(line)) return written;
  return read_plain_frame_json(line);
}

bool read_plain_frame(std::string_view line, PlainFrame& out) {
  if (read_written_frame(line, out)) return true;
  std::optional<PlainFrame> json = read_plain_frame_json(line);
  if (json) out = std::move(*json);
  return json.has_value();
}

std::optional<PlainFrame> read_plain_frame_json(std::string_view line) {
  od::document doc;
  od::object object;
  if (!open_object(line, doc, object)) return std::nullopt;
  static constexpr std::string_view kKeys[] = {"type",   "frame",    "dt",
                                               "sample", "checksum", "game_changes"};
  PlainFrame out;
  const bool ok = read_fields(object, kKeys, 15, [&](unsigned bit, od::value v) {
    switch (bit) {
      case 1: {
        od::raw_json_string type;
        return !v.get_raw_json_string().get(type) && type == "frame";
      }
      case 2:
        return unsigned_whole(v, out.frame);
      case 4:
        return signed_whole(v, out.dt);
      case 8:
        return !long_number(v) && !v.get_double().get(out.sample_ms) &&
               !std::signbit(out.sample_ms);
      case 32:
        return read_game_changes(v, out.game_changes);
      default: {
        std::uint64_t checksum = 0;
        if (!hex_word(v, checksum)) return false;
        out.checksum = checksum;
        return true;
      }
    }
  });
  if (!ok || !at_end(doc)) return std::nullopt;
  return out;
}

std::optional<Checkpoint> read_plain_checkpoint(std::string_view line) {
  od::document doc;
  od::object object;
  if (!open_object(line, doc, object)) return std::nullopt;
  static constexpr std::string_view kKeys[] = {"type",     "frame", "checksum", "metrics",
                                               "readings", "world", "game"};
  Checkpoint out;
  const bool ok = read_fields(object, kKeys, 31, [&](unsigned bit, od::value v) {
    switch (bit) {
      case 1: {
        od::raw_json_string type;
        return !v.get_raw_json_string().get(type) && type == "checkpoint";
      }
      case 2:
        return unsigned_whole(v, out.frame);
      case 4:
        return hex_word(v, out.checksum);
      case 8:
        return read_metrics(v, out.metrics);
      case 16: {
        od::array readings;
        if (v.get_array().get(readings)) return false;
        for (auto reading : readings) {
          od::value r;
          DiagnosticReading parsed;
          if (std::move(reading).get(r) || !read_reading(r, parsed)) return false;
          out.readings.push_back(std::move(parsed));
        }
        return true;
      }
      case 32: {
        WorldState world;
        if (!read_world(v, world)) return false;
        out.world = std::move(world);
        return true;
      }
      default: {
        std::vector<GameStateField> game;
        if (!read_game(v, game)) return false;
        out.game = std::move(game);
        return true;
      }
    }
  });
  if (!ok || !at_end(doc)) return std::nullopt;
  return out;
}

}  // namespace framecheck
