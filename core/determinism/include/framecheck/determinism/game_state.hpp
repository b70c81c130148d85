// GameState: what a game keeps outside the World that its simulation depends on (a score, the
// serves left, a hull's strength), by name, as its declaration (Game::declare_state, through a
// StateArchive) saved it: every frame's checksum covers it, a replay that diverges names the
// field, and a snapshot keeps it to load back (state_archive.hpp).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <framecheck/determinism/float_rules.hpp>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace framecheck {

class StateArchive;

// A number as the state keeps it: every NaN the one quiet NaN (a game's NaN payloads are not its
// state, and a session cannot keep them).
inline double canonical_number(double v) {
  return v != v ? std::numeric_limits<double>::quiet_NaN() : v;
}

// One declared value: a number, a whole number, a boolean, a string, or an array of one of them.
using GameStateValue =
    std::variant<double, std::int64_t, bool, std::string, std::vector<double>,
                 std::vector<std::int64_t>, std::vector<bool>, std::vector<std::string>>;

// The names of GameStateValue's kinds, in its order, as the session format writes them.
inline constexpr std::string_view kGameStateKinds[] = {"number",  "whole",  "flag",  "text",
                                                       "numbers", "wholes", "flags", "texts"};

namespace detail {
// Whether the `n` bytes at `a` and `b` are alike, for 4 <= n <= 2 * sizeof(W): the first and the
// last sizeof(W) bytes as words.
template <class W>
bool same_ends(const char* a, const char* b, std::size_t n) {
  W a0, a1, b0, b1;
  std::memcpy(&a0, a, sizeof(W));
  std::memcpy(&a1, a + n - sizeof(W), sizeof(W));
  std::memcpy(&b0, b, sizeof(W));
  std::memcpy(&b1, b + n - sizeof(W), sizeof(W));
  return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

// Whether two elements of a value are one as the checksum sees them: numbers by their bits (-0
// is not 0; every NaN is canonical already), anything else by ==.
template <class E>
bool same_element(const E& a, const E& b) {
  if constexpr (std::is_same_v<E, double>) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  } else {
    return a == b;
  }
}

// Whether two names are one. A declaration's names are short (4 to 32 bytes nearly always) and
// each is compared with last frame's every frame: words, rather than a call to memcmp.
inline bool same_name(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  if (n >= 4 && n < 8) return same_ends<std::uint32_t>(a.data(), b.data(), n);
  if (n >= 8 && n <= 16) return same_ends<std::uint64_t>(a.data(), b.data(), n);
  if (n > 16 && n <= 32)
    return same_ends<std::uint64_t>(a.data(), b.data(), 16) &&
           same_ends<std::uint64_t>(a.data() + n - 16, b.data() + n - 16, 16);
  return std::memcmp(a.data(), b.data(), n) == 0;
}
}  // namespace detail

// A named value, in the order the game declared it.
struct GameStateField {
  std::string name;
  GameStateValue value;
  friend bool operator==(const GameStateField&, const GameStateField&);
};

// The fields a game declared, in order. Filled anew every frame: a steady game that declares
// the same fields reuses their storage and allocates nothing.
class GameState {
 public:
  // Each adds the field `name` (names should be unique; the first of two is what a diff names).
  void number(std::string_view name, double value) {
    GameStateField& f = next(name);
    value = canonical_number(value);
    const auto* x = std::get_if<double>(&f.value);
    if (x == nullptr || !detail::same_element(*x, value)) store(f, value);
  }
  void whole(std::string_view name, std::int64_t value) {
    GameStateField& f = next(name);
    const auto* x = std::get_if<std::int64_t>(&f.value);
    if (x == nullptr || *x != value) store(f, value);
  }
  void flag(std::string_view name, bool value) {
    GameStateField& f = next(name);
    const auto* x = std::get_if<bool>(&f.value);
    if (x == nullptr || *x != value) store(f, value);
  }
  void text(std::string_view name, std::string_view value);
  void numbers(std::string_view name, std::span<const double> values);
  void wholes(std::string_view name, std::span<const std::int64_t> values);
  void flags(std::string_view name, std::span<const bool> values);
  void texts(std::string_view name, std::span<const std::string> values);

  // Forgets every field (keeping their storage for the next frame).
  void clear() {
    size_ = 0;
    counts_size_ = 0;
    fill_.begin_next(changed_size_);
    changed_size_ = 0;
  }
  bool empty() const { return size_ == 0; }
  std::span<const GameStateField> fields() const { return {fields_.data(), size_}; }
  // A token for the fields' names: two states (or one, twice) with the same token name their
  // first min(size) fields alike, so a check that found the names equal once compares values.
  std::uint64_t layout() const { return layout_; }
  // Replaces the fields with `fields` (what a session's record held).
  void assign(std::vector<GameStateField> fields);
  // The same, with the entry counts a map's load needs (entry_counts() as saved).
  void assign(std::vector<GameStateField> fields, std::vector<std::uint32_t> entry_counts);
  // How many fields each StateArchive::entries saved, in order: what a load needs to rebuild a
  // map. Neither hashed nor compared: the fields alone are the state.
  std::span<const std::uint32_t> entry_counts() const { return {counts_.data(), counts_size_}; }

