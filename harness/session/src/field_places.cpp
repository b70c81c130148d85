#include <algorithm>
#include <framecheck/session/field_places.hpp>
#include <utility>

namespace framecheck {

void FieldPlaces::assign(std::span<const GameStateField> fields) {
  std::vector<std::pair<std::string_view, std::size_t>> by_name;
  by_name.reserve(fields.size());
  for (std::size_t i = 0; i < fields.size(); ++i)
    by_name.emplace_back(fields[i].name, i);
  std::sort(by_name.begin(), by_name.end());
  runs_.clear();
  indices_.clear();
  for (const auto& [name, at] : by_name) {
    if (runs_.empty() || runs_.back().name != name)
      runs_.push_back({std::string(name), indices_.size(), indices_.size()});
    indices_.push_back(at);
    ++runs_.back().end;
  }
  hints_.clear();
}

std::span<const std::size_t> FieldPlaces::of(std::string_view name, std::size_t k) {
  if (k >= hints_.size()) hints_.resize(k + 1, runs_.size());
  std::size_t& run = hints_[k];
  if (run >= runs_.size() || runs_[run].name != name) run = find(name);
  return indices_of(run);
}

std::span<const std::size_t> FieldPlaces::of(std::string_view name) const {
  return indices_of(find(name));
}

std::size_t FieldPlaces::find(std::string_view name) const {
  const auto it = std::lower_bound(runs_.begin(), runs_.end(), name,
                                   [](const Run& r, std::string_view n) { return r.name < n; });
  return it != runs_.end() && it->name == name ? static_cast<std::size_t>(it - runs_.begin())
                                               : runs_.size();
}

std::span<const std::size_t> FieldPlaces::indices_of(std::size_t run) const {
  if (run >= runs_.size()) return {};
  return std::span<const std::size_t>(indices_).subspan(runs_[run].begin,
                                                        runs_[run].end - runs_[run].begin);
}

}  // namespace framecheck
