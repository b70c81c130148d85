#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <framecheck/determinism/state_archive.hpp>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace framecheck {
namespace {

enum class Phase : std::uint8_t { kWarmup, kPlaying, kEnded };

// A game's members of every kind the archive binds, declared once.
struct Members {
  int score = 0;
  std::uint64_t frames = 0;
  Phase phase = Phase::kWarmup;
  std::chrono::nanoseconds cooldown{0};
  bool boss_awake = false;
  double charge = 0;
  float angle = 0;
  std::string next_level;
  std::vector<double> hull;
  std::array<bool, 4> held{};
  std::vector<int> combo;
  std::vector<std::string> log;
  std::map<std::string, int> kills;
  std::map<int, std::array<double, 2>> sticks;

  void declare(StateArchive& state) {
    state.whole("score", score);
    state.whole("frames", frames);
    state.whole("phase", phase);
    state.whole("cooldown", cooldown);
    state.flag("boss awake", boss_awake);
    state.number("charge", charge);
    state.number("angle", angle);
    state.text("next level", next_level);
    state.numbers("hull", hull);
    state.flags("held", held);
    state.wholes("combo", combo);
    state.texts("log", log);
    state.entries("kills ", kills);
    state.entries("stick ", sticks);
  }
};

Members played() {
  Members m;
  m.score = 40;
  m.frames = std::numeric_limits<std::uint64_t>::max() - 3;
  m.phase = Phase::kEnded;
  m.cooldown = std::chrono::milliseconds(250);
  m.boss_awake = true;
  m.charge = -0.0;
  m.angle = 1.25f;
  m.next_level = "arena-2";
  m.hull = {1, 0.5, std::numeric_limits<double>::quiet_NaN()};
  m.held = {true, false, false, true};
  m.combo = {3, -1};
  m.log = {"hit", "miss"};
  m.kills = {{"blue", 2}, {"red", 5}};
  m.sticks = {{0, {0.25, -1}}, {3, {1, 0}}};
  return m;
}

GameState saved(Members& m) {
  GameState state;
  StateArchive archive = StateArchive::saving(state);
  m.declare(archive);
  return state;
}

TEST(StateArchive, SavingNamesEveryMemberInOrderWithItsValue) {
  Members m = played();
  const GameState state = saved(m);
  std::vector<std::string> names;
  for (const GameStateField& f : state.fields())
    names.push_back(f.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"score", "frames", "phase", "cooldown", "boss awake",
                                      "charge", "angle", "next level", "hull", "held", "combo",
                                      "log", "kills blue", "kills red", "stick 0", "stick 3"}));
  const auto f = state.fields();
  EXPECT_EQ(std::get<std::int64_t>(f[0].value), 40);
  EXPECT_EQ(std::get<std::int64_t>(f[2].value), 2);            // the enum's value
  EXPECT_EQ(std::get<std::int64_t>(f[3].value), 250'000'000);  // a duration's count
  EXPECT_EQ(std::get<double>(f[6].value), 1.25);
  EXPECT_EQ(std::get<std::vector<bool>>(f[9].value), (std::vector<bool>{true, false, false, true}));
  EXPECT_EQ(std::get<std::vector<std::int64_t>>(f[10].value), (std::vector<std::int64_t>{3, -1}));
  EXPECT_EQ(std::get<std::int64_t>(f[13].value), 5);
  EXPECT_EQ(std::get<std::vector<double>>(f[15].value), (std::vector<double>{1, 0}));
  EXPECT_EQ((std::vector<std::uint32_t>(state.entry_counts().begin(), state.entry_counts().end())),
            (std::vector<std::uint32_t>{2, 2}));
}

TEST(StateArchive, LoadingPutsBackExactlyWhatWasSaved) {
  Members m = played();
  const GameState state = saved(m);
  Members other;  // every member different, maps with other keys, vectors of other lengths
  other.hull = {9};
  other.combo = {1, 2, 3, 4};
  other.kills = {{"green", 1}};
  other.sticks = {{1, {5, 5}}};
  StateArchive load = StateArchive::loading(state);
  other.declare(load);
  load.finish();
  EXPECT_EQ(load.problem(), "");
  EXPECT_EQ(other.score, 40);
  EXPECT_EQ(other.frames, m.frames);
  EXPECT_EQ(other.phase, Phase::kEnded);
  EXPECT_EQ(other.cooldown, std::chrono::milliseconds(250));
  EXPECT_TRUE(other.boss_awake);
  EXPECT_TRUE(std::signbit(other.charge));
  EXPECT_EQ(other.angle, 1.25f);
  EXPECT_EQ(other.next_level, "arena-2");
  ASSERT_EQ(other.hull.size(), 3u);
  EXPECT_TRUE(std::isnan(other.hull[2]));
  EXPECT_EQ(other.held, m.held);
  EXPECT_EQ(other.combo, m.combo);
  EXPECT_EQ(other.log, m.log);
  EXPECT_EQ(other.kills, m.kills);
  EXPECT_EQ(other.sticks, m.sticks);
  // And saving it again gives the same state, to the bit.
  EXPECT_EQ(saved(other), state);
  EXPECT_EQ(saved(other).combine(7), state.combine(7));
}

TEST(StateArchive, ADeclarationThatDoesNotMatchTheSavedStateSaysWhere) {
  Members m = played();
  const GameState state = saved(m);
  {
    int lives = 3;
    StateArchive load = StateArchive::loading(state);
    load.whole("lives", lives);
    EXPECT_EQ(load.problem(),
              "field 1: the declaration says \"lives\" (whole), the saved state \"score\" (whole)");
    EXPECT_EQ(lives, 3);  // nothing written past a disagreement
  }
  {
    int score = 0;
    StateArchive load = StateArchive::loading(state);
    load.whole("score", score);
    load.finish();
    EXPECT_EQ(load.problem(),
              "the saved state has 16 fields; the declaration reached 1, not \"frames\"");
  }
  {
    GameState four;
    std::array<bool, 4> held = {true, true, false, true};
    StateArchive save = StateArchive::saving(four);
    save.flags("held", held);
    std::array<bool, 3> fewer{};
    StateArchive load = StateArchive::loading(four);
    load.flags("held", fewer);
    EXPECT_EQ(load.problem(), "\"held\": the saved state holds 4 values, the member 3");
  }
  {
    // A state from a session keeps no entry counts: a map cannot be rebuilt from it.
    GameState from_session;
    from_session.assign({{"kills red", std::int64_t{2}}});
    std::map<std::string, int> kills;
    StateArchive load = StateArchive::loading(from_session);
    load.entries("kills ", kills);
    EXPECT_EQ(load.problem(), "entries \"kills \": the saved state keeps no count for them");
  }
}

}  // namespace
}  // namespace framecheck
