#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <framecheck/determinism/detail/xxh3.hpp>
#include <framecheck/determinism/game_state.hpp>
#include <framecheck/determinism/state_archive.hpp>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace framecheck {
namespace {

GameState score(std::int64_t points) {
  GameState s;
  s.whole("score", points);
  s.flag("boss awake", false);
  return s;
}

TEST(GameState, NoFieldsLeaveTheWorldChecksumAsItIs) {
  EXPECT_EQ(GameState{}.combine(0x1234), 0x1234u);
}

TEST(GameState, ItsLayoutChangesWithANameAndWithNothingElse) {
  GameState s = score(40);
  const std::uint64_t first = s.layout();
  s.clear();
  s.whole("score", 38);
  s.flag("boss awake", true);
  EXPECT_EQ(s.layout(), first) << "new values, the same names";
  s.clear();
  s.whole("score", 38);
  EXPECT_EQ(s.layout(), first) << "fewer fields, their names the same";
  const GameState copy = s;
  EXPECT_EQ(copy.layout(), s.layout());
  s.clear();
  s.whole("points", 38);
  EXPECT_NE(s.layout(), first);
  EXPECT_EQ(copy.layout(), first) << "a copy keeps its own names";
  GameState assigned;
  assigned.assign({{"score", std::int64_t{40}}});
  EXPECT_NE(assigned.layout(), first);
  EXPECT_NE(assigned.layout(), s.layout());
}

TEST(GameState, ANameThatDiffersInAnyOneByteIsANewLayout) {
  // Names are compared word by word; every length to 40 and every byte of it is tried.
  for (std::size_t n = 1; n <= 40; ++n) {
    const std::string name(n, 'a');
    for (std::size_t at = 0; at < n; ++at) {
      GameState s;
      s.whole(name, 1);
      const std::uint64_t first = s.layout();
      s.clear();
      s.whole(name, 2);
      ASSERT_EQ(s.layout(), first) << n;
      std::string other = name;
      other[at] = 'b';
      s.clear();
      s.whole(other, 3);
      ASSERT_NE(s.layout(), first) << n << " " << at;
      ASSERT_EQ(s.fields()[0].name, other);
    }
  }
}

// The bytes docs/session-format.md gives: the world checksum, the field count, then per field its
// name (length first), its kind's index and its value; numbers as 8 little-endian bytes.
class Bytes {
 public:
  Bytes& u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i)
      s_.push_back(static_cast<char>(v >> (8 * i)));
    return *this;
  }
  Bytes& f64(double v) { return u64(std::bit_cast<std::uint64_t>(v)); }
  Bytes& str(std::string_view v) {
    u64(v.size());
    s_.append(v);
    return *this;
  }
  const std::string& bytes() const { return s_; }

 private:
  std::string s_;
};

TEST(GameState, ItsChecksumIsXxh3OfTheDocumentedBytesForEveryKind) {
  GameState s;
  s.number("speed", -2.5);
  s.whole("score", -40);
  s.flag("boss awake", true);
  s.text("level", "field-1");
  const std::array<double, 2> hull{1, 0.25};
  const std::array<std::int64_t, 3> ammo{3, 0, -1};
  const std::array<bool, 2> held{true, false};
  const std::array<std::string, 2> names{"ada", ""};
  s.numbers("hull", hull);
  s.wholes("ammo", ammo);
  s.flags("held", held);
  s.texts("crew of the long ship", names);
  Bytes b;
  b.u64(0x0123456789abcdef).u64(8);
  b.str("speed").u64(0).f64(-2.5);
  b.str("score").u64(1).u64(static_cast<std::uint64_t>(std::int64_t{-40}));
  b.str("boss awake").u64(2).u64(1);
  b.str("level").u64(3).str("field-1");
  b.str("hull").u64(4).u64(2).f64(1).f64(0.25);
  b.str("ammo").u64(5).u64(3).u64(3).u64(0).u64(static_cast<std::uint64_t>(std::int64_t{-1}));
  b.str("held").u64(6).u64(2).u64(1).u64(0);
  b.str("crew of the long ship").u64(7).u64(2).str("ada").str("");
  EXPECT_EQ(s.combine(0x0123456789abcdef), detail::xxh3_64(b.bytes()));
}

