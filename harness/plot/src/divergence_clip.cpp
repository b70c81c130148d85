#include <algorithm>
#include <framecheck/image/apng.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/plot/divergence_clip.hpp>
#include <vector>

namespace framecheck {
namespace {

// A red frame, kBorder pixels wide, around the divergent frame.
constexpr int kBorder = 3;
constexpr std::uint8_t kMark[4] = {255, 59, 48, 255};

void frame_in_red(Image& img) {
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      if (x >= kBorder && x < img.width - kBorder && y >= kBorder && y < img.height - kBorder)
        continue;
      std::copy(kMark, kMark + 4,
                img.rgba.begin() + (static_cast<std::size_t>(y) * img.width + x) * 4);
    }
  }
}

}  // namespace

ClipRange clip_around(std::uint64_t frame, std::uint64_t frames, std::uint64_t before,
                      std::uint64_t after) {
  frame = std::clamp<std::uint64_t>(frame, 1, std::max<std::uint64_t>(frames, 1));
  const std::uint64_t from = frame > before ? frame - before : 1;
  const std::uint64_t to = std::min(frame + after, std::max<std::uint64_t>(frames, 1));
  return {from, to};
}

Result<std::string> make_clip(const std::map<std::uint64_t, std::string>& renders, ClipRange range,
                              std::optional<std::uint64_t> marked, std::uint16_t frame_ms) {
  if (range.to < range.from || range.to - range.from + 1 > kMaxClipFrames) {
    return Error{"", "frames " + std::to_string(range.from) + " to " + std::to_string(range.to),
                 "a clip holds 1 to " + std::to_string(kMaxClipFrames) + " frames"};
  }
  std::vector<Image> images;
  images.reserve(range.to - range.from + 1);
  for (std::uint64_t f = range.from; f <= range.to; ++f) {
    const auto it = renders.find(f);
    if (it == renders.end())
      return Error{"", "frame " + std::to_string(f), "the replay did not render this frame"};
    Result<Image> img = decode_png(it->second, "frame " + std::to_string(f));
    if (!img) return img.error();
    if (marked && *marked == f) frame_in_red(*img);
    images.push_back(std::move(*img));
  }
  std::vector<ApngFrame> frames;
  for (std::uint64_t f = range.from; f <= range.to; ++f) {
    const bool mark = marked && *marked == f;
    frames.push_back({&images[f - range.from], mark ? std::uint16_t{1000} : frame_ms});
  }
  return encode_apng(frames);
}

}  // namespace framecheck
