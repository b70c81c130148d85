// XXH3-64 with seed 0: the hash sessions of format 3 and later keep their checksums in.
#pragma once

#include <cstdint>
#include <string_view>

namespace framecheck::detail {

std::uint64_t xxh3_64(std::string_view bytes);

}  // namespace framecheck::detail
