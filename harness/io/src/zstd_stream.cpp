#include <zstd.h>
#include <zstd_errors.h>

#include <cstring>
#include <framecheck/io/zstd_stream.hpp>
#include <utility>

namespace framecheck {
namespace {

bool ends_with(const std::string& s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// A zstd frame's magic number, or a skippable frame's (pzstd starts its files with one).
bool starts_a_frame(std::string_view bytes) {
  if (bytes.size() < 4) return false;
  const auto b = [&](std::size_t i) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]));
  };
  const std::uint32_t magic = b(0) | b(1) << 8 | b(2) << 16 | b(3) << 24;
  return magic == ZSTD_MAGICNUMBER ||
         (magic & ZSTD_MAGIC_SKIPPABLE_MASK) == ZSTD_MAGIC_SKIPPABLE_START;
}

}  // namespace

bool is_zstd_path(const std::filesystem::path& path) {
  const std::string name = path.filename().string();
  return ends_with(name, ".zst") || ends_with(name, ".zst.partial");
}

std::filesystem::path without_zst(const std::filesystem::path& path) {
  const std::string s = path.string();
  return ends_with(s, ".zst") ? std::filesystem::path(s.substr(0, s.size() - 4)) : path;
}

struct ZstdWriter::State {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  std::string block = std::string(ZSTD_CStreamOutSize(), '\0');
  ~State() { ZSTD_freeCCtx(ctx); }
};

ZstdWriter::ZstdWriter() : state_(std::make_unique<State>()) {
  ZSTD_CCtx_setParameter(state_->ctx, ZSTD_c_compressionLevel, kZstdLevel);
  // As the zstd command does: a damaged file is found by its checksum, not replayed as wrong.
  ZSTD_CCtx_setParameter(state_->ctx, ZSTD_c_checksumFlag, 1);
}
ZstdWriter::ZstdWriter(ZstdWriter&&) noexcept = default;
ZstdWriter& ZstdWriter::operator=(ZstdWriter&&) noexcept = default;
ZstdWriter::~ZstdWriter() = default;

void ZstdWriter::drive(std::string_view bytes, int directive, std::string& out) {
  ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
  const auto mode = static_cast<ZSTD_EndDirective>(directive);
  while (true) {
    ZSTD_outBuffer block{state_->block.data(), state_->block.size(), 0};
    const std::size_t left = ZSTD_compressStream2(state_->ctx, &block, &in, mode);
    out.append(state_->block.data(), block.pos);
    // Compression cannot fail on valid parameters and a buffer of ZSTD_CStreamOutSize().
    if (ZSTD_isError(left)) return;
    if (mode == ZSTD_e_continue ? in.pos == in.size : left == 0) return;
  }
}

void ZstdWriter::add(std::string_view bytes, std::string& out) {
  drive(bytes, ZSTD_e_continue, out);
}
void ZstdWriter::flush(std::string& out) {
  drive({}, ZSTD_e_flush, out);
}
void ZstdWriter::end(std::string& out) {
  drive({}, ZSTD_e_end, out);
}

struct DecodedInput::Decoder {
  ZSTD_DCtx* ctx = ZSTD_createDCtx();
  ~Decoder() { ZSTD_freeDCtx(ctx); }
};

DecodedInput::DecodedInput(InputFile file, Expect expect)
    : file_(std::move(file)), expect_(expect) {}
DecodedInput::DecodedInput(DecodedInput&&) noexcept = default;
DecodedInput& DecodedInput::operator=(DecodedInput&&) noexcept = default;
DecodedInput::~DecodedInput() = default;

Result<std::size_t> DecodedInput::read_raw(char* into, std::size_t size) {
  Result<std::size_t> n = file_.read(into, size);
  if (n) input_bytes_ += *n;
  return n;
}

