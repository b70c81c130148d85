#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <framecheck/checks/heap_perturbation.hpp>

namespace framecheck {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kGlibcAllocator = false;  // ASan's allocator keeps an order of its own
#else
constexpr bool kGlibcAllocator = true;
#endif

// Two blocks of one size, taken straight after the perturbation: their address order.
bool next_two_rise(HeapOrder order) {
  perturb_heap(1, order);
  void* a = std::malloc(40);
  void* b = std::malloc(40);
  const bool rising = reinterpret_cast<std::uintptr_t>(a) < reinterpret_cast<std::uintptr_t>(b);
  std::free(b);
  std::free(a);
  return rising;
}

TEST(HeapPerturbation, LeavesTheNextBlocksInTheOrderAskedFor) {
  if (!kGlibcAllocator) GTEST_SKIP() << "the order is glibc's allocator's";
  EXPECT_FALSE(next_two_rise(HeapOrder::kFalling));
  EXPECT_TRUE(next_two_rise(HeapOrder::kRising));
  EXPECT_FALSE(next_two_rise(HeapOrder::kFalling));
}

TEST(HeapPerturbation, TheNextBlocksHoldItsPatternWhereNotWritten) {
  if (!kGlibcAllocator) GTEST_SKIP() << "the reuse is glibc's allocator's";
  perturb_heap(0, HeapOrder::kFalling);
  void* block = std::malloc(200);
  // Read as the memory it is: the optimiser may assume nothing of a fresh block's bytes.
  const volatile unsigned char* p = static_cast<const volatile unsigned char*>(block);
  // The allocator's own bookkeeping takes the first 16 bytes; the rest is the pattern.
  int patterned = 0;
  for (int i = 16; i < 200; ++i)
    patterned += p[i] == 0xa5;
  std::free(block);
  EXPECT_EQ(patterned, 184);
}

}  // namespace
}  // namespace framecheck
