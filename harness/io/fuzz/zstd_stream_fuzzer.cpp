// libFuzzer target: any bytes through DecodedInput, as a file that may or may not be zstd; then
// the same bytes compressed by ZstdWriter with a block ended where the input says, read back
// whole and cut at that block's end. Nothing may crash, hang or leak; a read gives bytes or an
// Error naming the file; the whole stream gives back exactly what went in, and the cut one
// exactly what was flushed before the cut, saying it was cut short.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <framecheck/io/zstd_stream.hpp>
#include <string>

namespace {

// The bytes as a file (in memory) named /proc/self/fd/N; -1 if the system gives none.
int memory_file(const std::string& bytes) {
  const int fd = ::memfd_create("fuzz", MFD_CLOEXEC);
  if (fd < 0) return -1;
  if (::write(fd, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size())) {
    ::close(fd);
    return -1;
  }
  return fd;
}

struct Decoded {
  bool ok = false;
  bool cut_short = false;
  std::string bytes;
};

// At most 64 MiB of output: a tiny input may be a bomb, and the session reader stops far sooner.
Decoded decode(const std::string& input) {
  Decoded d;
  const int fd = memory_file(input);
  if (fd < 0) std::abort();
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  auto file = framecheck::InputFile::open(path, "a fuzz input");
  ::close(fd);
  if (!file) std::abort();
  framecheck::DecodedInput in(std::move(*file), {});
  char chunk[4096];
  while (d.bytes.size() < (64u << 20)) {
    auto n = in.read(chunk, sizeof chunk);
    if (!n) {
      if (n.error().file != path) std::abort();
      return d;
    }
    if (*n == 0) break;
    d.bytes.append(chunk, *n);
  }
  d.ok = true;
  d.cut_short = in.cut_short();
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  (void)decode(bytes);

  // Compressed in two pieces with a block ended between them, then read whole and cut there.
  const std::size_t split = size == 0 ? 0 : data[0] % (size + 1);
  framecheck::ZstdWriter w;
  std::string out;
  w.add(std::string_view(bytes).substr(0, split), out);
  w.flush(out);
  const std::size_t flushed = out.size();
  w.add(std::string_view(bytes).substr(split), out);
  w.end(out);
  const Decoded whole = decode(out);
  if (!whole.ok || whole.bytes != bytes || whole.cut_short) std::abort();
  if (flushed > 0) {
    const Decoded cut = decode(out.substr(0, flushed));
    if (!cut.ok || cut.bytes != bytes.substr(0, split) || !cut.cut_short) std::abort();
  }
  return 0;
}
