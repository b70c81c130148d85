// Writes a PngSuite-like corpus with libpng's writer: every colour type at every bit depth it
// allows, palettes with and without tRNS, grey and RGB tRNS colour keys, Adam7 twins of each, and
// the ancillary chunks other tools write (gAMA of 1.0 and 0.45455, cHRM, sRGB, iCCP, sBIT).
// pngjs 7's decoding of each file is the oracle (make_vectors.sh). With --hostile it writes the
// PNG bombs the reader must refuse cheaply instead. Build and run:
//   c++ -std=c++20 -O1 make_corpus.cpp -lpng -lz -o make_corpus && ./make_corpus OUT_DIR
#include <png.h>
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

constexpr int kWidth = 37;  // odd sizes, so every Adam7 pass is partial
constexpr int kHeight = 23;

struct Spec {
  std::string name;
  int color = 0;
  int depth = 8;
  bool interlaced = false;
  bool trns = false;
  std::string extra;  // "gama10", "gama045", "chrm", "srgb", "iccp", "sbit"
};

std::uint32_t g_state = 0x9e3779b9u;
std::uint32_t next() {
  g_state ^= g_state << 13;
  g_state ^= g_state >> 17;
  g_state ^= g_state << 5;
  return g_state;
}

// A sample of `bits` bits for channel c at (x, y): gradients, edges and some noise, so every
// value range and every filter type gets used.
unsigned sample(int x, int y, int c, int bits) {
  const unsigned max = (1u << bits) - 1;
  const unsigned wave =
      (static_cast<unsigned>(x * 7 + y * 3 + c * 11) * max) / (kWidth * 7 + kHeight * 3 + 22);
  const unsigned noise = next() % (max / 8 + 1);
  const bool edge = (x / 5 + y / 4 + c) % 3 == 0;
  return edge ? max - (wave % (max + 1)) : (wave + noise) % (max + 1);
}

void put(std::vector<png_byte>& row, int index, unsigned value, int bits) {
  if (bits == 16) {
    row[index * 2] = static_cast<png_byte>(value >> 8);
    row[index * 2 + 1] = static_cast<png_byte>(value & 0xff);
  } else if (bits == 8) {
    row[index] = static_cast<png_byte>(value);
  } else {
    const int per_byte = 8 / bits;
    const int shift = 8 - bits * (index % per_byte + 1);
    row[index / per_byte] |= static_cast<png_byte>(value << shift);
  }
}

int channels(int color) {
  switch (color) {
    case PNG_COLOR_TYPE_GRAY:
    case PNG_COLOR_TYPE_PALETTE:
      return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA:
      return 2;
    case PNG_COLOR_TYPE_RGB:
      return 3;
    default:
      return 4;
  }
}