  // Where this state's fill stands, to ask later which fields changed since (changed_since).
  struct Mark {
    std::uint64_t fill = 0;   // the fill's token (none is 0)
    std::size_t changes = 0;  // how many changes it had noted
    std::size_t fields = 0;   // and how many fields it had
  };
  Mark mark() const { return {fill_.token, changed_size_, size_}; }
  // The fields (by index, perhaps more than once) whose value, kind or length changed since `m`
  // was taken of this state, in this fill or the one just before it; fields at or past m.fields
  // may have changed too. nullopt when the state cannot say: a mark of another state (a copy is
  // another) or of an older fill. What lets a check of a steady state look at its changes alone.
  std::optional<std::span<const std::uint32_t>> changed_since(const Mark& m) const;

  // `world_checksum` with these fields hashed in: the world checksum itself when there are none,
  // else XXH3-64 of its 8 bytes then the fields' canonical bytes (docs/session-format.md).
  std::uint64_t combine(std::uint64_t world_checksum) const;

  friend bool operator==(const GameState& a, const GameState& b);

 private:
  friend class StateArchive;
  // The next field's slot, named `name`. Inline while the name is last frame's (every field of
  // a steady declaration, every frame); a new name goes out of line and makes a new layout.
  GameStateField& next(std::string_view name) {
    if (size_ < fields_.size() && detail::same_name(fields_[size_].name, name))
      return fields_[size_++];
    return renamed(name);
  }
  GameStateField& renamed(std::string_view name);
  // The field just named takes `value`, a change the checksum's kept bytes must follow.
  template <class V>
  void store(GameStateField& f, V value) {
    f.value = value;
    note_change();
  }
  // The next field, named `name`, made to hold the `n` values get(0) .. get(n - 1) as elements
  // of kind E, numbers canonical; its change noted where they are not last frame's. What the
  // plural forms and StateArchive's share: each value is compared before it is written, so a
  // steady array is neither copied nor rehashed.
  template <class E, class Get>
  void store_values(std::string_view name, std::size_t n, Get get) {
    GameStateValue& slot = next(name).value;
    bool changed = !std::holds_alternative<std::vector<E>>(slot);
    if (changed) slot = std::vector<E>();
    auto& saved = std::get<std::vector<E>>(slot);
    if (saved.size() != n) {
      changed = true;
      saved.resize(n);
    }
    for (std::size_t i = 0; i < n; ++i) {
      decltype(auto) e = get(i);  // a string by reference where the caller holds one
      const auto& value = [&]() -> decltype(auto) {
        if constexpr (std::is_same_v<E, double>) {
          return canonical_number(e);
        } else {
          return (e);
        }
      }();
      if (!changed && detail::same_element<E>(saved[i], value)) continue;
      saved[i] = value;
      changed = true;
    }
    if (changed) note_change();
  }
  // Notes that the field just named changed value (or kind, or length).
  void note_change() {
    if (changed_size_ == changed_.size()) changed_.emplace_back();
    changed_[changed_size_++] = static_cast<std::uint32_t>(size_ - 1);
  }

  // Which fill these fields are, for combine()'s kept bytes: a token no other fill of any state
  // has had (a copy is a state of its own, so it takes a new one), the token of the fill before
  // this one, and how many changes that fill had noted when it ended. Bytes kept for that fill,
  // with that many changes, are this fill's once the changes noted since are written.
  struct Fill {
    static std::uint64_t new_token();
    std::uint64_t token = new_token();
    std::uint64_t before = 0;  // none
    std::size_t before_changes = 0;
    Fill() = default;
    Fill(const Fill& /*other*/) {}
    Fill& operator=(const Fill& /*other*/) {
      token = new_token();
      before = 0;
      before_changes = 0;
      return *this;
    }
    void begin_next(std::size_t changes) {
      before = token;
      before_changes = changes;
      token = new_token();
    }
  };

  std::vector<GameStateField> fields_;
  std::size_t size_ = 0;
  std::uint64_t layout_ = 0;  // no field named yet
  std::vector<std::uint32_t> counts_;
  std::size_t counts_size_ = 0;
  // The fields whose value changed in this fill, by index, in the order they changed.
  std::vector<std::uint32_t> changed_;
  std::size_t changed_size_ = 0;
  Fill fill_;
};

// The first field in which `replayed` differs from `recorded`, as a sentence
// ("game score: recorded 40, replayed 38"), or nullopt when they are the same. Numbers compare by
// their bits, as the checksum does.
std::optional<std::string> first_difference(const GameState& recorded, const GameState& replayed);

namespace detail {
bool same_non_scalar(const GameStateValue& a, const GameStateValue& b);  // same kind, not scalar
}  // namespace detail

// Whether two values are one as the checksum sees them: numbers by their bits (-0 is not 0).
// Scalars inline: a replay compares every stated field of every frame.
inline bool same_value(const GameStateValue& a, const GameStateValue& b) {
  if (a.index() != b.index()) return false;
  if (const auto* x = std::get_if<std::int64_t>(&a)) return *x == *std::get_if<std::int64_t>(&b);
  if (const auto* x = std::get_if<double>(&a))
    return detail::same_element(*x, *std::get_if<double>(&b));
  if (const auto* x = std::get_if<bool>(&a)) return *x == *std::get_if<bool>(&b);
  return detail::same_non_scalar(a, b);
}

// A value as a person reads it: numbers in their shortest round-trip form, strings quoted,
// arrays in brackets.
std::string describe(const GameStateValue& value);

}  // namespace framecheck
