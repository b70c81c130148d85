#include <exception>
#include <framecheck/diagnostics/format.hpp>
#include <framecheck/diagnostics/registry.hpp>
#include <string>
#include <string_view>
#include <utility>

namespace framecheck {

void evaluate_source_into(DiagnosticReading& out, std::string_view name,
                          const std::function<DiagnosticValue()>& source) {
  out.name.assign(name);
  const auto fail = [&](std::string_view message) {
    out.value.reset();
    if (out.error) {
      out.error->assign(message);
    } else {
      out.error.emplace(message);
    }
  };
  try {
    if (out.value) {
      *out.value = source();  // into the existing value: a string reuses its buffer
    } else {
      out.value.emplace(source());
    }
    out.error.reset();
  } catch (const std::exception& e) {
    fail(e.what());
  } catch (const std::string& s) {
    fail(s);
  } catch (const char* s) {
    fail(s ? s : "null");  // what JavaScript's String(null) says
  } catch (std::string_view s) {
    fail(s);
  } catch (bool b) {
    fail(b ? "true" : "false");
  } catch (char c) {
    fail(std::string_view(&c, 1));
  } catch (signed char n) {
    fail(std::to_string(n));
  } catch (unsigned char n) {
    fail(std::to_string(n));
  } catch (short n) {
    fail(std::to_string(n));
  } catch (unsigned short n) {
    fail(std::to_string(n));
  } catch (int n) {
    fail(std::to_string(n));
  } catch (unsigned n) {
    fail(std::to_string(n));
  } catch (long n) {
    fail(std::to_string(n));
  } catch (unsigned long n) {
    fail(std::to_string(n));
  } catch (long long n) {
    fail(std::to_string(n));
  } catch (unsigned long long n) {
    fail(std::to_string(n));
  } catch (wchar_t n) {
    fail(std::to_string(static_cast<unsigned long>(n)));
  } catch (char8_t n) {
    fail(std::to_string(static_cast<unsigned>(n)));
  } catch (char16_t n) {
    fail(std::to_string(static_cast<unsigned>(n)));
  } catch (char32_t n) {
    fail(std::to_string(static_cast<unsigned long>(n)));
  } catch (float n) {
    fail(format_js_number(n));
  } catch (double n) {
    fail(format_js_number(n));
  } catch (long double n) {
    fail(format_js_number(n));
  } catch (...) {
    fail("unknown exception");
  }
}

DiagnosticReading evaluate_source(std::string_view name,
                                  const std::function<DiagnosticValue()>& source) {
  DiagnosticReading reading;
  evaluate_source_into(reading, name, source);
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
  read_reusing(out, out.size());
}

void DiagnosticRegistry::read_reusing(std::vector<DiagnosticReading>& out, std::size_t first) {
  ReadScope scope(*this);
  // Size fixed up front: anything registered by a source waits in pending_ for the next read.
  const std::size_t n = entries_.size();
  if (out.size() < first + n) out.resize(first + n);
  for (std::size_t i = 0; i < n; ++i) {
    evaluate_source_into(out[first + i], entries_[i].name, entries_[i].source);
  }
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
