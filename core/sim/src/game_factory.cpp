#include <cstring>
#include <framecheck/sim/game_factory.hpp>
#include <new>

namespace framecheck {
namespace {

// Per thread, so a check on one thread never fills a game another thread makes.
thread_local std::optional<std::uint8_t> t_fill;

}  // namespace

std::optional<std::uint8_t> game_fill() {
  return t_fill;
}

ScopedGameFill::ScopedGameFill(std::optional<std::uint8_t> byte) : before_(t_fill) {
  t_fill = byte;
}

ScopedGameFill::~ScopedGameFill() {
  t_fill = before_;
}

void* allocate_game_storage(std::size_t size, std::size_t align) {
  void* storage = align > __STDCPP_DEFAULT_NEW_ALIGNMENT__
                      ? ::operator new(size, std::align_val_t(align))
                      : ::operator new(size);
  if (t_fill) {
    std::memset(storage, *t_fill, size);
    // As if read here: the fill is live, whatever the constructor's start tells the optimiser.
    asm volatile("" : : "r"(storage) : "memory");
  }
  return storage;
}

void free_game_storage(void* storage, std::size_t align) noexcept {
  if (align > __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
    ::operator delete(storage, std::align_val_t(align));
  } else {
    ::operator delete(storage);
  }
}

}  // namespace framecheck
