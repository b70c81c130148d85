// DiagnosticRegistry: named sources in registration order; one per lifetime (instance, world).
#pragma once

#include <concepts>
#include <cstddef>
#include <deque>
#include <framecheck/diagnostics/diagnostic_value.hpp>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace framecheck {

// A callable the registry can hold: invoked with no arguments, returns something that converts
// to DiagnosticValue (a string-like, a number, a bool, or a DiagnosticValue).
template <class F>
concept SourceCallable =
    std::invocable<F&> && std::convertible_to<std::invoke_result_t<F&>, DiagnosticValue>;

// Holds a game's sources in one lifetime. Order is registration order; re-registering a name
// replaces its source and keeps its place. Sources are evaluated on every read, never cached.
//   DiagnosticRegistry& reg = init.diagnostics;
//   reg.register_source("score", [&] { return game.score; });
//   reg.register_source("leader", [&] { return leader ? leader->tag : "none"; });
class DiagnosticRegistry {
 public:
  using Source = std::function<DiagnosticValue()>;

  DiagnosticRegistry() = default;
  DiagnosticRegistry(const DiagnosticRegistry&) = delete;
  DiagnosticRegistry& operator=(const DiagnosticRegistry&) = delete;

  // Adds `name` at the end, or replaces its source in place. Registered during a read of this
  // registry, the change takes effect from the next read on.
  template <SourceCallable F>
  void register_source(std::string_view name, F&& source) {
    register_erased(name, Source([f = std::forward<F>(source)]() mutable -> DiagnosticValue {
                      return DiagnosticValue(f());
                    }));
  }

  // Evaluates every source in order, appending one reading each to `out`. Never throws
  // because of a source: a throwing source becomes a reading with an error.
  void read_into(std::vector<DiagnosticReading>& out);
  std::vector<DiagnosticReading> read();
  // Evaluates every source into out[first], out[first + 1], ..., reusing those readings' strings,
  // so a caller that keeps one vector reads without allocating once it has grown.
  void read_reusing(std::vector<DiagnosticReading>& out, std::size_t first);

  // Drops every source: what happens to the world registry when its world closes.
  void clear();

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  bool contains(std::string_view name) const { return index_.find(name) != index_.end(); }
  // The registered names, in order.
  std::vector<std::string> names() const;

  // Marks a span in which registrations are deferred; Diagnostics holds both registries in one
  // span so a source registering into the other registry also waits for the next read.
  class ReadScope {
   public:
    explicit ReadScope(DiagnosticRegistry& registry);
    ~ReadScope();
    ReadScope(const ReadScope&) = delete;
    ReadScope& operator=(const ReadScope&) = delete;

   private:
    DiagnosticRegistry& registry_;
  };

 private:
  struct Entry {
    std::string name;
    Source source;
  };
  struct Pending {
    bool clear = false;  // a clear() requested mid-read, applied before the entries after it
    Entry entry;
  };

  void register_erased(std::string_view name, Source source);
  void apply(std::string_view name, Source source);
  void apply_pending();

  // A deque keeps every element in place while a source appends to it mid-read.
  std::deque<Entry> entries_;
  std::map<std::string, std::size_t, std::less<>> index_;
  std::vector<Pending> pending_;
  int read_depth_ = 0;
};

// Evaluates one source, containing anything it throws: std::exception gives what(), a thrown
// std::string or C string its text, a thrown number its display form, anything else
// "unknown exception".
DiagnosticReading evaluate_source(std::string_view name,
                                  const std::function<DiagnosticValue()>& source);

}  // namespace framecheck