// What combine() must give for `s`: XXH3 of the documented bytes of its fields as they are.
std::uint64_t documented(const GameState& s, std::uint64_t world) {
  if (s.empty()) return world;
  Bytes b;
  b.u64(world).u64(s.fields().size());
  for (const GameStateField& f : s.fields()) {
    b.str(f.name).u64(f.value.index());
    std::visit(
        [&](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          const auto one = [&](const auto& e) {
            using E = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<E, double>) {
              b.f64(e);
            } else if constexpr (std::is_same_v<E, std::string>) {
              b.str(e);
            } else {
              b.u64(static_cast<std::uint64_t>(static_cast<std::int64_t>(e)));
            }
          };
          if constexpr (std::is_same_v<T, double> || std::is_same_v<T, std::int64_t> ||
                        std::is_same_v<T, bool> || std::is_same_v<T, std::string>) {
            one(v);
          } else {
            b.u64(v.size());
            for (const auto& e : v)
              one(static_cast<typename T::value_type>(e));
          }
        },
        f.value);
  }
  return detail::xxh3_64(b.bytes());
}

// A steady state's checksum rewrites its values alone in the bytes its layout last wrote; frame
// after frame, with kinds, lengths and field counts that change and two states taking turns,
// it is the documented bytes' every time.
TEST(GameState, FrameAfterFrameItsChecksumIsThatOfItsFieldsAsTheyAre) {
  std::mt19937_64 random(7);
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  const std::vector<std::string> names = {"score", "hull", "level", "held", "crew", "ammo"};
  GameState a, b;
  for (int frame = 0; frame < 3000; ++frame) {
    GameState& s = pick(4) == 0 ? b : a;
    s.clear();
    const int fields = pick(8) == 0 ? pick(6) : 6;  // now and then fewer
    for (int i = 0; i < fields; ++i) {
      // Mostly each name's usual kind; now and then another.
      const int kind = pick(10) == 0 ? pick(8) : i % 8;
      const std::size_t length = pick(6) == 0 ? static_cast<std::size_t>(pick(4)) : 2;
      const std::string& name = names[static_cast<std::size_t>(i)];
      switch (kind) {
        case 0:
          s.number(name, static_cast<double>(pick(1000)) / 8);
          break;
        case 1:
          s.whole(name, pick(1000) - 500);
          break;
        case 2:
          s.flag(name, pick(2) == 1);
          break;
        case 3:
          s.text(name, std::string(length, static_cast<char>('a' + pick(26))));
          break;
        case 4:
          s.numbers(name, std::vector<double>(length, pick(100) * 0.25));
          break;
        case 5:
          s.wholes(name, std::vector<std::int64_t>(length, pick(100)));
          break;
        case 6: {
          const std::array<bool, 3> held{pick(2) == 1, true, false};
          s.flags(name, std::span<const bool>(held).first(std::min<std::size_t>(length, 3)));
          break;
        }
        default:
          s.texts(name, std::vector<std::string>(length, std::string(length, 'x')));
      }
    }
    const std::uint64_t world = random();
    ASSERT_EQ(s.combine(world), documented(s, world)) << "frame " << frame;
  }
}

