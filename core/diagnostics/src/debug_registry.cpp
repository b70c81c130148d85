#include <algorithm>
#include <framecheck/diagnostics/debug_registry.hpp>

namespace framecheck {

void DebugHandle::remove() {
  if (registry_ != nullptr) registry_->remove(id_);
  registry_ = nullptr;
}

DebugHandle DebugRegistry::add(std::shared_ptr<DebugSource> source) {
  if (!source) return {};
  offered_.emplace(source->id());
  if (!flags_.on(source->id())) return {};
  const std::uint64_t id = next_id_++;
  sources_.push_back({id, std::move(source)});
  return DebugHandle(this, id);
}

std::vector<std::string> DebugRegistry::unknown_ids() const {
  std::vector<std::string> unknown;
  for (const std::string& id : flags_.ids()) {
    if (!offered_.contains(id)) unknown.push_back(id);
  }
  return unknown;
}

void DebugRegistry::remove(std::uint64_t id) {
  std::erase_if(sources_, [id](const Entry& e) { return e.id == id; });
}

void DebugRegistry::collect() {
  sections_.resize(sources_.size());
  lines_.clear();
  for (std::size_t i = 0; i < sources_.size(); ++i) {
    Section& s = sections_[i];
    s.title = sources_[i].source->title();
    s.rows.clear();
    sources_[i].source->rows(s.rows);
    sources_[i].source->lines(lines_);
  }
}

}  // namespace framecheck
