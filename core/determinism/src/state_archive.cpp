#include <framecheck/determinism/state_archive.hpp>

namespace framecheck {

std::string detail::concat(std::initializer_list<std::string_view> parts) {
  std::size_t n = 0;
  for (const std::string_view p : parts)
    n += p.size();
  std::string out;
  out.reserve(n);
  for (const std::string_view p : parts)
    out.append(p);
  return out;
}

void StateArchive::flag(std::string_view name, bool& value) {
  if (!loading()) {
    out_->flag(name, value);
  } else if (const GameStateValue* v = load_slot(name, 2)) {
    value = std::get<bool>(*v);
  }
}

void StateArchive::text(std::string_view name, std::string& value) {
  if (!loading()) {
    out_->text(name, value);
  } else if (const GameStateValue* v = load_slot(name, 3)) {
    value = std::get<std::string>(*v);
  }
}

bool StateArchive::fail(std::string problem) {
  if (problem_.empty()) problem_ = std::move(problem);
  return false;
}

const GameStateValue* StateArchive::load_slot(std::string_view name, std::size_t kind) {
  // After the first disagreement the rest would only repeat it.
  if (!problem_.empty()) return nullptr;
  const auto saved = in_->fields();
  if (at_ < saved.size() && saved[at_].name == name && saved[at_].value.index() == kind)
    return &saved[at_++].value;
  const std::string place = std::to_string(at_ + 1);
  const std::string_view kind_name = kGameStateKinds[kind];
  if (at_ >= saved.size()) {
    fail(detail::concat({"the declaration's field ", place, ", \"", name, "\" (", kind_name,
                         "), is past the saved state's ", std::to_string(saved.size())}));
  } else {
    const GameStateField& f = saved[at_];
    fail(detail::concat({"field ", place, ": the declaration says \"", name, "\" (", kind_name,
                         "), the saved state \"", f.name, "\" (", kGameStateKinds[f.value.index()],
                         ")"}));
  }
  return nullptr;
}

void StateArchive::save_entry_count(std::size_t n) {
  if (out_->counts_size_ == out_->counts_.size()) out_->counts_.emplace_back();
  out_->counts_[out_->counts_size_++] = static_cast<std::uint32_t>(n);
}

std::size_t StateArchive::load_entry_count(std::string_view prefix) {
  const auto counts = in_->entry_counts();
  if (entries_ >= counts.size()) {
    fail(detail::concat({"entries \"", prefix, "\": the saved state keeps no count for them"}));
    return 0;
  }
  return counts[entries_++];
}

std::string_view StateArchive::next_saved_name() const {
  const auto saved = in_->fields();
  return at_ < saved.size() ? std::string_view(saved[at_].name) : std::string_view();
}

void StateArchive::finish() {
  if (!loading() || !problem_.empty()) return;
  const std::size_t saved = in_->fields().size();
  if (at_ < saved) {
    fail(detail::concat({"the saved state has ", std::to_string(saved),
                         " fields; the declaration reached ", std::to_string(at_), ", not \"",
                         in_->fields()[at_].name, "\""}));
  }
}

}  // namespace framecheck
