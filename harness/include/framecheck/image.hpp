// Image: straight-alpha RGBA pixels, the form PNG files and the pixel diff work in.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace framecheck {

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

// Width x height pixels, 4 bytes each (R, G, B, A, not premultiplied), rows top to bottom.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t, DefaultInitAllocator<std::uint8_t>> rgba;  // filled by its producer

  Image() = default;
  Image(int w, int h) : width(w), height(h), rgba(static_cast<std::size_t>(w) * h * 4) {}
  std::size_t pixels() const { return static_cast<std::size_t>(width) * height; }
  friend bool operator==(const Image& a, const Image& b) {
    return a.width == b.width && a.height == b.height && a.rgba == b.rgba;
  }
};

// The pixels of a Cairo ARGB32 or RGB24 image surface, un-premultiplied exactly as Cairo's own
// PNG writer does, so an image taken here equals the same surface written and read back.
Image image_from_surface(cairo_surface_t* surface);

}  // namespace framecheck