bool write(const Spec& s, const std::string& dir) {
  g_state = 0x9e3779b9u;  // every file the same pattern: an Adam7 twin holds its twin's pixels
  const std::string path = dir + "/" + s.name + ".png";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    std::fclose(f);
    return false;
  }
  png_init_io(png, f);
  png_set_IHDR(png, info, kWidth, kHeight, s.depth, s.color,
               s.interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
               PNG_FILTER_TYPE_BASE);
  if (s.color == PNG_COLOR_TYPE_PALETTE) {
    const int entries = 1 << s.depth;
    std::vector<png_color> palette(static_cast<std::size_t>(entries));
    for (int i = 0; i < entries; ++i) {
      palette[i] = {static_cast<png_byte>(i * 37), static_cast<png_byte>(255 - i * 13),
                    static_cast<png_byte>(i * i)};
    }
    png_set_PLTE(png, info, palette.data(), entries);
    if (s.trns) {
      // Fewer alpha entries than colours: the rest are opaque.
      std::vector<png_byte> alpha(static_cast<std::size_t>(entries > 2 ? entries / 2 + 1 : 1));
      for (std::size_t i = 0; i < alpha.size(); ++i)
        alpha[i] = static_cast<png_byte>(i == 0 ? 0 : 255 - i * 29);
      png_set_tRNS(png, info, alpha.data(), static_cast<int>(alpha.size()), nullptr);
    }
  } else if (s.trns) {
    // A colour key: the value at (0, 0) of a fixed pattern, so some pixels match it.
    png_color_16 key{};
    const unsigned max = (1u << s.depth) - 1;
    key.gray = static_cast<png_uint_16>(max / 3);
    key.red = static_cast<png_uint_16>(max / 3);
    key.green = static_cast<png_uint_16>(max / 2);
    key.blue = static_cast<png_uint_16>(max / 5);
    png_set_tRNS(png, info, nullptr, 0, &key);
  }
  if (s.extra == "gama10") png_set_gAMA(png, info, 1.0);
  if (s.extra == "gama045") png_set_gAMA(png, info, 0.45455);
  if (s.extra == "chrm") png_set_cHRM(png, info, 0.3127, 0.329, 0.64, 0.33, 0.3, 0.6, 0.15, 0.06);
  if (s.extra == "srgb") png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
  if (s.extra == "sbit") {
    png_color_8 bits{};
    bits.red = bits.green = bits.blue = bits.gray = static_cast<png_byte>(s.depth == 16 ? 12 : 5);
    bits.alpha = static_cast<png_byte>(s.depth == 16 ? 10 : 4);
    png_set_sBIT(png, info, &bits);
  }
  if (s.extra == "iccp") {
    // A minimal profile: a 132-byte header and an empty tag table, as far as a reader that
    // ignores colour management needs it to be well formed.
    std::vector<png_byte> profile(132, 0);
    profile[3] = 132;  // size
    profile[8] = 2;    // version 2
    profile[12] = 'm', profile[13] = 'n', profile[14] = 't', profile[15] = 'r';
    const bool grey = !(s.color & PNG_COLOR_MASK_COLOR);
    const char* space = grey ? "GRAY" : "RGB ";
    for (int i = 0; i < 4; ++i)
      profile[16 + i] = static_cast<png_byte>(space[i]);
    profile[20] = 'X', profile[21] = 'Y', profile[22] = 'Z', profile[23] = ' ';
    profile[36] = 'a', profile[37] = 'c', profile[38] = 's', profile[39] = 'p';
    profile[68] = 0, profile[69] = 0, profile[70] = 0xf6, profile[71] = 0xd6;  // D50 X
    profile[72] = 0, profile[73] = 1, profile[74] = 0, profile[75] = 0;        // D50 Y
    profile[76] = 0, profile[77] = 0, profile[78] = 0xd3, profile[79] = 0x2d;  // D50 Z
    png_set_iCCP(png, info, "framecheck test", PNG_COMPRESSION_TYPE_BASE, profile.data(),
                 static_cast<png_uint_32>(profile.size()));
  }
  png_set_benign_errors(png, 1);
  png_write_info(png, info);
  const int n = channels(s.color);
  const std::size_t row_bytes = (static_cast<std::size_t>(kWidth) * n * s.depth + 7) / 8;
  std::vector<std::vector<png_byte>> rows(kHeight, std::vector<png_byte>(row_bytes, 0));
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      for (int c = 0; c < n; ++c) {
        unsigned v = sample(x, y, c, s.depth);
        if (s.extra == "pair") v = s.depth == 16 ? sample(x, y, c, 8) * 257 : sample(x, y, c, 8);
        if (s.trns && s.color != PNG_COLOR_TYPE_PALETTE && (x + y) % 6 == 0) {
          const unsigned max = (1u << s.depth) - 1;
          v = c == 0   ? max / 3
              : c == 1 ? (s.color == PNG_COLOR_TYPE_GRAY ? max / 3 : max / 2)
                       : max / 5;
        }
        put(rows[y], x * n + c, v, s.depth);
      }
    }
  }
  std::vector<png_bytep> pointers;
  for (auto& r : rows)
    pointers.push_back(r.data());
  png_write_image(png, pointers.data());
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return std::fclose(f) == 0;
}

