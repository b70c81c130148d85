#include <gtest/gtest.h>

#include <cstring>
#include <framecheck/sim/game_factory.hpp>
#include <stdexcept>

namespace framecheck {
namespace {

// The hooks every game must have, doing nothing: these tests look at the games' storage.
class Quiet : public Game {
 public:
  void init(InitApi&) override {}
  void build_world(World&) override {}
  void tick(World&, SimTime) override {}
};

// A game with one member it never initialises and one it does, and no constructor of its own.
class Forgetful final : public Quiet {
 public:
  std::uint64_t forgotten;
  std::uint64_t kept = 7;
};

// Over-aligned, so make_game takes the aligned operator new (and the delete expression the
// aligned delete).
class alignas(64) Aligned final : public Quiet {
 public:
  unsigned char bytes[100];
};

// Its constructor throws: make_game gives its storage back (LeakSanitizer would say otherwise).
class Refuses final : public Quiet {
 public:
  Refuses() { throw std::runtime_error("refused"); }
};

std::uint64_t repeated(std::uint8_t byte) {
  std::uint64_t v = 0;
  std::memset(&v, byte, sizeof v);
  return v;
}

TEST(MakeGame, AMemberLeftUninitialisedHoldsTheFillAndAnInitialisedOneItsValue) {
  for (const std::uint8_t byte : {std::uint8_t{0x3c}, std::uint8_t{0xa5}}) {
    const ScopedGameFill fill(byte);
    const std::unique_ptr<Game> game = make_game<Forgetful>();
    const auto& f = static_cast<const Forgetful&>(*game);
    EXPECT_EQ(f.forgotten, repeated(byte));
    EXPECT_EQ(f.kept, 7u);
  }
}

TEST(MakeGame, MakeUniqueWouldHaveZeroedTheMemberTheFillShows) {
  // Why make_game exists: value-initialisation zeroes it whatever the storage held.
  const ScopedGameFill fill(0xa5);
  const auto game = std::make_unique<Forgetful>();
  EXPECT_EQ(game->forgotten, 0u);
}

TEST(MakeGame, AFillHoldsForItsScopeAndTheOneBeforeComesBack) {
  EXPECT_FALSE(game_fill()) << "outside a check nothing is filled";
  {
    const ScopedGameFill outer(0x3c);
    {
      const ScopedGameFill inner(0x5a);
      EXPECT_EQ(game_fill(), std::uint8_t{0x5a});
    }
    EXPECT_EQ(game_fill(), std::uint8_t{0x3c});
  }
  EXPECT_FALSE(game_fill());
}

TEST(MakeGame, AnOverAlignedGameIsAlignedFilledAndFreed) {
  const ScopedGameFill fill(0x5a);
  const std::unique_ptr<Game> game = make_game<Aligned>();
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(game.get()) % 64, 0u);
  EXPECT_EQ(static_cast<const Aligned&>(*game).bytes[99], 0x5a);
}

TEST(MakeGame, AConstructorThatThrowsLeavesNothingAllocated) {
  EXPECT_THROW(make_game<Refuses>(), std::runtime_error);
}

}  // namespace
}  // namespace framecheck
