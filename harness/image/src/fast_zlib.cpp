#include "fast_zlib.hpp"

#include <isa-l/igzip_lib.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <framecheck/image/image.hpp>
#include <mutex>
#include <new>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

namespace framecheck {
namespace {

constexpr std::size_t kLeastRoom = std::size_t{64} << 10;

// Bytes ISA-L writes before they are read: neither zeroed nor touched until then.
using Bytes = std::vector<std::uint8_t, detail::DefaultInitAllocator<std::uint8_t>>;

// One part as raw deflate, into `out` (grown as needed): the last part ends the stream, every
// other ends byte-aligned with nothing to refer back to. `level_buffer` is ISA-L's working
// memory, one per thread: each stream starts its tables afresh.
void compress_part(std::span<const std::uint8_t> part, bool last, std::size_t most_at_once,
                   Bytes& level_buffer, Bytes& out) {
  isal_zstream stream;
  isal_deflate_init(&stream);
  stream.level = 1;
  stream.level_buf = level_buffer.data();
  stream.level_buf_size = static_cast<std::uint32_t>(level_buffer.size());
  stream.gzip_flag = IGZIP_DEFLATE;
  std::size_t handed = 0;  // bytes of the part given to ISA-L so far
  const auto hand_over = [&] {
    const std::size_t n = std::min(part.size() - handed, most_at_once);
    stream.next_in = const_cast<std::uint8_t*>(part.data() + handed);
    stream.avail_in = static_cast<std::uint32_t>(n);
    handed += n;
    // The end, or the flush, is asked for with the part's last bytes only.
    const bool all = handed == part.size();
    stream.end_of_stream = last && all ? 1 : 0;
    stream.flush = !last && all ? FULL_FLUSH : NO_FLUSH;
  };
  hand_over();
  out.resize(part.size() / 2 + kLeastRoom);
  std::size_t written = 0;
  for (;;) {
    if (stream.avail_in == 0 && handed < part.size()) hand_over();
    // ISA-L makes no progress in a few bytes of room: there are always kLeastRoom at least.
    if (out.size() - written < kLeastRoom) out.resize(out.size() + out.size() / 2 + kLeastRoom);
    stream.next_out = out.data() + written;
    const std::size_t room = std::min(out.size() - written, most_at_once);
    stream.avail_out = static_cast<std::uint32_t>(room);
    const std::uint32_t waiting = stream.avail_in;
    const int state = stream.internal_state.state;
    if (isal_deflate(&stream) != COMP_OK) throw std::bad_alloc();
    written += room - stream.avail_out;
    // Never a loop without end: a call that took nothing, wrote nothing and moved on to no
    // other state would be repeated for ever.
    if (stream.avail_in == waiting && stream.avail_out == room &&
        stream.internal_state.state == state)
      throw std::runtime_error("ISA-L's deflate made no progress");
    if (handed < part.size()) continue;
    // Done: the stream's end written, or (a flushed part) all input taken with room to spare,
    // which ISA-L documents as the flush being complete.
    const bool done = last ? stream.internal_state.state == ZSTATE_END
                           : stream.avail_in == 0 && stream.avail_out > 0;
    if (done) break;
  }
  out.resize(written);
}

}  // namespace

std::size_t zlib_parts(std::size_t size) {
  return std::clamp<std::size_t>(size / kZlibPartBytes, 1, kZlibMaxParts);
}

std::string compress_zlib_fast(std::span<const std::uint8_t> data, std::size_t most_at_once) {
  const std::size_t parts = zlib_parts(data.size());
  std::vector<Bytes> compressed(parts);
  std::atomic<std::size_t> next{0};
  std::exception_ptr failed;
  std::mutex failed_lock;
  // Each thread takes the next part until none is left; a failure stops its thread and is
  // rethrown here once every thread has ended.
  const auto work = [&] {
    try {
      Bytes level_buffer(ISAL_DEF_LVL1_DEFAULT);
      for (std::size_t i; (i = next.fetch_add(1)) < parts;) {
        const std::size_t begin = data.size() * i / parts;
        const std::size_t end = data.size() * (i + 1) / parts;
        compress_part(data.subspan(begin, end - begin), i + 1 == parts, most_at_once, level_buffer,
                      compressed[i]);
      }
    } catch (...) {
      const std::lock_guard hold(failed_lock);
      if (!failed) failed = std::current_exception();
    }
  };
  std::vector<std::thread> helpers;
  const std::size_t threads = std::min<std::size_t>(parts, std::thread::hardware_concurrency());
  try {
    for (std::size_t t = 1; t < threads; ++t)
      helpers.emplace_back(work);
  } catch (const std::system_error&) {
    // Fewer threads than hoped: this one takes what they would have.
  }
  work();
  for (std::thread& t : helpers)
    t.join();
  if (failed) std::rethrow_exception(failed);

  std::size_t total = 6;
  for (const Bytes& c : compressed)
    total += c.size();
  std::string out;
  out.reserve(total);
  // CMF 0x78 (deflate, 32K window), FLG 0x01: fastest compression, header check multiple of 31.
  out.append({'\x78', '\x01'});
  for (const Bytes& c : compressed)
    out.append(reinterpret_cast<const char*>(c.data()), c.size());
  const std::uint32_t adler = isal_adler32(1, data.data(), data.size());
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((adler >> shift) & 0xff));
  return out;
}

}  // namespace framecheck
