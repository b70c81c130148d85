#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>
#include <cstring>
#include <framecheck/determinism/detail/canonical_bytes.hpp>
#include <framecheck/determinism/detail/xxh3.hpp>
#include <framecheck/determinism/exact_number.hpp>
#include <framecheck/determinism/game_state.hpp>
#include <limits>

namespace framecheck {
namespace {

// Two values of one kind as the checksum sees them, element by element.
struct SameValue {
  template <class T>
  bool operator()(const T& a, const T& b) const {
    return detail::same_element(a, b);
  }
  template <class E>
  bool operator()(const std::vector<E>& a, const std::vector<E>& b) const {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const E& x, const E& y) { return detail::same_element(x, y); });
  }
};

// A token no other layout has had: a layout's identity outlives copies, not changes.
std::uint64_t new_layout() {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

std::atomic<std::uint64_t> last_fill{0};

// How many canonical bytes each value takes: per field its name, its kind's index and its value
// (numbers as 8 bytes, strings and arrays as their length first).
struct ByteCount {
  std::size_t n = 0;
  void value(double) { n += 8; }
  void value(std::int64_t) { n += 8; }
  void value(bool) { n += 8; }
  void value(const std::string& v) { n += 8 + v.size(); }
  void value(const std::vector<std::string>& v) {
    n += 8;
    for (const std::string& e : v)
      value(e);
  }
  template <class T>
  void value(const std::vector<T>& v) {
    n += 8 + 8 * v.size();
  }
};

// A value's canonical bytes (canonical_bytes.hpp).
struct WriteValue {
  detail::CanonicalBytes& b;
  void operator()(double v) const { b.f64(v); }
  void operator()(std::int64_t v) const { b.u64(static_cast<std::uint64_t>(v)); }
  void operator()(bool v) const { b.u64(v ? 1 : 0); }
  void operator()(const std::string& v) const { b.str(v); }
  template <class T>
  void operator()(const std::vector<T>& v) const {
    b.u64(v.size());
    for (const auto& e : v)
      (*this)(static_cast<T>(e));
  }
};

// A value's byte count and bytes, numbers, wholes and flags inline: nearly every field is one, and
// a visit's jump a field is a fifth of the game state's checksum.
std::size_t value_bytes(const GameStateValue& v) {
  if (v.index() <= 2) return 8;
  ByteCount count;
  std::visit([&](const auto& x) { count.value(x); }, v);
  return count.n;
}
// Inline in each caller: the checksum's every field of every frame goes through it.
[[gnu::always_inline]] inline void write_value(detail::CanonicalBytes& b, const GameStateValue& v) {
  if (const auto* x = std::get_if<std::int64_t>(&v)) {
    b.u64(static_cast<std::uint64_t>(*x));
  } else if (const auto* d = std::get_if<double>(&v)) {
    b.f64(*d);
  } else if (const auto* f = std::get_if<bool>(&v)) {
    b.u64(*f ? 1 : 0);
  } else {
    std::visit(WriteValue{b}, v);
  }
}

}  // namespace

bool detail::same_non_scalar(const GameStateValue& a, const GameStateValue& b) {
  return std::visit(
      [&](const auto& x) { return SameValue{}(x, std::get<std::decay_t<decltype(x)>>(b)); }, a);
}

bool operator==(const GameStateField& a, const GameStateField& b) {
  return a.name == b.name && same_value(a.value, b.value);
}

bool operator==(const GameState& a, const GameState& b) {
  const auto x = a.fields(), y = b.fields();
  return std::equal(x.begin(), x.end(), y.begin(), y.end());
}

std::uint64_t GameState::Fill::new_token() {
  // A block at a time for each thread: threads that fill a state every frame (a verify in
  // parts) would otherwise pass the counter's cache line between their cores every frame.
  constexpr std::uint64_t kBlock = 4096;
  thread_local std::uint64_t next = 0, end = 0;
  if (next == end) {
    next = last_fill.fetch_add(kBlock, std::memory_order_relaxed) + 1;
    end = next + kBlock;
  }
  return next++;
}

GameStateField& GameState::renamed(std::string_view name) {
  if (size_ == fields_.size()) fields_.emplace_back();
  GameStateField& f = fields_[size_++];
  f.name.assign(name);
  layout_ = new_layout();
  return f;
}

