#include <exception>
#include <framecheck/format.hpp>
#include <framecheck/registry.hpp>
#include <utility>

namespace framecheck {

DiagnosticReading evaluate_source(std::string_view name,
                                  const std::function<DiagnosticValue()>& source) {
  DiagnosticReading reading;
  reading.name = std::string(name);
  try {
    reading.value = source();
  } catch (const std::exception& e) {
    reading.error = e.what();
  } catch (const std::string& s) {
    reading.error = s;
  } catch (const char* s) {
    reading.error = s ? s : "null exception message";
  } catch (int n) {
    reading.error = format_number(n);
  } catch (long n) {
    reading.error = format_number(static_cast<double>(n));
  } catch (long long n) {
    reading.error = format_number(static_cast<double>(n));
  } catch (double n) {
    reading.error = format_number(n);
  } catch (...) {
    reading.error = "unknown exception";
  }
  return reading;
}

void DiagnosticRegistry::register_erased(std::string_view name, Source source) {
  if (read_depth_ > 0) {
    pending_.push_back({false, Entry{std::string(name), std::move(source)}});
    return;
  }
  apply(name, std::move(source));
}

void DiagnosticRegistry::apply(std::string_view name, Source source) {
  if (auto it = index_.find(name); it != index_.end()) {
    entries_[it->second].source = std::move(source);
    return;
  }
  index_.emplace(std::string(name), entries_.size());
  entries_.push_back(Entry{std::string(name), std::move(source)});
}

void DiagnosticRegistry::apply_pending() {
  std::vector<Pending> pending = std::move(pending_);
  pending_.clear();
  for (Pending& p : pending) {
    if (p.clear) {
      entries_.clear();
      index_.clear();
    } else {
      apply(p.entry.name, std::move(p.entry.source));
    }
  }
}

void DiagnosticRegistry::clear() {
  if (read_depth_ > 0) {
    pending_.push_back({true, {}});
    return;
  }
  entries_.clear();
  index_.clear();
}

void DiagnosticRegistry::read_into(std::vector<DiagnosticReading>& out) {
  ReadScope scope(*this);
  // Size fixed up front: anything registered by a source waits in pending_ for the next read.
  const std::size_t n = entries_.size();
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(evaluate_source(entries_[i].name, entries_[i].source));
}

std::vector<DiagnosticReading> DiagnosticRegistry::read() {
  std::vector<DiagnosticReading> out;
  out.reserve(entries_.size());
  read_into(out);
  return out;
}

std::vector<std::string> DiagnosticRegistry::names() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const Entry& e : entries_)
    out.push_back(e.name);
  return out;
}

DiagnosticRegistry::ReadScope::ReadScope(DiagnosticRegistry& registry) : registry_(registry) {
  ++registry_.read_depth_;
}

DiagnosticRegistry::ReadScope::~ReadScope() {
  if (--registry_.read_depth_ == 0 && !registry_.pending_.empty()) registry_.apply_pending();
}

}  // namespace framecheck
