// DebugFlags: which debug sources are on, from launch arguments or the environment.
#pragma once

#include <set>
#include <span>
#include <string>
#include <string_view>

namespace framecheck {

// Ids are trimmed, lower-cased and split on commas; every flag adds to the set.
//   DebugFlags flags = DebugFlags::from_args({"--debug=cells,Spawner", "--debug= hud "});
//   flags.on("spawner");  // true
class DebugFlags {
 public:
  // Every `--debug=LIST` among the arguments (other arguments are ignored).
  static DebugFlags from_args(std::span<const std::string> args);
  // The comma-separated list in an environment variable (FRAMECHECK_DEBUG by default), for
  // headless runs; none if unset.
  static DebugFlags from_env(const char* variable = "FRAMECHECK_DEBUG");

  // Adds the ids of a comma-separated list.
  void add(std::string_view list);
  void merge(const DebugFlags& other) { ids_.insert(other.ids_.begin(), other.ids_.end()); }
  bool on(std::string_view id) const;
  bool empty() const { return ids_.empty(); }
  const std::set<std::string, std::less<>>& ids() const { return ids_; }
  // "cells,spawner": the form --debug= takes.
  std::string to_string() const;

 private:
  std::set<std::string, std::less<>> ids_;
};

}  // namespace framecheck
