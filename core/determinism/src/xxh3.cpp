// xxHash compiled into this file alone: nothing to link, and nothing for the package to depend on.
#include <framecheck/determinism/detail/xxh3.hpp>

// GCC 12 at -O3 -march=native finds an "uninitialized" value in xxHash's AVX-512 loop, inside the
// compiler's own intrinsics (an _mm512_undefined_epi32 on purpose): a false alarm there, not to
// be turned into an error here.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace framecheck::detail {

std::uint64_t xxh3_64(std::string_view bytes) {
  return XXH3_64bits(bytes.data(), bytes.size());
}

}  // namespace framecheck::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
