#include <cstdio>
#include <framecheck/io/escaped_text.hpp>

namespace framecheck {
namespace {

void append_escape(std::string& out, unsigned code) {
  char text[8];
  std::snprintf(text, sizeof text, "\\u%04x", code);
  out += text;
}

bool is_plain(unsigned char c) {
  return c >= 0x20 && c != 0x7F && c != '\\' && c != 0xC2;
}

}  // namespace

std::string escape_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (is_plain(c)) {
      out.push_back(static_cast<char>(c));
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == 0xC2 && i + 1 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      append_escape(out, static_cast<unsigned char>(text[++i]));  // a C1 control, as UTF-8
    } else if (c == 0xC2) {
      out.push_back(static_cast<char>(c));
    } else {
      append_escape(out, c);
    }
  }
  return out;
}

}  // namespace framecheck
