#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <framecheck/explore/explorer.hpp>
#include <framecheck/explore/generated_input.hpp>
#include <set>
#include <variant>

namespace framecheck {
namespace {

// Seed 1, run 0, 600 frames over the default alphabet, as every build must draw it.
constexpr std::size_t kSeedOneEvents = 268;
constexpr std::uint64_t kSeedOneHash = 13655767235398376183ull;

const InputAlphabet kKeysOnly{.keys = {"KeyA", "KeyB"}, .pointer = false, .gamepad = false};

std::vector<TimedInput> drawn(const InputAlphabet& alphabet, std::uint64_t seed,
                              std::uint64_t frames = 600) {
  return flatten(explored_input(alphabet, {320, 180}, frames, seed, 0));
}

bool same(const std::vector<TimedInput>& a, const std::vector<TimedInput>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const TimedInput& x, const TimedInput& y) {
                      return x.frame == y.frame && x.event == y.event;
                    });
}

TEST(GeneratedInput, TheSameSeedGivesTheSameInput) {
  EXPECT_TRUE(same(drawn(default_input_alphabet(), 7), drawn(default_input_alphabet(), 7)));
  EXPECT_FALSE(same(drawn(default_input_alphabet(), 7), drawn(default_input_alphabet(), 8)));
}

TEST(GeneratedInput, DrawsOnlyFromTheAlphabetWithinTheFrames) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    for (const TimedInput& e : drawn(kKeysOnly, seed)) {
      EXPECT_GE(e.frame, 1u);
      EXPECT_LE(e.frame, 600u);
      const std::string* code = nullptr;
      if (const auto* press = std::get_if<KeyPress>(&e.event)) code = &press->code;
      if (const auto* release = std::get_if<KeyRelease>(&e.event)) code = &release->code;
      ASSERT_NE(code, nullptr) << "seed " << seed << ": not a key at frame " << e.frame;
      EXPECT_TRUE(*code == "KeyA" || *code == "KeyB") << *code;
    }
  }
}

TEST(GeneratedInput, PlaysLikeAPersonOverEveryKindOfInput) {
  std::set<std::string> seen;
  std::size_t repeats = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    for (const TimedInput& e : drawn(default_input_alphabet(), seed)) {
      if (const auto* press = std::get_if<KeyPress>(&e.event)) {
        seen.insert("key");
        repeats += press->repeat ? 1 : 0;
      }
      if (const auto* p = std::get_if<Pointer>(&e.event)) {
        seen.insert(p->event.kind == PointerKind::kWheel ? "wheel" : "pointer");
        EXPECT_GE(p->event.position.x, 0);
        EXPECT_LE(p->event.position.x, 320);
        EXPECT_GE(p->event.position.y, 0);
        EXPECT_LE(p->event.position.y, 180);
      }
      if (const auto* g = std::get_if<Gamepad>(&e.event)) {
        seen.insert(g->event.kind == GamepadKind::kAxis     ? "stick"
                    : g->event.kind == GamepadKind::kButton ? "button"
                                                            : "connection");
      }
    }
  }
  EXPECT_EQ(seen,
            (std::set<std::string>{"key", "wheel", "pointer", "stick", "button", "connection"}));
  EXPECT_GT(repeats, 0u);  // keys held long enough to repeat
}

// A hash of every event's frame and contents, the numbers by their bits.
std::uint64_t hash_of(const std::vector<TimedInput>& events) {
  std::uint64_t h = 1469598103934665603ull;
  const auto mix = [&h](std::uint64_t v) {
    for (int i = 0; i < 8; ++i)
      h = (h ^ ((v >> (8 * i)) & 0xff)) * 1099511628211ull;
  };
  const auto bits = [](double d) {
    std::uint64_t b;
    std::memcpy(&b, &d, sizeof b);
    return b;
  };
  for (const TimedInput& e : events) {
    mix(e.frame);
    mix(e.event.index());
    if (const auto* k = std::get_if<KeyPress>(&e.event)) mix(k->code.size() * 2 + k->repeat);
    if (const auto* k = std::get_if<KeyRelease>(&e.event)) mix(k->code.size());
    if (const auto* p = std::get_if<Pointer>(&e.event)) {
      mix(static_cast<std::uint64_t>(p->event.kind));
      mix(bits(p->event.position.x)), mix(bits(p->event.position.y));
      mix(static_cast<std::uint64_t>(p->event.button)), mix(bits(p->event.wheel.y));
    }
    if (const auto* g = std::get_if<Gamepad>(&e.event)) {
      mix(static_cast<std::uint64_t>(g->event.kind));
      mix(static_cast<std::uint64_t>(g->event.index)), mix(bits(g->event.value));
    }
  }
  return h;
}

// The same bits from every compiler and flag CI builds with (g++ and clang, -O0 to -O3
// -march=native): a draw made inside a call's arguments would differ between compilers, which
// choose the order arguments are evaluated in.
TEST(GeneratedInput, IsTheSameInputOnEveryBuild) {
  const std::vector<TimedInput> events = drawn(default_input_alphabet(), 1);
  EXPECT_EQ(events.size(), kSeedOneEvents);
  EXPECT_EQ(hash_of(events), kSeedOneHash);
}

TEST(GeneratedInput, ListAndScriptAreTheSameInput) {
  const InputScript script = explored_input(default_input_alphabet(), {320, 180}, 300, 3, 1);
  EXPECT_TRUE(same(flatten(to_script(flatten(script))), flatten(script)));
}

}  // namespace
}  // namespace framecheck
