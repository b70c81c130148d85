#include <gtest/gtest.h>
#include <zstd.h>

#include <filesystem>
#include <framecheck/io/zstd_stream.hpp>
#include <fstream>
#include <string>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

class ZstdStreamTest : public ::testing::Test {
 protected:
  fs::path put(const std::string& name, const std::string& bytes) {
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
    return dir_ / name;
  }
  // All of a file through DecodedInput, in reads of `chunk` bytes.
  Result<std::string> decode(const fs::path& path, std::size_t chunk = 4096,
                             DecodedInput* keep = nullptr) {
    Result<InputFile> file = InputFile::open(path, "a test file");
    if (!file) return file.error();
    DecodedInput in(std::move(*file),
                    {.zstd = is_zstd_path(path), .partial = path.string().ends_with(".partial")});
    std::string all, piece(chunk, '\0');
    while (true) {
      Result<std::size_t> n = in.read(piece.data(), piece.size());
      if (!n) return n.error();
      if (*n == 0) break;
      all.append(piece.data(), *n);
    }
    if (keep != nullptr) *keep = std::move(in);
    return all;
  }
  TestFolder dir_;
};

// Lines much like a session's: repetitive text with numbers that change.
std::string lines(int count, int from = 0) {
  std::string s;
  for (int i = from; i < from + count; ++i)
    s += "{\"type\":\"frame\",\"frame\":" + std::to_string(i) + ",\"dt\":16666667}\n";
  return s;
}

std::string compressed(const std::string& text) {
  ZstdWriter w;
  std::string out;
  w.add(text, out);
  w.end(out);
  return out;
}

TEST_F(ZstdStreamTest, WhatTheWriterCompressesReadsBackByteForByte) {
  const std::string text = lines(20'000);
  const std::string z = compressed(text);
  EXPECT_LT(z.size() * 10, text.size()) << "repetitive lines should compress tenfold";
  for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{1} << 20}) {
    Result<std::string> back = decode(put("a.jsonl.zst", z), chunk);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(*back, text) << "in reads of " << chunk;
  }
}

TEST_F(ZstdStreamTest, TheZstdLibrarysOwnDecoderReadsWhatTheWriterMakes) {
  const std::string text = lines(3000);
  const std::string z = compressed(text);
  std::string out(text.size(), '\0');
  const std::size_t n = ZSTD_decompress(out.data(), out.size(), z.data(), z.size());
  ASSERT_FALSE(ZSTD_isError(n)) << ZSTD_getErrorName(n);
  EXPECT_EQ(out.substr(0, n), text);
}

TEST_F(ZstdStreamTest, APlainFilePassesThroughWhateverItsSize) {
  for (const std::string& text :
       {std::string(), std::string("{"), std::string("abc"), std::string("abcd"), lines(500)}) {
    Result<std::string> back = decode(put("a.jsonl", text), 3);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(*back, text);
  }
}

TEST_F(ZstdStreamTest, AZstdFileIsFoundByItsMagicNumberWhateverItsName) {
  DecodedInput in(std::move(*InputFile::open(put("x", ""), "a")), {});
  Result<std::string> back = decode(put("session.jsonl", compressed("hello\n")), 4096, &in);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, "hello\n");
  EXPECT_TRUE(in.compressed());
  EXPECT_FALSE(in.cut_short());
}

TEST_F(ZstdStreamTest, ANameEndingInZstThatHoldsTextIsAnErrorNamingTheFile) {
  const fs::path path = put("a.jsonl.zst", lines(3));
  Result<std::string> back = decode(path);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().message(),
            path.string() +
                ": the name ends in .zst, but the file does not start with a zstd frame (its "
                "magic number 28 b5 2f fd); expected a zstd-compressed session");
}

TEST_F(ZstdStreamTest, DamagedBytesAreAnErrorNamingWhereTheyWereFound) {
  std::string z = compressed(lines(5000));
  z[z.size() / 2] = static_cast<char>(z[z.size() / 2] ^ 0x5a);
  const fs::path path = put("a.zst", z);
  Result<std::string> back = decode(path);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().file, path.string());
  EXPECT_TRUE(back.error().where.starts_with("byte ")) << back.error().where;
  EXPECT_NE(back.error().what.find("is not valid zstd ("), std::string::npos) << back.error().what;
}

