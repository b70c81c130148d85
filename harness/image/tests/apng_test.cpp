// The APNG writer: libpng (which knows nothing of animation) reads its first frame; the chunks
// follow the APNG specification's order and numbering. Chromium plays the result in the report's
// browser test.
#include <gtest/gtest.h>
#include <png.h>
#include <zlib.h>

#include <cstring>
#include <framecheck/image/apng.hpp>
#include <framecheck/image/png_io.hpp>
#include <string>
#include <vector>

namespace framecheck {
namespace {

Image flat(int w, int h, std::uint8_t r) {
  Image img(w, h);
  for (std::size_t i = 0; i < img.pixels(); ++i) {
    img.rgba[4 * i] = r;
    img.rgba[4 * i + 1] = 40;
    img.rgba[4 * i + 2] = 200;
    img.rgba[4 * i + 3] = 255;
  }
  return img;
}

std::uint32_t be32(const std::string& s, std::size_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data() + at);
  return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}

struct Chunk {
  std::string type;
  std::string data;
};

std::vector<Chunk> chunks(const std::string& png) {
  std::vector<Chunk> out;
  for (std::size_t at = 8; at + 12 <= png.size();) {
    const std::uint32_t n = be32(png, at);
    out.push_back({png.substr(at + 4, 4), png.substr(at + 8, n)});
    // Each chunk's CRC, checked with zlib's, not the writer's own.
    const auto crc = static_cast<std::uint32_t>(
        ::crc32(0, reinterpret_cast<const Bytef*>(png.data() + at + 4), n + 4));
    EXPECT_EQ(crc, be32(png, at + 8 + n)) << out.back().type;
    at += 12 + n;
  }
  return out;
}

// Inflates a zlib stream with zlib.
std::string inflated(const std::string& z) {
  std::string out(1 << 20, '\0');
  uLongf size = out.size();
  EXPECT_EQ(::uncompress(reinterpret_cast<Bytef*>(out.data()), &size,
                         reinterpret_cast<const Bytef*>(z.data()), z.size()),
            Z_OK);
  out.resize(size);
  return out;
}

TEST(Apng, LibpngReadsTheFirstFrameAndTheChunksAreInOrder) {
  const Image a = flat(6, 4, 10), b = flat(6, 4, 120), c = flat(6, 4, 250);
  const ApngFrame frames[] = {{&a, 50}, {&b, 1000}, {&c, 50}};
  Result<std::string> apng = encode_apng(frames);
  ASSERT_TRUE(apng) << apng.error().message();

  png_image png;
  std::memset(&png, 0, sizeof png);
  png.version = PNG_IMAGE_VERSION;
  ASSERT_TRUE(png_image_begin_read_from_memory(&png, apng->data(), apng->size()));
  png.format = PNG_FORMAT_RGBA;
  std::vector<std::uint8_t> pixels(PNG_IMAGE_SIZE(png));
  ASSERT_TRUE(png_image_finish_read(&png, nullptr, pixels.data(), 0, nullptr));
  EXPECT_EQ(png.width, 6u);
  EXPECT_TRUE(std::equal(pixels.begin(), pixels.end(), a.rgba.begin()));

  const std::vector<Chunk> all = chunks(*apng);
  std::vector<std::string> types;
  for (const Chunk& ch : all)
    types.push_back(ch.type);
  EXPECT_EQ(types, (std::vector<std::string>{"IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL",
                                             "fdAT", "IEND"}));
  EXPECT_EQ(be32(all[1].data, 0), 3u) << "acTL: three frames";
  EXPECT_EQ(be32(all[1].data, 4), 0u) << "acTL: looping forever";
  // fcTL and fdAT share one sequence, from 0; the second frame is shown for 1000/1000 s.
  EXPECT_EQ(be32(all[2].data, 0), 0u);
  EXPECT_EQ(be32(all[4].data, 0), 1u);
  EXPECT_EQ(be32(all[5].data, 0), 2u);
  EXPECT_EQ(be32(all[6].data, 0), 3u);
  EXPECT_EQ(be32(all[7].data, 0), 4u);
  EXPECT_EQ(all[4].data.substr(20, 4), std::string("\x03\xe8\x03\xe8", 4));
  // Each frame's rows: 4 rows of a filter byte and 6 RGBA pixels.
  for (const std::size_t i : {std::size_t{5}, std::size_t{7}}) {
    const std::string rows = inflated(all[i].data.substr(4));
    ASSERT_EQ(rows.size(), 4u * (1 + 6 * 4));
  }
  EXPECT_EQ(*apng_frame_count(*apng, "clip"), 3u);
  EXPECT_EQ(*apng_frame_count(encode_png(a), "still"), 1u);
}

TEST(Apng, FramesOfDifferentSizesAreRefused) {
  const Image a = flat(6, 4, 10), b = flat(5, 4, 10);
  const ApngFrame frames[] = {{&a, 50}, {&b, 50}};
  EXPECT_FALSE(encode_apng(frames));
  EXPECT_FALSE(encode_apng({}));
  EXPECT_FALSE(apng_frame_count("not a png", "x"));
}

}  // namespace
}  // namespace framecheck
