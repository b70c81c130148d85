#include <malloc.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <framecheck/checks/heap_perturbation.hpp>
#include <functional>

namespace framecheck {

void perturb_heap(std::uint64_t round, HeapOrder order) {
  const int pattern = static_cast<int>(0xa5 ^ (round & 0xff));
  // More blocks of each size than the per-thread cache keeps (7), so the blocks the next
  // allocations get are all this pattern's, however many the engine takes first.
  std::array<void*, 8> blocks{};
  for (std::size_t size = 8; size <= 1032; size += 16) {
    for (void*& block : blocks) {
      block = std::malloc(size);
      if (block != nullptr) std::memset(block, pattern, malloc_usable_size(block));
    }
    // Given back lowest address first, the cache hands them out highest first.
    if (order == HeapOrder::kFalling) {
      std::sort(blocks.begin(), blocks.end(), std::less<>());
    } else {
      std::sort(blocks.begin(), blocks.end(), std::greater<>());
    }
    for (void* block : blocks)
      std::free(block);
  }
}

}  // namespace framecheck
