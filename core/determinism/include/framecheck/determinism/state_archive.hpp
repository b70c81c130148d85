// StateArchive: a game's declaration of its own state, one function for both ways, as cereal's
// archives are. Saving reads every bound member into a GameState (hashed into each frame's
// checksum, named when a replay diverges); loading writes a saved GameState back into the same
// members, which is what a snapshot's restore and the rollback check are made of:
//   void declare_state(StateArchive& state) override {
//     state.whole("score", score_);         // any integer, enum or std::chrono::duration
//     state.flag("boss awake", boss_awake_);
//     state.number("charge", charge_);      // double or float
//     state.numbers("hull", hull_);         // a std::vector or std::array of numbers
//     state.entries("kills ", kills_);      // a std::map: one field per key ("kills red")
//   }
// A member that changes what the game does and is bound nowhere is the bug rollback finds.
#pragma once

#include <charconv>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <framecheck/determinism/game_state.hpp>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

namespace framecheck {

namespace detail {
// The parts joined: how the archive's messages are built (appends only, no temporaries).
std::string concat(std::initializer_list<std::string_view> parts);

template <class T>
struct IsDuration : std::false_type {};
template <class Rep, class Period>
struct IsDuration<std::chrono::duration<Rep, Period>> : std::bool_constant<std::integral<Rep>> {};
}  // namespace detail

// What `whole` binds: an integer (not bool), an enum, or a duration counted in an integer.
template <class T>
concept WholeMember = (std::integral<T> && !std::same_as<T, bool>) || std::is_enum_v<T> ||
                      detail::IsDuration<T>::value;
// What `number` binds.
template <class T>
concept NumberMember = std::floating_point<T>;
// What the plural forms bind: a std::vector, std::array or anything indexable with a size().
template <class C>
concept SequenceMember = requires(C& c, std::size_t i) {
  typename C::value_type;
  { c.size() } -> std::convertible_to<std::size_t>;
  c[i];
};

class StateArchive {
 public:
  // An archive that reads the members it is given into `into`, which it clears first.
  static StateArchive saving(GameState& into) { return StateArchive(&into, nullptr); }
  // An archive that writes `from` (what a saving archive filled) back into the members.
  static StateArchive loading(const GameState& from) { return StateArchive(nullptr, &from); }

  // True when this archive writes members (a restore), false when it reads them.
  bool loading() const { return in_ != nullptr; }

  template <NumberMember T>
  void number(std::string_view name, T& value);
  template <WholeMember T>
  void whole(std::string_view name, T& value);
  void flag(std::string_view name, bool& value);
  void text(std::string_view name, std::string& value);
  // The plural forms: a std::vector is resized on load, anything else must keep its length.
  template <SequenceMember C>
  void numbers(std::string_view name, C& values) {
    sequence<double>(name, values);
  }
  template <SequenceMember C>
  void wholes(std::string_view name, C& values) {
    sequence<std::int64_t>(name, values);
  }
  template <SequenceMember C>
  void flags(std::string_view name, C& values) {
    sequence<bool>(name, values);
  }
  template <SequenceMember C>
  void texts(std::string_view name, C& values) {
    sequence<std::string>(name, values);
  }
  // A map from a string or an integer to anything above: one field per entry, named `prefix`
  // then the key, in the map's order. Loading replaces the map's entries with the saved ones.
  template <class Map>
  void entries(std::string_view prefix, Map& map);

  // After loading: where the declaration and the saved state disagree (a field of another
  // name, kind or length, or a different count), as a sentence; empty when they agree.
  const std::string& problem() const { return problem_; }
  // Ends a load: a saved state with fields the declaration did not reach is a problem too.
  void finish();

 private:
  StateArchive(GameState* out, const GameState* in) : out_(out), in_(in) {
    if (out_ != nullptr) out_->clear();
  }
  // Loading: the next saved value if it is `name` of `kind` (an index of GameStateValue), else
  // null with the problem noted.
  const GameStateValue* load_slot(std::string_view name, std::size_t kind);
  bool fail(std::string problem);
  void save_entry_count(std::size_t n);
  std::size_t load_entry_count(std::string_view prefix);
  // The name of the next saved field, or empty when there is none.
  std::string_view next_saved_name() const;

  template <class E, class C>
  void sequence(std::string_view name, C& values);
  template <class V>
  void bind(std::string_view name, V& value);

