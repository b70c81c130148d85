// What the command line prints is text, whoever wrote it: a reading in a session, a game's name
// in a header, a failure message in a JUnit file. Control characters in it would reach the
// terminal raw (clear the screen, set the window title, write the clipboard, or print a fake
// "all match" over the real result), so every byte written through std::cout and std::cerr while
// a TerminalText is alive is escaped: C0 controls other than newline and tab, DEL, and the C1
// controls (U+0080 to U+009F, as UTF-8) become \u001b and the like, which is also what a JSON
// string spells them, so JSON output stays valid and means the same. Direct writes to the
// descriptors (a session or PNG written to "-", the progress bar) are not text and pass as they
// are.
#pragma once

#include <ostream>
#include <streambuf>

namespace framecheck::cli {

// A stream buffer that escapes control characters on their way to `out`.
class EscapingBuffer final : public std::streambuf {
 public:
  explicit EscapingBuffer(std::streambuf* out) : out_(out) {}
  // Writes a lead byte held back by a string cut between its two bytes.
  ~EscapingBuffer() override;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool put(unsigned char c);
  std::streambuf* out_;
  bool held_lead_ = false;  // a 0xC2 waiting for the byte that says whether it starts a C1 control
};

// Escapes what `stream` prints while it lives; restores its buffer after.
//   TerminalText out(std::cout), err(std::cerr);
class TerminalText {
 public:
  explicit TerminalText(std::ostream& stream);
  ~TerminalText();
  TerminalText(const TerminalText&) = delete;
  TerminalText& operator=(const TerminalText&) = delete;

 private:
  std::ostream& stream_;
  std::streambuf* original_;
  EscapingBuffer escaping_;
};

}  // namespace framecheck::cli
