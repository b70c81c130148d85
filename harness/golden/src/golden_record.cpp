#include <framecheck/golden/golden_record.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/io/input_file.hpp>
#include <nlohmann/json.hpp>
#include <string_view>

namespace framecheck {
namespace {

constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 20;

}  // namespace

bool GoldenRecord::passed() const {
  return outcome == "matched" || outcome == "within_tolerance" || outcome == "written" ||
         outcome == "accepted";
}

std::string golden_record_json(const GoldenRecord& r) {
  const nlohmann::ordered_json j = {{"suite", r.suite},
                                    {"name", r.name},
                                    {"case", r.case_id},
                                    {"outcome", r.outcome},
                                    {"exact", r.exact},
                                    {"perceptual", r.perceptual},
                                    {"threshold", r.threshold},
                                    {"allowed", r.allowed},
                                    {"pixels", r.pixels},
                                    {"golden", r.golden},
                                    {"actual_bytes", r.actual_bytes},
                                    {"actual_hash", r.actual_hash},
                                    {"message", r.message}};
  return j.dump() + "\n";
}

Result<GoldenRecord> read_golden_record(const std::filesystem::path& path) {
  Result<std::string> text = read_input_file(path, kMaxRecordBytes, "a golden result file");
  if (!text) return text.error();
  const nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    return Error{path.string(), "", "expected one JSON object (a golden check's result)"};
  GoldenRecord r;
  const auto text_field = [&](const char* key, std::string& into) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string()) return false;
    into = it->get<std::string>();
    return true;
  };
  const auto whole_field = [&](const char* key, std::uint64_t& into) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_unsigned()) return false;
    into = it->get<std::uint64_t>();
    return true;
  };
  for (auto [key, into] : {std::pair{"suite", &r.suite}, std::pair{"name", &r.name},
                           std::pair{"case", &r.case_id}, std::pair{"outcome", &r.outcome},
                           std::pair{"golden", &r.golden}, std::pair{"message", &r.message}}) {
    if (!text_field(key, *into))
      return Error{path.string(), std::string("\"") + key + "\"", "expected a string"};
  }
  for (auto [key, into] :
       {std::pair{"exact", &r.exact}, std::pair{"perceptual", &r.perceptual},
        std::pair{"allowed", &r.allowed}, std::pair{"pixels", &r.pixels},
        std::pair{"actual_bytes", &r.actual_bytes}, std::pair{"actual_hash", &r.actual_hash}}) {
    if (!whole_field(key, *into))
      return Error{path.string(), std::string("\"") + key + "\"", "expected a whole number"};
  }
  if (const auto it = j.find("threshold"); it != j.end() && it->is_number())
    r.threshold = it->get<double>();
  else
    return Error{path.string(), "\"threshold\"", "expected a number"};
  // The names become paths: a record that would reach outside its folders is not one we wrote.
  // The suite is one plain file name; the name may have folders (a parameterised case's
  // "steps/frame/0"), each a plain file name.
  const auto plain = [](std::string_view part) {
    return !part.empty() && part.find('/') == std::string_view::npos && part != "." && part != "..";
  };
  const auto plain_path = [&](std::string_view name) {
    for (std::size_t at = 0; at <= name.size();) {
      const std::size_t end = std::min(name.find('/', at), name.size());
      if (!plain(name.substr(at, end - at))) return false;
      at = end + 1;
    }
    return true;
  };
  for (const std::string* part : {&r.suite, &r.name}) {
    if (part == &r.suite ? !plain(*part) : !plain_path(*part))
      return Error{path.string(), "",
                   "suite and name must be plain file names (a name may have folders of plain "
                   "file names), not '" +
                       escape_text(*part) + "'"};
  }
  return r;
}

std::uint64_t golden_bytes_hash(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace framecheck
