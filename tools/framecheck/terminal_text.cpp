#include "terminal_text.hpp"

#include <cstdio>

namespace framecheck::cli {
namespace {

bool write_all(std::streambuf* out, const char* s, std::streamsize n) {
  return out->sputn(s, n) == n;
}

bool write_escape(std::streambuf* out, unsigned code) {
  char text[8];
  std::snprintf(text, sizeof text, "\\u%04x", code);
  return write_all(out, text, 6);
}

}  // namespace

EscapingBuffer::~EscapingBuffer() {
  if (held_lead_) out_->sputc(static_cast<char>(0xC2));
}

bool EscapingBuffer::put(unsigned char c) {
  if (held_lead_) {
    held_lead_ = false;
    if (c >= 0x80 && c <= 0x9F) return write_escape(out_, c);
    if (out_->sputc(static_cast<char>(0xC2)) == traits_type::eof()) return false;
  }
  if (c == 0xC2) {
    held_lead_ = true;
    return true;
  }
  if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return write_escape(out_, c);
  return out_->sputc(static_cast<char>(c)) != traits_type::eof();
}

EscapingBuffer::int_type EscapingBuffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  return put(static_cast<unsigned char>(traits_type::to_char_type(c))) ? c : traits_type::eof();
}

std::streamsize EscapingBuffer::xsputn(const char* s, std::streamsize n) {
  // Runs of plain bytes go through whole; only the bytes that need a look go one at a time.
  std::streamsize done = 0;
  while (done < n) {
    std::streamsize plain = done;
    while (plain < n && !held_lead_) {
      const auto c = static_cast<unsigned char>(s[plain]);
      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F || c == 0xC2) break;
      ++plain;
    }
    if (plain > done) {
      if (!write_all(out_, s + done, plain - done)) return done;
      done = plain;
    }
    if (done < n) {
      if (!put(static_cast<unsigned char>(s[done]))) return done;
      ++done;
    }
  }
  return n;
}

int EscapingBuffer::sync() {
  return out_->pubsync();
}

TerminalText::TerminalText(std::ostream& stream)
    : stream_(stream), original_(stream.rdbuf()), escaping_(original_) {
  stream_.rdbuf(&escaping_);
}

TerminalText::~TerminalText() {
  stream_.flush();
  stream_.rdbuf(original_);
}

}  // namespace framecheck::cli
