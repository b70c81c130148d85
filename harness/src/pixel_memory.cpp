// Pixel memory, apart from image.cpp's Cairo conversion so that comparing images needs no Cairo.
#include <cstdlib>
#include <framecheck/image.hpp>
#include <new>

namespace framecheck {

void* allocate_pixels(std::size_t bytes) {
  if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
  throw std::bad_alloc();
}

void free_pixels(void* p, std::size_t) noexcept {
  std::free(p);
}

}  // namespace framecheck
