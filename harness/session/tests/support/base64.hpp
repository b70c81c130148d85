// Base64, decoded: the fuzz corpora are kept as one base64 line per input, so that any bytes
// survive a text file.
#pragma once

#include <string>

namespace framecheck {

inline std::string base64_decode(const std::string& in) {
  std::string out;
  int bits = 0, value = 0;
  for (char c : in) {
    int d;
    if (c >= 'A' && c <= 'Z')
      d = c - 'A';
    else if (c >= 'a' && c <= 'z')
      d = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      d = c - '0' + 52;
    else if (c == '+')
      d = 62;
    else if (c == '/')
      d = 63;
    else
      continue;  // '=' padding
    value = (value << 6) | d;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((value >> bits) & 0xff));
    }
  }
  return out;
}

}  // namespace framecheck
