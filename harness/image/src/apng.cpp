#include <framecheck/image/apng.hpp>
#include <framecheck/image/png_io.hpp>
#include <string_view>
#include <vector>

#include "png_chunks.hpp"

namespace framecheck {
namespace {

using png_chunks::append_be32;
using png_chunks::append_chunk;
using png_chunks::be32;

// The chunks of a PNG encode_png made: (type, data), in order.
std::vector<std::pair<std::string, std::string_view>> chunks_of(std::string_view png) {
  std::vector<std::pair<std::string, std::string_view>> out;
  std::size_t at = png_chunks::kSignature.size();
  while (at + 12 <= png.size()) {
    const auto* p = reinterpret_cast<const unsigned char*>(png.data() + at);
    const std::uint32_t length = be32(p);
    if (length > png.size() - at - 12) break;
    out.emplace_back(std::string(png.substr(at + 4, 4)), png.substr(at + 8, length));
    at += 12 + length;
  }
  return out;
}

void append_u16(std::string& out, std::uint16_t v) {
  out.push_back(static_cast<char>(v >> 8));
  out.push_back(static_cast<char>(v & 0xff));
}

}  // namespace

Result<std::string> encode_apng(std::span<const ApngFrame> frames) {
  if (frames.empty()) return Error{"", "", "an animation needs at least one frame"};
  const Image& first = *frames[0].image;
  for (const ApngFrame& f : frames) {
    if (f.image == nullptr || f.image->width != first.width || f.image->height != first.height)
      return Error{"", "", "every frame of an animation must be the same size"};
  }
  std::string out(png_chunks::kSignature);
  std::uint32_t sequence = 0;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const std::string png = encode_png(*frames[i].image, PngEffort::kSmall);
    const auto chunks = chunks_of(png);
    if (i == 0) {
      for (const auto& [type, data] : chunks) {
        if (type == "IHDR") append_chunk(out, "IHDR", data.data(), data.size());
      }
      std::string actl;
      append_be32(actl, static_cast<std::uint32_t>(frames.size()));
      append_be32(actl, 0);  // plays forever
      append_chunk(out, "acTL", actl.data(), actl.size());
    }
    std::string fctl;
    append_be32(fctl, sequence++);
    append_be32(fctl, static_cast<std::uint32_t>(first.width));
    append_be32(fctl, static_cast<std::uint32_t>(first.height));
    append_be32(fctl, 0);  // x offset
    append_be32(fctl, 0);  // y offset
    append_u16(fctl, frames[i].delay_ms == 0 ? 1 : frames[i].delay_ms);
    append_u16(fctl, 1000);  // the delay is in thousandths of a second
    fctl.push_back(0);       // dispose: none (the next frame covers it all)
    fctl.push_back(0);       // blend: source (the frame replaces what was there)
    append_chunk(out, "fcTL", fctl.data(), fctl.size());
    for (const auto& [type, data] : chunks) {
      if (type != "IDAT") continue;
      if (i == 0) {
        append_chunk(out, "IDAT", data.data(), data.size());
      } else {
        std::string fdat;
        append_be32(fdat, sequence++);
        fdat.append(data);
        append_chunk(out, "fdAT", fdat.data(), fdat.size());
      }
    }
  }
  append_chunk(out, "IEND", "", 0);
  return out;
}

Result<std::uint32_t> apng_frame_count(std::string_view png, const std::string& name) {
  Result<PngHeader> header = read_png_header(png, name);
  if (!header) return header.error();
  for (const auto& [type, data] : chunks_of(png)) {
    if (type == "acTL" && data.size() == 8)
      return be32(reinterpret_cast<const unsigned char*>(data.data()));
    if (type == "IDAT") break;
  }
  return std::uint32_t{1};
}

}  // namespace framecheck
