// Image's allocator, an implementation detail of its pixel vector: not part of the API.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>

namespace framecheck::detail {

// Pixel memory: new bytes are left uninitialised, since whoever fills an image writes every
// byte. (Huge pages were tried and dropped: right after another process frees memory, the
// kernel compacts to find them, and a 4K diff measured 0.16 s instead of 0.12.)
void* allocate_pixels(std::size_t bytes);
void free_pixels(void* p, std::size_t bytes) noexcept;

template <class T>
struct DefaultInitAllocator : std::allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(allocate_pixels(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { free_pixels(p, n * sizeof(T)); }
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

}  // namespace framecheck::detail
