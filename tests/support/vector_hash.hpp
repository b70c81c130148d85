// The hash the committed test vectors record for a picture (tools/pixelmatch, tools/pngsuite):
// 64-bit FNV-1a over its bytes, as 16 hex digits. Shared by the tests and benchmarks that compare
// against those vectors.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace framecheck::testing {

template <class Bytes>
std::string fnv1a_hex(const Bytes& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::uint8_t b : bytes)
    h = (h ^ b) * 0x100000001b3ULL;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace framecheck::testing
