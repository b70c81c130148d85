// Result and Error: how the harness reports what a caller can handle, bad input above all.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace framecheck {

// What went wrong, and where: the file, the place in it (a line, a frame, a byte offset; empty
// when the whole file is meant) and what was expected.
struct Error {
  std::string file;
  std::string where;
  std::string what;
  // "file:where: what", the form every message the tools print takes.
  std::string message() const {
    std::string m = file;
    if (!where.empty()) m += ":" + where;
    if (!m.empty()) m += ": ";
    return m + what;
  }
};

// A value or the Error that prevented it.
//   Result<Image> r = read_png("golden/a.png");
//   if (!r) return fail(r.error().message());
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: a value converts implicitly
  Result(Error error) : v_(std::move(error)) {}  // NOLINT
  explicit operator bool() const { return v_.index() == 0; }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// For operations that return nothing but can fail.
struct Ok {};
using Status = Result<Ok>;

}  // namespace framecheck
