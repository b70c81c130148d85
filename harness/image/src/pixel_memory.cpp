// Pixel memory for Image's allocator.
#include <cstdlib>
#include <framecheck/image/detail/pixel_allocator.hpp>
#include <new>

namespace framecheck::detail {

void* allocate_pixels(std::size_t bytes) {
  if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
  throw std::bad_alloc();
}

void free_pixels(void* p, std::size_t) noexcept {
  std::free(p);
}

}  // namespace framecheck::detail
