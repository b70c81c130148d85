// A 64-bit word as text: how sessions and messages write checksums and random state words.
#pragma once

#include <cstdint>
#include <string>

namespace framecheck {

// 16 lower-case hex digits, leading zeros kept: hex_text(255) -> "00000000000000ff".
std::string hex_text(std::uint64_t word);

}  // namespace framecheck