void GameState::text(std::string_view name, std::string_view value) {
  GameStateValue& slot = next(name).value;
  if (auto* s = std::get_if<std::string>(&slot)) {
    if (*s == value) return;
    s->assign(value);
  } else {
    slot = std::string(value);
  }
  note_change();
}
void GameState::numbers(std::string_view name, std::span<const double> values) {
  store_values<double>(name, values.size(), [&](std::size_t i) { return values[i]; });
}
void GameState::wholes(std::string_view name, std::span<const std::int64_t> values) {
  store_values<std::int64_t>(name, values.size(), [&](std::size_t i) { return values[i]; });
}
void GameState::flags(std::string_view name, std::span<const bool> values) {
  store_values<bool>(name, values.size(), [&](std::size_t i) { return values[i]; });
}
void GameState::texts(std::string_view name, std::span<const std::string> values) {
  store_values<std::string>(name, values.size(),
                            [&](std::size_t i) -> const std::string& { return values[i]; });
}

void GameState::assign(std::vector<GameStateField> fields) {
  for (GameStateField& f : fields) {
    if (auto* d = std::get_if<double>(&f.value)) *d = canonical_number(*d);
    if (auto* v = std::get_if<std::vector<double>>(&f.value)) {
      for (double& e : *v)
        e = canonical_number(e);
    }
  }
  fields_ = std::move(fields);
  size_ = fields_.size();
  layout_ = new_layout();
  counts_size_ = 0;
  changed_size_ = 0;
  fill_ = Fill();  // related to no fill before
}

void GameState::assign(std::vector<GameStateField> fields,
                       std::vector<std::uint32_t> entry_counts) {
  assign(std::move(fields));
  counts_ = std::move(entry_counts);
  counts_size_ = counts_.size();
}

namespace {

// The canonical bytes of the fields of one layout (GameState::layout), kept for the next state of
// that layout: the names and kinds stay where they are, and a steady state's checksum writes its
// values alone. A state of the same layout names its first fields alike, so its bytes are these,
// up to its last field's, wherever each field's kind and value size are the ones kept.
struct LayoutBytes {
  std::uint64_t layout = 0;  // none kept (no layout is numbered 0)
  std::string bytes;         // the world checksum, the count, then the fields
  struct Place {
    std::size_t at;    // where the value starts in `bytes`
    std::size_t size;  // its byte count
    std::size_t kind;  // its index in GameStateValue
  };
  std::vector<Place> places;

  // Every byte anew, for `fields` of `layout`.
  void write(std::uint64_t of, std::span<const GameStateField> fields) {
    std::size_t size = 16;
    for (const GameStateField& f : fields)
      size += 16 + f.name.size() + value_bytes(f.value);
    detail::CanonicalBytes b(bytes, size);
    b.u64(0);
    b.u64(0);
    places.clear();
    std::size_t at = 16;
    for (const GameStateField& f : fields) {
      b.str(f.name);
      b.u64(f.value.index());
      write_value(b, f.value);
      const std::size_t value_at = at + 16 + f.name.size();
      at = value_at + value_bytes(f.value);
      places.push_back({value_at, at - value_at, f.value.index()});
    }
    layout = of;
  }

  // The value of field `i` of `fields` written where the kept one was; false where its kind or
  // size is not the one kept (its bytes would move).
  [[gnu::always_inline]] bool rewrite_value(detail::CanonicalBytes& b,
                                            std::span<const GameStateField> fields, std::size_t i) {
    const GameStateValue& v = fields[i].value;
    const Place& p = places[i];
    if (v.index() != p.kind || (p.kind > 2 && value_bytes(v) != p.size)) return false;
    b.seek(p.at);
    write_value(b, v);
    return true;
  }
  // Every value of `fields` rewritten.
  bool rewrite_values(std::span<const GameStateField> fields) {
    if (fields.size() > places.size()) return false;
    detail::CanonicalBytes b(bytes, bytes.size());
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (!rewrite_value(b, fields, i)) return false;
    }
    return true;
  }
  // The fields named in `changed`, and those past the ones the bytes were last written for,
  // rewritten; the rest kept: the bytes were written last for a state whose first values these
  // are but for the changed ones (GameState::changed_since).
  bool rewrite_changed(std::span<const GameStateField> fields,
                       std::span<const std::uint32_t> changed) {
    if (fields.size() > places.size()) return false;
    detail::CanonicalBytes b(bytes, bytes.size());
    for (const std::uint32_t i : changed) {
      if (!rewrite_value(b, fields, i)) return false;
    }
    for (std::size_t i = mark.fields; i < fields.size(); ++i) {
      if (!rewrite_value(b, fields, i)) return false;
    }
    return true;
  }

