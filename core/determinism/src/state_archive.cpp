#include <framecheck/determinism/state_archive.hpp>

namespace framecheck {

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

GameStateValue& StateArchive::save_slot(std::string_view name) {
  return out_->next(name).value;
}

bool StateArchive::fail(std::string problem) {
  if (problem_.empty()) problem_ = std::move(problem);
  return false;
}

const GameStateValue* StateArchive::load_slot(std::string_view name, std::size_t kind) {
  // After the first disagreement the rest would only repeat it.
  if (!problem_.empty()) return nullptr;
  const auto saved = in_->fields();
  const std::string declared =
      "\"" + std::string(name) + "\" (" + std::string(kGameStateKinds[kind]) + ")";
  if (at_ >= saved.size()) {
    fail("the declaration's field " + std::to_string(at_ + 1) + ", " + declared +
         ", is past the saved state's " + std::to_string(saved.size()));
    return nullptr;
  }
  const GameStateField& f = saved[at_];
  if (f.name != name || f.value.index() != kind) {
    fail("field " + std::to_string(at_ + 1) + ": the declaration says " + declared +
         ", the saved state \"" + f.name + "\" (" + std::string(kGameStateKinds[f.value.index()]) +
         ")");
    return nullptr;
  }
  ++at_;
  return &f.value;
}

void StateArchive::save_entry_count(std::size_t n) {
  if (out_->counts_size_ == out_->counts_.size()) out_->counts_.emplace_back();
  out_->counts_[out_->counts_size_++] = static_cast<std::uint32_t>(n);
}

std::size_t StateArchive::load_entry_count(std::string_view prefix) {
  const auto counts = in_->entry_counts();
  if (entries_ >= counts.size()) {
    fail("entries \"" + std::string(prefix) + "\": the saved state keeps no count for them");
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
    fail("the saved state has " + std::to_string(saved) + " fields; the declaration reached " +
         std::to_string(at_) + ", not \"" + in_->fields()[at_].name + "\"");
  }
}

}  // namespace framecheck
