#include <gtest/gtest.h>

#include <framecheck/image/apng.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/plot/divergence_clip.hpp>

namespace framecheck {
namespace {

std::string shade(std::uint8_t v) {
  Image img(12, 8);
  std::fill(img.rgba.begin(), img.rgba.end(), v);
  return encode_png(img);
}

TEST(DivergenceClip, TheRangeAroundAFrameStaysInTheSession) {
  EXPECT_EQ(clip_around(100, 600).from, 70u);
  EXPECT_EQ(clip_around(100, 600).to, 130u);
  EXPECT_EQ(clip_around(5, 600).from, 1u);
  EXPECT_EQ(clip_around(590, 600).to, 600u);
  EXPECT_EQ(clip_around(900, 600).to, 600u) << "a frame past the end is the last";
}

TEST(DivergenceClip, EachFrameInOrderTheMarkedOneFramedInRed) {
  std::map<std::uint64_t, std::string> renders;
  for (std::uint64_t f = 1; f <= 5; ++f)
    renders[f] = shade(static_cast<std::uint8_t>(40 * f));
  Result<std::string> clip = make_clip(renders, {2, 4}, 3);
  ASSERT_TRUE(clip) << clip.error().message();
  EXPECT_EQ(*apng_frame_count(*clip, "clip"), 3u);
  // A PNG reader that knows no animation sees the first frame, frame 2, unmarked.
  Result<Image> first = decode_png(*clip, "clip");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->rgba[0], 80);
  // The marked frame's own chunk holds a delay of 1000/1000 s; the others 100/1000.
  const std::string held("\x03\xe8\x03\xe8", 4), brief("\x00\x64\x03\xe8", 4);
  EXPECT_EQ(clip->find(held), clip->rfind(held)) << "exactly one frame is held";
  EXPECT_NE(clip->find(held), std::string::npos);
  EXPECT_NE(clip->find(brief), std::string::npos);
}

TEST(DivergenceClip, AMissingFrameOrTooLongAClipIsAnError) {
  std::map<std::uint64_t, std::string> renders{{1, shade(1)}, {3, shade(3)}};
  Result<std::string> gap = make_clip(renders, {1, 3}, std::nullopt);
  ASSERT_FALSE(gap);
  EXPECT_NE(gap.error().message().find("frame 2"), std::string::npos);
  EXPECT_FALSE(make_clip(renders, {1, kMaxClipFrames + 1}, std::nullopt));
  EXPECT_FALSE(make_clip(renders, {3, 1}, std::nullopt));
}

}  // namespace
}  // namespace framecheck
