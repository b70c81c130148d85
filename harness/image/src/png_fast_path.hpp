// The common PNG, decoded fast: 8-bit RGB or RGBA, not interlaced, no tRNS. The whole image data
// is inflated at once with libdeflate and unfiltered straight into the RGBA image. The result is
// the same bytes the libpng path gives (the corpus tests hold both to pngjs's decodings).
#pragma once

#include <framecheck/image/image.hpp>
#include <framecheck/image/png_io.hpp>
#include <optional>
#include <string_view>

namespace framecheck {

// The image, or nullopt when the file is not one this path takes or anything in it is unusual
// (a CRC that does not match, an unknown critical chunk, IDAT chunks apart, a zlib stream that
// is short, long or corrupt, an unknown filter): the caller then decodes it with libpng, whose
// message names the problem. Throws std::bad_alloc when memory runs out.
std::optional<Image> decode_png_fast(std::string_view bytes, const PngHeader& header);

}  // namespace framecheck
