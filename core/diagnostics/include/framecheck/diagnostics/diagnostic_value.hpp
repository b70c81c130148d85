// DiagnosticValue and DiagnosticReading: what a source reports, and what one read of it gave.
#pragma once

#include <concepts>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

namespace framecheck {

namespace detail {
template <class T>
concept CharType = std::same_as<T, char> || std::same_as<T, signed char> ||
    std::same_as<T, unsigned char> || std::same_as<T, wchar_t> || std::same_as<T, char8_t> ||
    std::same_as<T, char16_t> || std::same_as<T, char32_t>;
}  // namespace detail

// Any integer or floating type except bool and the character types: it becomes a number.
template <class T>
concept NumberLike =
    std::is_arithmetic_v<std::remove_cvref_t<T>> && !std::same_as<std::remove_cvref_t<T>, bool> &&
    !detail::CharType<std::remove_cvref_t<T>>;

// Anything that reads as text (std::string, std::string_view, const char*, literals): a string.
template <class T>
concept StringLike = std::convertible_to<T, std::string_view> && !NumberLike<T>;

// A string, a number or a boolean: the three things a panel line can say and a check can compare.
// Conversions are explicit about kind: an int never becomes a bool and a const char* never a bool.
// Character types are rejected at compile time rather than silently shown as their code point.
class DiagnosticValue {
 public:
  using Storage = std::variant<std::string, double, bool>;

  DiagnosticValue() : storage_(std::string()) {}
  template <class T>
  requires std::same_as < std::remove_cvref_t<T>,
  bool > DiagnosticValue(T value)
      : storage_(static_cast<bool>(value)) {}  // NOLINT: implicit by design
  template <NumberLike T>
  DiagnosticValue(T value) : storage_(static_cast<double>(value)) {}  // NOLINT
  // A null const char* is no string: it throws std::invalid_argument, which a source's read turns
  // into an error reading rather than a crash.
  template <StringLike T>
  DiagnosticValue(T&& value)  // NOLINT
      : storage_(text_of(std::forward<T>(value))) {}

  bool is_string() const { return std::holds_alternative<std::string>(storage_); }
  bool is_number() const { return std::holds_alternative<double>(storage_); }
  bool is_bool() const { return std::holds_alternative<bool>(storage_); }

  // Accessors; calling the wrong one is a contract violation (std::bad_variant_access).
  const std::string& as_string() const { return std::get<std::string>(storage_); }
  double as_number() const { return std::get<double>(storage_); }
  bool as_bool() const { return std::get<bool>(storage_); }

  const Storage& storage() const { return storage_; }

  // Same kind and same value; numbers compare as doubles, so NaN is unequal to itself.
  friend bool operator==(const DiagnosticValue&, const DiagnosticValue&) = default;

 private:
  template <class T>
  static std::string text_of(T&& value) {
    if constexpr (std::is_pointer_v<std::remove_cvref_t<T>>) {
      if (value == nullptr) throw std::invalid_argument("the source returned a null string");
    }
    return std::string(std::string_view(std::forward<T>(value)));
  }

  Storage storage_;
};

// One source's report at one read. Exactly one of value and error is set.
struct DiagnosticReading {
  std::string name;                      // the name the source was registered under
  std::optional<DiagnosticValue> value;  // what a working source returned, unformatted
  std::optional<std::string> error;      // what a failing source threw, as text

  bool ok() const { return value.has_value(); }
  friend bool operator==(const DiagnosticReading&, const DiagnosticReading&) = default;
};

// For test failures and logs: strings quoted, numbers and booleans in display form, errors marked.
std::ostream& operator<<(std::ostream& out, const DiagnosticValue& value);
std::ostream& operator<<(std::ostream& out, const DiagnosticReading& reading);

}  // namespace framecheck
