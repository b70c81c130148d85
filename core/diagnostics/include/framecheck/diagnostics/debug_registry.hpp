// DebugRegistry: the debug sources that are on, and what they wrote this frame.
#pragma once

#include <cstdint>
#include <framecheck/diagnostics/debug_flags.hpp>
#include <framecheck/diagnostics/debug_source.hpp>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace framecheck {

class DebugRegistry;

// Returned by DebugRegistry::add: remove() takes the source out again (when the system it reports
// on goes away). Empty when the source was not on, so was never added.
class DebugHandle {
 public:
  DebugHandle() = default;
  DebugHandle(DebugRegistry* registry, std::uint64_t id) : registry_(registry), id_(id) {}
  bool added() const { return registry_ != nullptr; }
  void remove();

 private:
  DebugRegistry* registry_ = nullptr;
  std::uint64_t id_ = 0;
};

// Holds the sources whose ids are on, in the order added. A source that is off is never added,
// so nothing ever calls it: an off source costs nothing.
//   DebugHandle h = engine.debug().add(std::make_shared<SpawnerDebug>(probe));
class DebugRegistry {
 public:
  explicit DebugRegistry(DebugFlags flags = {}) : flags_(std::move(flags)) {}

  [[nodiscard]] DebugHandle add(std::shared_ptr<DebugSource> source);
  void remove(std::uint64_t id);
  const DebugFlags& flags() const { return flags_; }
  // Every id a source was offered under, on or off, in id order: what --debug= can name.
  const std::set<std::string, std::less<>>& offered() const { return offered_; }
  // The ids the flags turn on that no source has been offered under (a typo, another game's).
  std::vector<std::string> unknown_ids() const;
  std::size_t size() const { return sources_.size(); }
  bool empty() const { return sources_.empty(); }

  // Asks every source for its rows and lines (the engine does this once per rendered frame).
  void collect();
  // What collect() gathered: each source's title and rows, and every line.
  struct Section {
    std::string_view title;
    DebugRows rows;
  };
  const std::vector<Section>& sections() const { return sections_; }
  const DebugLines& lines() const { return lines_; }

 private:
  struct Entry {
    std::uint64_t id;
    std::shared_ptr<DebugSource> source;
  };
  DebugFlags flags_;
  std::set<std::string, std::less<>> offered_;
  std::vector<Entry> sources_;
  std::vector<Section> sections_;
  DebugLines lines_;
  std::uint64_t next_id_ = 1;
};

}  // namespace framecheck
