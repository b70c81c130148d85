// SortedSamples: the window's samples in ascending order, for its percentiles, in fixed storage.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace framecheck {

// Blocks of at most 128 sorted samples, themselves in order. Inserting or erasing touches one
// block (a binary search over the blocks, then one inside the block, then a move of at most 127
// doubles); a full block splits in two, and a block under 32 merges into a neighbour when the
// two fit in 96. No two neighbouring blocks are both under 32, so 2048 samples never need more
// than 129 blocks.
class SortedSamples {
 public:
  static constexpr std::size_t kMaxSamples = 2048;

  void insert(double x);
  void erase(double x);  // x is present
  // The k-th smallest (0-based, k < size()).
  double nth(std::size_t k) const;
  double max() const;
  std::size_t size() const { return size_; }
  void clear();

 private:
  static constexpr int kBlock = 128;
  static constexpr int kMinFill = 32;
  static constexpr int kMergeLimit = 96;
  static constexpr int kMaxBlocks = 2 * static_cast<int>(kMaxSamples) / kMinFill + 4;
  static_assert(kMaxBlocks <= 256, "block ids are bytes");

  struct Block {
    int n = 0;
    double v[kBlock];
  };

  // Position in order_ of the first block whose largest sample is >= x, or the last block.
  int find_block(double x) const;
  int new_block();
  void drop_block(int pos);  // removes order_[pos] and frees it
  void refresh_max(int pos) {
    const Block& b = blocks_[order_[pos]];
    maxes_[pos] = b.v[b.n - 1];
  }

  std::array<Block, kMaxBlocks> blocks_;
  std::array<std::uint8_t, kMaxBlocks> order_{};  // block ids, ascending
  std::array<double, kMaxBlocks> maxes_{};        // maxes_[pos]: the largest sample of order_[pos]
  std::array<std::uint8_t, kMaxBlocks> free_{};   // unused block ids
  int count_ = 0;                                 // blocks in use
  int free_count_ = 0;
  std::size_t size_ = 0;
  bool initialised_ = false;
};

}  // namespace framecheck
