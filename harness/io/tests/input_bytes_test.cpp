#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <framecheck/io/input_bytes.hpp>
#include <framecheck/io/input_file.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "test_folder.hpp"

namespace framecheck {

// Whether an InputBytes is a mapping of its file, which only these tests need to see.
struct detail::InputBytesAccess {
  static bool mapped(const InputBytes& bytes) { return bytes.mapped_ != nullptr; }
};
namespace {

namespace fs = std::filesystem;

// Mapping is allowed process-wide, so every test that allows it runs in a child process
// (EXPECT_EXIT), and the tests stay independent of their order.
class InputBytesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // A fork, not a fresh process: the child shares this fixture's folder, so the parent removes
    // it however the child ends (_Exit, or the SIGBUS handler's _exit, neither runs a destructor).
    GTEST_FLAG_SET(death_test_style, "fast");
    content_.resize(100000);
    for (std::size_t i = 0; i < content_.size(); ++i)
      content_[i] = static_cast<char>(i * 7 + i / 251);
    std::ofstream(dir_ / "input.bin", std::ios::binary) << content_;
  }
  // Under a sanitizer the process starts with a SIGBUS handler of its own, which the rule keeps,
  // so nothing is mapped there; the tests that need mapping say so and skip.
  static bool sigbus_taken() {
    struct sigaction now {};
    return ::sigaction(SIGBUS, nullptr, &now) == 0 && now.sa_handler != SIG_DFL;
  }
  fs::path input() const { return dir_ / "input.bin"; }
  TestFolder dir_;
  std::string content_;
};

TEST_F(InputBytesTest, ReadsUntilAllowedThenMapsTheSameBytes) {
  if (sigbus_taken()) GTEST_SKIP() << "SIGBUS already has a handler (a sanitizer's)";
  EXPECT_EXIT(
      {
        Result<InputBytes> read = InputBytes::read(input(), 1 << 20, "a test file");
        const bool read_ok =
            read && !detail::InputBytesAccess::mapped(*read) && read->view() == content_;
        allow_mapped_inputs("test", 2);
        Result<InputBytes> mapped = InputBytes::read(input(), 1 << 20, "a test file");
        const bool mapped_ok =
            mapped && detail::InputBytesAccess::mapped(*mapped) && mapped->view() == content_;
        std::_Exit(read_ok && mapped_ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(InputBytesTest, AFileThatShrinksWhileMappedIsAnErrorNamingItAndTheByte) {
  if (sigbus_taken()) GTEST_SKIP() << "SIGBUS already has a handler (a sanitizer's)";
  EXPECT_EXIT(
      {
        allow_mapped_inputs("framecheck diff", 2);
        Result<InputBytes> bytes = InputBytes::read(input(), 1 << 20, "a test file");
        if (!bytes || !detail::InputBytesAccess::mapped(*bytes)) std::_Exit(1);
        fs::resize_file(input(), 0);
        volatile char c = bytes->view()[70000];
        (void)c;
        std::_Exit(0);
      },
      ::testing::ExitedWithCode(2),
      "framecheck diff: .*input.bin:byte 70000: the file shrank while it was being read");
}

void programs_own_handler(int) {}

TEST_F(InputBytesTest, AProgramsOwnSigbusHandlerIsKeptAndItsInputsAreRead) {
  EXPECT_EXIT(
      {
        std::signal(SIGBUS, programs_own_handler);
        allow_mapped_inputs("test", 2);
        Result<InputBytes> bytes = InputBytes::read(input(), 1 << 20, "a test file");
        struct sigaction now {};
        ::sigaction(SIGBUS, nullptr, &now);
        const bool ok = bytes && !detail::InputBytesAccess::mapped(*bytes) &&
                        bytes->view() == content_ && now.sa_handler == programs_own_handler;
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(InputBytesTest, ErrorsAreReadInputFilesOwn) {
  EXPECT_EXIT(
      {
        allow_mapped_inputs("test", 2);
        bool same = true;
        for (const fs::path& p : {input(), dir_ / "missing.bin", dir_.path()}) {
          Result<InputBytes> bytes = InputBytes::read(p, 1000, "a test file");
          Result<std::string> text = read_input_file(p, 1000, "a test file");
          same = same && !bytes && !text && bytes.error().message() == text.error().message();
        }
        std::_Exit(same ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(InputBytesTest, AnEmptyFileAndTooManyOpenAtOnceAreReadInstead) {
  if (sigbus_taken()) GTEST_SKIP() << "SIGBUS already has a handler (a sanitizer's)";
  std::ofstream(dir_ / "empty.bin");
  EXPECT_EXIT(
      {
        allow_mapped_inputs("test", 2);
        Result<InputBytes> empty = InputBytes::read(dir_ / "empty.bin", 1000, "a test file");
        bool ok = empty && !detail::InputBytesAccess::mapped(*empty) && empty->view().empty();
        std::vector<InputBytes> open;
        for (int i = 0; i < 20; ++i) {
          Result<InputBytes> bytes = InputBytes::read(input(), 1 << 20, "a test file");
          ok = ok && bytes && bytes->view() == content_ &&
               detail::InputBytesAccess::mapped(*bytes) == (i < 16);
          if (bytes) open.push_back(std::move(*bytes));
        }
        open.clear();  // every record given back: the next is mapped again
        Result<InputBytes> again = InputBytes::read(input(), 1 << 20, "a test file");
        ok = ok && again && detail::InputBytesAccess::mapped(*again);
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace framecheck
