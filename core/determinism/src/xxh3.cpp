// xxHash compiled into this file alone: nothing to link, and nothing for the package to depend on.
// XXH3's vector loops for long inputs give the same bits as its scalar code; the SSE2 loop is
// what any x86-64 runs, and on a CPU with AVX2 the AVX2 loop, compiled here for that target, as
// xxHash's own dispatcher does: a replay hashes the world every frame.
#include <framecheck/determinism/detail/xxh3.hpp>

#include "xxh3_kernels.hpp"

// GCC 12 at -O3 -march=native finds an "uninitialized" value in xxHash's AVX-512 loop, inside the
// compiler's own intrinsics (an _mm512_undefined_epi32 on purpose): a false alarm there, not to
// be turned into an error here.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#ifdef FRAMECHECK_SIMD_X86
// As xxHash's own x86 dispatcher (xxh_x86dispatch.c) builds it: the SSE2 and AVX2 loops both
// compiled, each for its target, with accumulators aligned for either.
#include <immintrin.h>
#define XXH_X86DISPATCH
#define XXH_DISPATCH_AVX2 1
#define XXH_TARGET_SSE2 __attribute__((__target__("sse2")))
#define XXH_TARGET_AVX2 __attribute__((__target__("avx2")))
#endif
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace framecheck::detail {
namespace {

// XXH3's long-input hash through the scalar loop: the reference the vector loops are held to.
XXH64_hash_t hash_long_scalar(const void* input, size_t len, XXH64_hash_t, const xxh_u8*, size_t) {
  return XXH3_hashLong_64b_internal(input, len, XXH3_kSecret, sizeof(XXH3_kSecret),
                                    XXH3_accumulate_512_scalar, XXH3_scrambleAcc_scalar);
}

#ifdef FRAMECHECK_SIMD_X86
XXH64_hash_t hash_long_sse2(const void* input, size_t len, XXH64_hash_t, const xxh_u8*, size_t) {
  return XXH3_hashLong_64b_internal(input, len, XXH3_kSecret, sizeof(XXH3_kSecret),
                                    XXH3_accumulate_512_sse2, XXH3_scrambleAcc_sse2);
}

__attribute__((target("avx2"))) XXH64_hash_t hash_long_avx2(const void* input, size_t len,
                                                            XXH64_hash_t, const xxh_u8*, size_t) {
  const XXH64_hash_t h =
      XXH3_hashLong_64b_internal(input, len, XXH3_kSecret, sizeof(XXH3_kSecret),
                                 XXH3_accumulate_512_avx2, XXH3_scrambleAcc_avx2);
  // GCC leaves the upper halves dirty here, and every SSE instruction after (det_math's, the
  // game's) would pay for it: measured, the arena's hypot ran at half speed.
  _mm256_zeroupper();
  return h;
}
#endif

XXH3_hashLong64_f hash_long(SimdKernel kernel) {
  switch (kernel) {
#ifdef FRAMECHECK_SIMD_X86
    case SimdKernel::kSse2:
      return hash_long_sse2;
    case SimdKernel::kAvx2:
      return hash_long_avx2;
#endif
    default:
      return hash_long_scalar;
  }
}

}  // namespace

std::uint64_t xxh3_64(std::string_view bytes, SimdKernel kernel) {
  return XXH3_64bits_internal(bytes.data(), bytes.size(), 0, XXH3_kSecret, sizeof(XXH3_kSecret),
                              hash_long(kernel));
}

std::uint64_t xxh3_64(std::string_view bytes) {
#if defined(FRAMECHECK_SIMD_X86) && !defined(__AVX2__)
  static const XXH3_hashLong64_f best = hash_long(best_simd_kernel());
#else
  // The loop this build chose: a build for AVX2 (-march=native) already has it, or better.
  const XXH3_hashLong64_f best = XXH3_hashLong_64b_default;
#endif
  return XXH3_64bits_internal(bytes.data(), bytes.size(), 0, XXH3_kSecret, sizeof(XXH3_kSecret),
                              best);
}

}  // namespace framecheck::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