  GameState* out_;
  const GameState* in_;
  std::size_t at_ = 0;       // the next saved field to load
  std::size_t entries_ = 0;  // the next saved entry count to load
  std::string problem_;
};

// ---- implementation -------------------------------------------------------------------------

namespace detail {
template <class T>
std::int64_t whole_of(const T& v) {
  if constexpr (std::is_enum_v<T>) {
    return static_cast<std::int64_t>(static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (IsDuration<T>::value) {
    return static_cast<std::int64_t>(v.count());
  } else {
    return static_cast<std::int64_t>(v);
  }
}
template <class T>
T whole_as(std::int64_t v) {
  if constexpr (std::is_enum_v<T>) {
    return static_cast<T>(static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (IsDuration<T>::value) {
    return T(static_cast<typename T::rep>(v));
  } else {
    return static_cast<T>(v);
  }
}
// Element conversions between a member's type and the state's stored one.
template <class E, class T>
E stored(const T& v) {
  if constexpr (std::same_as<E, std::int64_t>) {
    return whole_of(v);
  } else {
    return static_cast<E>(v);
  }
}
template <class T, class E>
T member(const E& v) {
  if constexpr (std::same_as<E, std::int64_t>) {
    return whole_as<T>(v);
  } else {
    return static_cast<T>(v);
  }
}
template <class C>
concept Resizable = requires(C& c, std::size_t n) {
  c.resize(n);
};
}  // namespace detail

template <NumberMember T>
void StateArchive::number(std::string_view name, T& value) {
  if (!loading()) {
    out_->number(name, static_cast<double>(value));
  } else if (const GameStateValue* v = load_slot(name, 0)) {
    value = static_cast<T>(std::get<double>(*v));
  }
}

template <WholeMember T>
void StateArchive::whole(std::string_view name, T& value) {
  if (!loading()) {
    out_->whole(name, detail::whole_of(value));
  } else if (const GameStateValue* v = load_slot(name, 1)) {
    value = detail::whole_as<T>(std::get<std::int64_t>(*v));
  }
}

template <class E, class C>
void StateArchive::sequence(std::string_view name, C& values) {
  using T = typename C::value_type;
  constexpr std::size_t kind = std::same_as<E, double>         ? 4
                               : std::same_as<E, std::int64_t> ? 5
                               : std::same_as<E, bool>         ? 6
                                                               : 7;
  if (!loading()) {
    out_->store_values<E>(name, values.size(), [&](std::size_t i) -> decltype(auto) {
      if constexpr (std::same_as<E, std::string> && std::same_as<T, std::string> &&
                    std::is_lvalue_reference_v<decltype(values[i])>) {
        return static_cast<const std::string&>(values[i]);  // compared before any copy
      } else {
        return detail::stored<E>(static_cast<const T&>(values[i]));
      }
    });
    return;
  }
  const GameStateValue* v = load_slot(name, kind);
  if (v == nullptr) return;
  const auto& saved = std::get<std::vector<E>>(*v);
  if constexpr (detail::Resizable<C>) {
    values.resize(saved.size());
  } else if (saved.size() != values.size()) {
    fail(detail::concat({"\"", name, "\": the saved state holds ", std::to_string(saved.size()),
                         " values, the member ", std::to_string(values.size())}));
    return;
  }
  for (std::size_t i = 0; i < saved.size(); ++i)
    values[i] = detail::member<T>(static_cast<E>(saved[i]));
}

template <class V>
void StateArchive::bind(std::string_view name, V& value) {
  if constexpr (std::same_as<V, bool>) {
    flag(name, value);
  } else if constexpr (WholeMember<V>) {
    whole(name, value);
  } else if constexpr (NumberMember<V>) {
    number(name, value);
  } else if constexpr (std::same_as<V, std::string>) {
    text(name, value);
  } else {
    using T = typename V::value_type;
    if constexpr (std::same_as<T, bool>) {
      flags(name, value);
    } else if constexpr (WholeMember<T>) {
      wholes(name, value);
    } else if constexpr (NumberMember<T>) {
      numbers(name, value);
    } else {
      texts(name, value);
    }
  }
}

template <class Map>
void StateArchive::entries(std::string_view prefix, Map& map) {
  using Key = typename Map::key_type;
  static_assert(std::same_as<Key, std::string> || std::integral<Key>,
                "entries: a map's key is a std::string or an integer");
  std::string name(prefix);
  if (!loading()) {
    save_entry_count(map.size());
    for (auto& [key, value] : map) {
      name.resize(prefix.size());
      if constexpr (std::same_as<Key, std::string>) {
        name += key;
      } else {
        name += std::to_string(key);
      }
      bind(name, value);
    }
    return;
  }
  const std::size_t n = load_entry_count(prefix);
  map.clear();
  for (std::size_t i = 0; i < n && problem_.empty(); ++i) {
    const std::string_view saved = next_saved_name();
    if (!saved.starts_with(prefix)) {
      fail(detail::concat(
          {"entries \"", prefix, "\": the saved field \"", saved, "\" is not one of them"}));
      return;
    }
    const std::string_view key_text = saved.substr(prefix.size());
    Key key{};
    if constexpr (std::same_as<Key, std::string>) {
      key = Key(key_text);
    } else {
      const auto [end, ec] =
          std::from_chars(key_text.data(), key_text.data() + key_text.size(), key);
      if (ec != std::errc() || end != key_text.data() + key_text.size()) {
        fail(
            detail::concat({"entries \"", prefix, "\": \"", key_text, "\" is not an integer key"}));
        return;
      }
    }
    name.assign(saved);
    bind(name, map[key]);
  }
}

}  // namespace framecheck