void chunk(std::string& out, const char* type, const std::string& data, std::uint32_t length) {
  const auto be = [&](std::uint32_t v) {
    for (int shift : {24, 16, 8, 0})
      out.push_back(static_cast<char>(v >> shift & 0xff));
  };
  be(length);
  const std::string body = std::string(type, 4) + data;
  out += body;
  be(static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

std::string ihdr(std::uint32_t w, std::uint32_t h, int depth, int color) {
  std::string d;
  for (std::uint32_t v : {w, h})
    for (int shift : {24, 16, 8, 0})
      d.push_back(static_cast<char>(v >> shift & 0xff));
  d += {static_cast<char>(depth), static_cast<char>(color), 0, 0, 0};
  return d;
}

bool save(const std::string& path, const std::string& bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  return std::fclose(f) == 0 && ok;
}

// PNGs that cost a naive reader far more than their size: a tEXt chunk that declares 2 GiB in a
// 96-byte file, and a valid 32768x32767 1-bit image of about 130 KB (a billion pixels).
bool write_hostile(const std::string& dir) {
  const std::string signature = "\x89PNG\r\n\x1a\n";
  std::string text = signature;
  chunk(text, "IHDR", ihdr(16, 16, 8, 2), 13);
  chunk(text, "tEXt", "Comment\0a bomb", 0x80000000u);
  chunk(text, "IEND", "", 0);
  text.resize(96, '\0');
  if (!save(dir + "/text_declares_2gib.png", text)) return false;

  const std::uint32_t w = 32768, h = 32767;
  const std::size_t row = 1 + w / 8;  // filter byte, then 1 bit a pixel
  std::string raw(row * h, '\0');
  uLongf packed_size = compressBound(static_cast<uLong>(raw.size()));
  std::string packed(packed_size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(packed.data()), &packed_size,
                reinterpret_cast<const Bytef*>(raw.data()), static_cast<uLong>(raw.size()),
                9) != Z_OK) {
    return false;
  }
  packed.resize(packed_size);
  std::string huge = signature;
  chunk(huge, "IHDR", ihdr(w, h, 1, 0), 13);
  chunk(huge, "IDAT", packed, static_cast<std::uint32_t>(packed.size()));
  chunk(huge, "IEND", "", 0);
  return save(dir + "/billion_pixels_1bit.png", huge);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--hostile") return write_hostile(argv[2]) ? 0 : 1;
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_corpus OUT_DIR | make_corpus --hostile OUT_DIR\n");
    return 2;
  }
  std::vector<Spec> specs;
  const auto add = [&](std::string base, int color, int depth, bool trns, std::string extra = "") {
    for (bool interlaced : {false, true}) {
      std::string name = base + "_" + std::to_string(depth) + (trns ? "_trns" : "") +
                         (extra.empty() ? "" : "_" + extra) + (interlaced ? "_adam7" : "");
      specs.push_back({name, color, depth, interlaced, trns, extra});
    }
  };
  for (int depth : {1, 2, 4, 8, 16}) {
    add("grey", PNG_COLOR_TYPE_GRAY, depth, false);
    add("grey", PNG_COLOR_TYPE_GRAY, depth, true);
  }
  for (int depth : {8, 16}) {
    add("rgb", PNG_COLOR_TYPE_RGB, depth, false);
    add("rgb", PNG_COLOR_TYPE_RGB, depth, true);
    add("greyalpha", PNG_COLOR_TYPE_GRAY_ALPHA, depth, false);
    add("rgba", PNG_COLOR_TYPE_RGB_ALPHA, depth, false);
  }
  for (int depth : {1, 2, 4, 8}) {
    add("palette", PNG_COLOR_TYPE_PALETTE, depth, false);
    add("palette", PNG_COLOR_TYPE_PALETTE, depth, true);
  }
  for (const char* extra : {"gama10", "gama045", "chrm", "srgb", "iccp", "sbit"}) {
    add("rgb", PNG_COLOR_TYPE_RGB, 8, false, extra);
    add("grey", PNG_COLOR_TYPE_GRAY, 16, false, extra);
    add("rgba", PNG_COLOR_TYPE_RGB_ALPHA, 16, false, extra);
  }
  // An 8-bit and a 16-bit file of the same colours: pixelmatch calls them identical.
  add("rgb", PNG_COLOR_TYPE_RGB, 8, false, "pair");
  add("rgb", PNG_COLOR_TYPE_RGB, 16, false, "pair");
  int written = 0;
  for (const Spec& s : specs) {
    if (!write(s, argv[1])) {
      std::fprintf(stderr, "make_corpus: could not write %s\n", s.name.c_str());
      return 1;
    }
    ++written;
  }
  std::printf("%d files\n", written);
  return 0;
}