Status DecodedInput::start() {
  started_ = true;
  // Enough of the input to see whether it starts with a frame: a stream may give less at once.
  raw_.resize(ZSTD_DStreamInSize());
  std::size_t have = 0;
  while (have < 4) {
    Result<std::size_t> n = read_raw(raw_.data() + have, raw_.size() - have);
    if (!n) return n.error();
    if (*n == 0) {
      raw_end_ = true;
      break;
    }
    have += *n;
  }
  raw_.resize(have);
  compressed_ = starts_a_frame(raw_);
  if (expect_.zstd && !compressed_) {
    return Error{name(), "",
                 "the name ends in .zst, but the file does not start with a zstd frame (its "
                 "magic number 28 b5 2f fd); expected a zstd-compressed session"};
  }
  if (compressed_) {
    decoder_ = std::make_unique<Decoder>();
    ZSTD_DCtx_setParameter(decoder_->ctx, ZSTD_d_windowLogMax, kMaxZstdWindowLog);
  }
  return Ok{};
}

Result<std::size_t> DecodedInput::read(char* into, std::size_t size) {
  if (!started_) {
    if (Status s = start(); !s) return s.error();
  }
  Result<std::size_t> n = compressed_ ? decompress(into, size) : pass_through(into, size);
  if (n) output_bytes_ += *n;
  return n;
}

Result<std::size_t> DecodedInput::pass_through(char* into, std::size_t size) {
  // What start() read to look for a frame comes first, then the file itself.
  if (raw_pos_ < raw_.size()) {
    const std::size_t k = std::min(size, raw_.size() - raw_pos_);
    std::memcpy(into, raw_.data() + raw_pos_, k);
    raw_pos_ += k;
    return k;
  }
  return raw_end_ ? Result<std::size_t>(0) : read_raw(into, size);
}

Result<std::size_t> DecodedInput::decompress(char* into, std::size_t size) {
  while (true) {
    if (raw_pos_ == raw_.size() && !raw_end_) {
      raw_.resize(ZSTD_DStreamInSize());
      raw_pos_ = 0;
      Result<std::size_t> n = read_raw(raw_.data(), raw_.size());
      if (!n) return n.error();
      raw_.resize(*n);
      raw_end_ = *n == 0;
    }
    // A call that fails hands out nothing, not even the blocks it finished before the bad one.
    // A .partial's tail is expected to be bad, so there each call gets one block's input at most
    // (zstd's hint says how much that is) and none while output it decoded is still held back:
    // a failing call then loses nothing that was whole.
    std::size_t end = raw_.size();
    if (expect_.partial)
      end = output_held_ ? raw_pos_ : std::min(end, raw_pos_ + std::max<std::size_t>(hint_, 1));
    ZSTD_inBuffer in{raw_.data(), end, raw_pos_};
    ZSTD_outBuffer out{into, size, 0};
    const std::size_t hint = ZSTD_decompressStream(decoder_->ctx, &out, &in);
    const bool moved = in.pos != raw_pos_ || out.pos > 0;
    raw_pos_ = in.pos;
    output_held_ = out.pos == out.size;
    if (!ZSTD_isError(hint)) hint_ = hint;
    if (ZSTD_isError(hint)) {
      const std::uint64_t at = input_bytes_ - (raw_.size() - raw_pos_);
      if (ZSTD_getErrorCode(hint) == ZSTD_error_frameParameter_windowTooLarge) {
        return Error{name(), "byte " + std::to_string(at),
                     "the zstd frame asks for a window over " +
                         std::to_string((1u << kMaxZstdWindowLog) >> 20) +
                         " MiB, more than framecheck decompresses within (was it made with "
                         "--long or --ultra?); recompress it with plain `zstd`"};
      }
      if (expect_.partial) {
        // A killed recording's last block, cut and padded: what decompressed before it is the
        // recording, and the reader says what was lost.
        damage_ = std::string(ZSTD_getErrorName(hint)) + " at byte " + std::to_string(at);
        cut_short_ = true;
        raw_end_ = true;
        raw_pos_ = raw_.size();
        frame_open_ = false;
        return out.pos;  // the blocks this call finished before the bad one
      }
      return Error{name(), "byte " + std::to_string(at),
                   std::string("is not valid zstd (") + ZSTD_getErrorName(hint) +
                       "); expected a zstd-compressed session"};
    }
    // 0 is a frame's end; a call that took and gave nothing (the input over) changes nothing.
    if (moved) frame_open_ = hint != 0;
    if (out.pos > 0) return out.pos;
    if (raw_end_ && raw_pos_ == raw_.size()) {
      cut_short_ = frame_open_;
      return std::size_t{0};
    }
  }
}

}  // namespace framecheck
