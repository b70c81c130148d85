// GameFactory and make_game: how framecheck makes a game, so that the determinism checks can
// build it into storage filled with a pattern of their choosing. A member the game never
// initialises then holds another value in each check run, and differs at the first frame it
// matters, where std::make_unique<T>() would have zeroed it every time.
//   cli::CatalogEntry{"mygame", "1.0.0", "the shipping game", make_game<MyGame>}
//   expect_deterministic(make_game<MyGame>, 600);
#pragma once

#include <cstddef>
#include <cstdint>
#include <framecheck/sim/game.hpp>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>

namespace framecheck {

// A new instance of the game: a catalog entry's `make`, a case's determinism check's.
using GameFactory = std::function<std::unique_ptr<Game>()>;

// The byte a game that make_game builds is filled with before its constructor runs, on this
// thread; nullopt (outside a check) leaves the storage as the allocator gave it.
std::optional<std::uint8_t> game_fill();

// Sets game_fill() for its lifetime, and restores the one before. The determinism checks hold
// one for each run, with a byte of their own.
class ScopedGameFill {
 public:
  explicit ScopedGameFill(std::optional<std::uint8_t> byte);
  ~ScopedGameFill();
  ScopedGameFill(const ScopedGameFill&) = delete;
  ScopedGameFill& operator=(const ScopedGameFill&) = delete;

 private:
  std::optional<std::uint8_t> before_;
};

// Storage for a game of `size` bytes aligned to `align`, filled with game_fill() if set. Out of
// line, and the fill made visible to the compiler as read, so that no optimiser drops it as a
// store the constructor makes dead (GCC's -flifetime-dse).
void* allocate_game_storage(std::size_t size, std::size_t align);
// Gives back what allocate_game_storage gave, when the constructor threw.
void free_game_storage(void* storage, std::size_t align) noexcept;

// A T, default-initialised (as `new T` is, not value-initialised as `make_unique<T>()`) in
// storage that holds game_fill() wherever its constructor writes nothing. Deleting it through
// the Game pointer frees what this allocated: the global operator new of sizeof(T), aligned as
// T asks.
template <class T>
std::unique_ptr<Game> make_game() {
  static_assert(std::is_base_of_v<Game, T>, "make_game makes a framecheck::Game");
  static_assert(std::has_virtual_destructor_v<Game>);
  void* storage = allocate_game_storage(sizeof(T), alignof(T));
  try {
    return std::unique_ptr<Game>(::new (storage) T);
  } catch (...) {
    free_game_storage(storage, alignof(T));
    throw;
  }
}

}  // namespace framecheck
