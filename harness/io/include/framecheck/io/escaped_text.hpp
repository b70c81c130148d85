// Names that come from a file (a case id in a result file, a game's name in a session, a compiler
// in a fingerprint) are somebody else's bytes. Printed raw, a newline in one writes a line that
// looks like another verdict, and an escape sequence rewrites the terminal. Every such name is
// passed through escape_text before it reaches a message, a summary or a page.
#pragma once

#include <string>
#include <string_view>

namespace framecheck {

// `text` with every control character spelt out as JSON spells it (\u000a, \u001b, and the C1
// controls U+0080-U+009F), DEL included, and the backslash doubled, so what is printed is
// one line and reads back to exactly the bytes the file held.
//   std::cerr << "no golden called '" << escape_text(name) << "'\n";
std::string escape_text(std::string_view text);

}  // namespace framecheck
