// perturb_heap: what check-determinism does to the allocator between a second run's frames, so
// that a game whose results depend on addresses or on memory it never initialised shows it.
#pragma once

#include <cstdint>

namespace framecheck {

// The address order the next blocks of each size come in.
enum class HeapOrder { kFalling, kRising };

// For every small size class (8 to 1032 bytes), takes eight blocks, fills them with a pattern
// that varies with `round`, and gives them back sorted so that glibc's per-thread cache, which
// hands out the last freed first, gives the next blocks of each size in `order` of address;
// they hold the pattern wherever they are not written. check-determinism runs one second run
// falling and the other rising, so a game that orders by address differs from its first run in
// one of them, at the first frame it allocates.
void perturb_heap(std::uint64_t round, HeapOrder order = HeapOrder::kFalling);

}  // namespace framecheck