// A state's checksum rewrites only the fields that changed since its last hash (or since the
// fill before, hashed at its end). Mostly steady values, now and then a change of value, kind,
// length or field count; fills through the state's own calls and through an archive's members;
// hashes skipped, copies hashed and filled on, fields added after a hash: the documented bytes'
// every time.
TEST(GameState, ItsChecksumFollowsTheFieldsThatChangedAndNoOthers) {
  std::mt19937_64 random(11);
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  const std::vector<std::string> names = {"score", "hull", "level", "held",
                                          "crew",  "ammo", "keys",  "tags"};
  // Each field's kind (an index of GameStateValue), value and length, changed now and then.
  std::array<int, 8> kinds{0, 1, 2, 3, 4, 5, 6, 7};
  std::array<int, 8> values{};
  std::array<std::size_t, 8> lengths{2, 2, 2, 2, 2, 2, 2, 2};
  // The first `fields` fields, through the state's calls or an archive's (which clears first).
  const auto fill = [&](GameState& s, std::size_t fields, bool through_archive) {
    StateArchive archive = StateArchive::saving(s);
    for (std::size_t i = 0; i < fields; ++i) {
      const std::string& name = names[i];
      const std::size_t n = lengths[i];
      double number = values[i] / 4.0;
      std::int64_t whole = values[i];
      bool flag = values[i] % 2 == 1;
      std::string text(n, static_cast<char>('a' + values[i] % 26));
      std::vector<double> numbers(n, values[i] * 0.5);
      std::vector<std::int64_t> wholes(n, values[i]);
      std::vector<bool> flags(n, values[i] % 3 == 0);
      std::vector<std::string> texts(n, std::to_string(values[i]));
      if (through_archive) {
        switch (kinds[i]) {
          case 0:
            archive.number(name, number);
            break;
          case 1:
            archive.whole(name, whole);
            break;
          case 2:
            archive.flag(name, flag);
            break;
          case 3:
            archive.text(name, text);
            break;
          case 4:
            archive.numbers(name, numbers);
            break;
          case 5:
            archive.wholes(name, wholes);
            break;
          case 6:
            archive.flags(name, flags);
            break;
          default:
            archive.texts(name, texts);
        }
        continue;
      }
      const std::array<bool, 3> held{flags.empty() ? false : flags[0], true, false};
      switch (kinds[i]) {
        case 0:
          s.number(name, number);
          break;
        case 1:
          s.whole(name, whole);
          break;
        case 2:
          s.flag(name, flag);
          break;
        case 3:
          s.text(name, text);
          break;
        case 4:
          s.numbers(name, numbers);
          break;
        case 5:
          s.wholes(name, wholes);
          break;
        case 6:
          s.flags(name, std::span<const bool>(held).first(std::min<std::size_t>(n, 3)));
          break;
        default:
          s.texts(name, texts);
      }
    }
  };
  GameState a;
  GameState b;
  for (int frame = 0; frame < 8000; ++frame) {
    // Mostly nothing changes; now and then a value, rarely a kind or a length.
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (pick(8) == 0) values[i] = pick(50);
      if (pick(300) == 0) kinds[i] = pick(8);
      if (pick(150) == 0) lengths[i] = static_cast<std::size_t>(pick(4));
    }
    GameState& s = pick(10) == 0 ? b : a;
    fill(s, pick(20) == 0 ? static_cast<std::size_t>(pick(8)) : 8, pick(2) == 0);
    const std::uint64_t world = random();
    if (pick(5) != 0) {
      ASSERT_EQ(s.combine(world), documented(s, world)) << "frame " << frame;
    }
    if (pick(30) == 0) {
      // A field more after the hash, then hashed again.
      s.whole("late", pick(3));
      ASSERT_EQ(s.combine(world), documented(s, world)) << "frame " << frame << ", late";
    }
    if (pick(40) == 0) {
      // A copy is a state of its own: hashed, filled anew and hashed, its original too.
      GameState copy = s;
      ASSERT_EQ(copy.combine(world), documented(copy, world)) << "frame " << frame << ", copy";
      values[0] += 1;
      fill(copy, 8, false);
      ASSERT_EQ(copy.combine(world), documented(copy, world)) << "frame " << frame << ", copy";
      ASSERT_EQ(s.combine(world), documented(s, world)) << "frame " << frame << ", original";
    }
  }
}

TEST(GameState, SaysWhichFieldsChangedSinceAMarkOfItsOwnLastFill) {
  using Changed = std::vector<std::uint32_t>;
  const auto changed = [](const GameState& s, const GameState::Mark& m) {
    const auto since = s.changed_since(m);
    return since ? std::optional<Changed>(Changed(since->begin(), since->end())) : std::nullopt;
  };
  GameState s;
  const auto fill = [&](std::int64_t score, bool awake, std::string_view level) {
    s.clear();
    s.whole("score", score);
    s.flag("boss awake", awake);
    s.text("level", level);
  };
  fill(1, false, "one");
  const GameState::Mark first = s.mark();
  fill(1, true, "one");
  EXPECT_EQ(changed(s, first), Changed{1});
  const GameState::Mark second = s.mark();
  s.whole("late", 4);  // a field more, in the same fill
  EXPECT_EQ(changed(s, second), Changed{3});
  fill(2, true, "two");
  EXPECT_EQ(changed(s, first), std::nullopt);   // two fills back
  EXPECT_EQ(changed(s, second), std::nullopt);  // its fill changed after the mark
  const GameState::Mark third = s.mark();
  fill(2, true, "two");
  EXPECT_EQ(changed(s, third), Changed{});
  // A copy is a state of its own, and so is one assigned.
  GameState copy = s;
  EXPECT_EQ(copy.changed_since(s.mark()), std::nullopt);
  const GameState::Mark before_assign = s.mark();
  s.assign({{"score", std::int64_t{2}}});
  EXPECT_EQ(changed(s, before_assign), std::nullopt);
  EXPECT_EQ(changed(s, GameState::Mark{}), std::nullopt);
}