TEST_F(ZstdStreamTest, AStreamCutAfterAFlushGivesEverythingBeforeTheFlushAndSaysSo) {
  ZstdWriter w;
  std::string out;
  w.add(lines(100), out);
  w.flush(out);
  const std::size_t flushed = out.size();
  w.add(lines(100, 100), out);
  w.end(out);
  for (std::size_t cut : {flushed, flushed + (out.size() - flushed) / 2}) {
    DecodedInput in(std::move(*InputFile::open(put("x", ""), "a")), {});
    Result<std::string> back = decode(put("cut.zst", out.substr(0, cut)), 4096, &in);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(*back, lines(100)) << "cut at " << cut << " of " << out.size();
    EXPECT_TRUE(in.cut_short());
    EXPECT_EQ(in.input_bytes(), cut);
    EXPECT_EQ(in.output_bytes(), lines(100).size());
  }
}

TEST_F(ZstdStreamTest, ConcatenatedFramesReadAsOneStreamAsTheZstdCommandReadsThem) {
  Result<std::string> back =
      decode(put("two.zst", compressed(lines(10)) + compressed(lines(10, 10))));
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, lines(20));
}

TEST_F(ZstdStreamTest, AFrameAskingForAWindowOverTheLimitIsRefusedBeforeItsMemoryIsTaken) {
  // A stream of unknown size keeps the window it was given in its frame header.
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_windowLog, kMaxZstdWindowLog + 1);
  const std::string text = lines(10);
  std::string z(ZSTD_compressBound(text.size()) + 64, '\0');
  ZSTD_inBuffer in{text.data(), text.size(), 0};
  ZSTD_outBuffer out{z.data(), z.size(), 0};
  ZSTD_compressStream2(ctx, &out, &in, ZSTD_e_continue);
  ASSERT_EQ(ZSTD_compressStream2(ctx, &out, &in, ZSTD_e_end), 0u);
  ZSTD_freeCCtx(ctx);
  z.resize(out.pos);
  Result<std::string> back = decode(put("wide.zst", z));
  ASSERT_FALSE(back);
  EXPECT_NE(back.error().what.find("asks for a window over 128 MiB"), std::string::npos)
      << back.error().what;
}

TEST(ZstdNames, ANameEndingInZstOrItsPartialIsCompressed) {
  EXPECT_TRUE(is_zstd_path("a/run.jsonl.zst"));
  EXPECT_TRUE(is_zstd_path("run.jsonl.zst.partial"));
  EXPECT_FALSE(is_zstd_path("run.jsonl"));
  EXPECT_FALSE(is_zstd_path("run.jsonl.partial"));
  EXPECT_FALSE(is_zstd_path("zst"));
  EXPECT_FALSE(is_zstd_path("run.zstd"));
  EXPECT_EQ(without_zst("a/run.jsonl.zst"), fs::path("a/run.jsonl"));
  EXPECT_EQ(without_zst("run.jsonl"), fs::path("run.jsonl"));
}

// What a crash leaves: the blocks flushed, then a block cut midway and padded with the NULs a
// file system leaves. A .partial replays up to its last whole block; the same bytes under any
// other name are bad input.
TEST_F(ZstdStreamTest, AKilledRecordingsDamagedTailEndsAPartialAtItsLastWholeBlock) {
  ZstdWriter w;
  std::string bytes;
  const std::string flushed = lines(200);
  w.add(flushed, bytes);
  w.flush(bytes);
  std::string rest;
  w.add(lines(5000, 200), rest);
  w.flush(rest);
  ASSERT_GT(rest.size(), 64u);
  bytes += rest.substr(0, rest.size() / 2) + std::string(4096, '\0');
  DecodedInput kept(std::move(*InputFile::open(put("y", ""), "a")), {});
  Result<std::string> partial = decode(put("s.jsonl.zst.partial", bytes), 4096, &kept);
  ASSERT_TRUE(partial) << partial.error().message();
  EXPECT_TRUE(partial->starts_with(flushed))
      << partial->size() << " bytes decompressed, " << flushed.size() << " flushed";
  EXPECT_TRUE(kept.cut_short());
  EXPECT_NE(kept.damage().find("at byte"), std::string::npos) << kept.damage();
  Result<std::string> finished = decode(put("s.jsonl.zst", bytes));
  ASSERT_FALSE(finished) << "a finished recording's bad zstd is bad input";
  EXPECT_NE(finished.error().message().find("is not valid zstd"), std::string::npos);
}

}  // namespace
}  // namespace framecheck