  // Where the state the bytes were last written for stood then; no fill when they were not
  // written for one (a state of this layout that is not at a mark of its own).
  GameState::Mark mark;
};

}  // namespace

std::optional<std::span<const std::uint32_t>> GameState::changed_since(const Mark& m) const {
  const std::span<const std::uint32_t> changed(changed_.data(), changed_size_);
  if (m.fill == 0) return std::nullopt;
  if (m.fill == fill_.token && m.changes <= changed_size_) return changed.subspan(m.changes);
  if (m.fill == fill_.before && m.changes == fill_.before_changes) return changed;
  return std::nullopt;
}

std::uint64_t GameState::combine(std::uint64_t world_checksum) const {
  if (size_ == 0) return world_checksum;
  // Kept per thread, for the layout last hashed: a replay hashes one state's every frame.
  thread_local LayoutBytes kept;
  // The bytes of this state's last hash, or of the fill before if it was hashed at its end,
  // take the values changed since; any other bytes of this layout take every value.
  bool current = false;
  if (kept.layout == layout_) {
    if (const auto changed = changed_since(kept.mark))
      current = kept.rewrite_changed(fields(), *changed);
  }
  if (!current && (kept.layout != layout_ || !kept.rewrite_values(fields())))
    kept.write(layout_, fields());
  kept.mark = mark();
  const LayoutBytes::Place& last = kept.places[size_ - 1];
  detail::CanonicalBytes b(kept.bytes, kept.bytes.size());
  b.u64(world_checksum);
  b.u64(size_);
  return detail::xxh3_64(std::string_view(kept.bytes.data(), last.at + last.size));
}

namespace {

std::string number_text(double v) {
  return v == 0 && std::signbit(v) ? "-0" : format_js_number(v);
}

struct Describe {
  std::string operator()(double v) const { return number_text(v); }
  std::string operator()(std::int64_t v) const { return std::to_string(v); }
  std::string operator()(bool v) const { return v ? "true" : "false"; }
  std::string operator()(const std::string& v) const { return "\"" + v + "\""; }
  template <class T>
  std::string operator()(const std::vector<T>& v) const {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i > 0) out += ", ";
      out += (*this)(static_cast<T>(v[i]));
    }
    return out + "]";
  }
};

}  // namespace

std::string describe(const GameStateValue& value) {
  return std::visit(Describe{}, value);
}

std::optional<std::string> first_difference(const GameState& recorded, const GameState& replayed) {
  const auto a = recorded.fields(), b = replayed.fields();
  const auto both = [](const std::string& x, const std::string& y) {
    return ": recorded " + x + ", replayed " + y;
  };
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    if (i >= a.size()) return "game " + b[i].name + both("nothing", describe(b[i].value));
    if (i >= b.size()) return "game " + a[i].name + both(describe(a[i].value), "nothing");
    if (a[i].name != b[i].name) {
      return "game field " + std::to_string(i + 1) +
             both("\"" + a[i].name + "\"", "\"" + b[i].name + "\"");
    }
    if (a[i].value.index() != b[i].value.index()) {
      return "game " + a[i].name +
             both(std::string(kGameStateKinds[a[i].value.index()]),
                  std::string(kGameStateKinds[b[i].value.index()]));
    }
    if (!same_value(a[i].value, b[i].value)) {
      // An array names its first differing element.
      std::string where;
      std::visit(
          [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (!std::is_same_v<T, double> && !std::is_same_v<T, std::int64_t> &&
                          !std::is_same_v<T, bool> && !std::is_same_v<T, std::string>) {
              const T& y = std::get<T>(b[i].value);
              using E = typename T::value_type;
              for (std::size_t k = 0; k < std::min(x.size(), y.size()); ++k) {
                if (!SameValue{}(std::vector<E>{x[k]}, std::vector<E>{y[k]})) {
                  where = "[" + std::to_string(k) + "]" +
                          both(Describe{}(static_cast<E>(x[k])), Describe{}(static_cast<E>(y[k])));
                  return;
                }
              }
              where = " length" + both(std::to_string(x.size()), std::to_string(y.size()));
            }
          },
          a[i].value);
      if (!where.empty()) return "game " + a[i].name + where;
      return "game " + a[i].name + both(describe(a[i].value), describe(b[i].value));
    }
  }
  return std::nullopt;
}

}  // namespace framecheck