TEST(GameState, SameValueComparesNumbersByTheirBitsAndKindsFirst) {
  EXPECT_TRUE(same_value(1.5, 1.5));
  EXPECT_FALSE(same_value(0.0, -0.0));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(same_value(nan, nan));
  EXPECT_FALSE(same_value(std::int64_t{1}, 1.0));
  EXPECT_FALSE(same_value(std::vector<double>{0.0}, std::vector<double>{-0.0}));
  EXPECT_TRUE(same_value(std::string("a"), std::string("a")));
}

TEST(GameState, EveryValueAndNameIsInTheChecksum) {
  const std::uint64_t world = 42;
  EXPECT_EQ(score(40).combine(world), score(40).combine(world));
  EXPECT_NE(score(40).combine(world), score(38).combine(world));
  EXPECT_NE(score(40).combine(world), score(40).combine(world + 1));
  GameState renamed;
  renamed.whole("points", 40);
  renamed.flag("boss awake", false);
  EXPECT_NE(score(40).combine(world), renamed.combine(world));
  // The same number as another kind is another state.
  GameState as_number;
  as_number.number("score", 40);
  as_number.flag("boss awake", false);
  EXPECT_NE(score(40).combine(world), as_number.combine(world));
}

TEST(GameState, NumbersCompareByTheirBitsAndNaNIsOneValue) {
  GameState zero, negative_zero, nan_a, nan_b;
  zero.number("x", 0.0);
  negative_zero.number("x", -0.0);
  EXPECT_NE(zero.combine(1), negative_zero.combine(1));
  EXPECT_EQ(first_difference(zero, negative_zero), "game x: recorded 0, replayed -0");
  nan_a.number("x", std::numeric_limits<double>::quiet_NaN());
  nan_b.number("x", -std::numeric_limits<double>::signaling_NaN());
  EXPECT_EQ(nan_a.combine(1), nan_b.combine(1));
  EXPECT_EQ(first_difference(nan_a, nan_b), std::nullopt);
}

TEST(GameState, TheFirstDifferenceNamesTheFieldWithBothValues) {
  EXPECT_EQ(first_difference(score(40), score(40)), std::nullopt);
  EXPECT_EQ(first_difference(score(40), score(38)), "game score: recorded 40, replayed 38");
  GameState a, b;
  const std::array<double, 3> hull_a{1, 0.5, 0.25}, hull_b{1, 0.5, 0.125};
  a.numbers("hull", hull_a);
  b.numbers("hull", hull_b);
  EXPECT_EQ(first_difference(a, b), "game hull[2]: recorded 0.25, replayed 0.125");
  GameState c;
  c.numbers("hull", std::span<const double>(hull_a).first(2));
  EXPECT_EQ(first_difference(a, c), "game hull length: recorded 3, replayed 2");
  GameState t, u;
  t.text("level", "field-1");
  u.text("level", "field-2");
  EXPECT_EQ(first_difference(t, u), "game level: recorded \"field-1\", replayed \"field-2\"");
  GameState more = score(40);
  more.whole("lives", 3);
  EXPECT_EQ(first_difference(score(40), more), "game lives: recorded nothing, replayed 3");
}

TEST(GameState, ASteadyStateReusesItsStorage) {
  GameState s;
  const std::vector<std::string> names{"red", "blue"};
  for (int frame = 0; frame < 3; ++frame) {
    s.clear();
    s.whole("score", frame);
    s.texts("teams", names);
  }
  ASSERT_EQ(s.fields().size(), 2u);
  EXPECT_EQ(describe(s.fields()[1].value), "[\"red\", \"blue\"]");
  const auto* teams = &std::get<std::vector<std::string>>(s.fields()[1].value);
  s.clear();
  s.whole("score", 9);
  s.texts("teams", names);
  EXPECT_EQ(teams, &std::get<std::vector<std::string>>(s.fields()[1].value));
}

}  // namespace
}  // namespace framecheck
