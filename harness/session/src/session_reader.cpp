#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <framecheck/engine.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/session/session_reader.hpp>
#include <framecheck/session/session_writer.hpp>
#include <limits>
#include <set>

#include "plain_records.hpp"
#include "session_json.hpp"
#include "written_frame.hpp"

namespace framecheck {
namespace {

using Json = nlohmann::json;

// A record's field checks; each failure is a sentence the reader prefixes with file and line.
class Fields {
 public:
  explicit Fields(const Json& j) : j_(j) {}
  const std::string& problem() const { return problem_; }
  bool ok() const { return problem_.empty(); }
  bool has(const char* key) const { return j_.contains(key); }

  std::uint64_t uint(const char* key, std::uint64_t lo, std::uint64_t hi) {
    const Json* v = find(key);
    if (v == nullptr) return 0;
    if (!v->is_number_integer() ||
        (v->is_number_integer() && !v->is_number_unsigned() && v->get<std::int64_t>() < 0)) {
      return fail(key, "must be a whole number from " + std::to_string(lo) + " to " +
                           std::to_string(hi)),
             0;
    }
    const auto n = v->get<std::uint64_t>();
    if (n < lo || n > hi)
      return fail(key, "must be from " + std::to_string(lo) + " to " + std::to_string(hi)), 0;
    return n;
  }
  std::int64_t integer(const char* key) {
    const Json* v = find(key);
    if (v == nullptr) return 0;
    if (!v->is_number_integer() ||
        (v->is_number_unsigned() && v->get<std::uint64_t>() > INT64_MAX)) {
      return fail(key, "must be a whole number"), 0;
    }
    return v->get<std::int64_t>();
  }
  double number(const char* key) {
    const Json* v = find(key);
    if (v == nullptr) return 0;
    if (!v->is_number()) return fail(key, "must be a number"), 0;
    const double d = v->get<double>();
    if (!std::isfinite(d)) return fail(key, "must be finite"), 0;
    return d;
  }
  std::string string(const char* key, bool non_empty = true) {
    const Json* v = find(key);
    if (v == nullptr) return {};
    if (!v->is_string()) return fail(key, "must be a string"), std::string();
    auto s = v->get<std::string>();
    if (non_empty && s.empty()) return fail(key, "must not be empty"), std::string();
    return s;
  }
  const Json* array(const char* key) {
    const Json* v = find(key);
    if (v != nullptr && !v->is_array()) return fail(key, "must be an array"), nullptr;
    return v;
  }
  const Json* object(const char* key) {
    const Json* v = find(key);
    if (v != nullptr && !v->is_object()) return fail(key, "must be an object"), nullptr;
    return v;
  }
  void fail(const std::string& key, const std::string& what) {
    if (problem_.empty()) problem_ = "\"" + key + "\" " + what;
  }
  void fail_plain(const std::string& what) {
    if (problem_.empty()) problem_ = what;
  }

 private:
  const Json* find(const char* key) {
    if (!ok()) return nullptr;
    const auto it = j_.find(key);
    if (it == j_.end()) {
      fail(key, "is missing");
      return nullptr;
    }
    return &*it;
  }
  const Json& j_;
  std::string problem_;
};

// nlohmann's text without its "[json.exception.parse_error.101] parse error at line 1," prefix.
// Any of its exceptions can come out of a parse (a number too large for a double is an
// out_of_range), so all of them are bad input.
std::string parse_problem(const Json::exception& e) {
  std::string what = e.what();
  if (const auto column = what.find("column"); column != std::string::npos)
    return "invalid JSON at " + what.substr(column);
  if (const auto close = what.find("] "); close != std::string::npos) what = what.substr(close + 2);
  return "invalid JSON: " + what;
}

bool parse_reading(const Json& j, DiagnosticReading& out, std::string& problem) {
  if (!j.is_object() || !j.contains("name") || !j["name"].is_string() || j.size() != 2) {
    return problem = "each reading is {\"name\": ..., and one of \"value\", \"error\", \"number\"}",
           false;
  }
  out.name = j["name"].get<std::string>();
  if (const auto v = j.find("value"); v != j.end()) {
    if (v->is_string()) {
      out.value = DiagnosticValue(v->get<std::string>());
    } else if (v->is_boolean()) {
      out.value = DiagnosticValue(v->get<bool>());
    } else if (v->is_number() && std::isfinite(v->get<double>())) {
      out.value = DiagnosticValue(v->get<double>());
    } else {
      return problem =
                 "reading \"" + out.name + "\": a value is a string, a finite number or a boolean",
             false;
    }
  } else if (const auto e = j.find("error"); e != j.end() && e->is_string()) {
    out.error = e->get<std::string>();
  } else if (const auto n = j.find("number"); n != j.end() && n->is_string()) {
    const std::string word = n->get<std::string>();
    const double inf = std::numeric_limits<double>::infinity();
    if (word == "NaN") {
      out.value = DiagnosticValue(std::numeric_limits<double>::quiet_NaN());
    } else if (word == "Infinity" || word == "-Infinity") {
      out.value = DiagnosticValue(word == "Infinity" ? inf : -inf);
    } else {
      return problem = "reading \"" + out.name + "\": \"number\" is NaN, Infinity or -Infinity",
             false;
    }
  } else {
    return problem = "reading \"" + out.name + "\" needs a \"value\", an \"error\" or a \"number\"",
           false;
  }
  return true;
}

// Builds a line's JSON as nlohmann's own parser does, and checks every object's keys on the way:
// JSON leaves a key given twice to the parser, which keeps the last, so
// {"game_changes": {"score": 1, "score": 999}} would mean what whoever wrote it hoped. Not
// nlohmann's callback parser: it scans an object's siblings each time one ends, so a line of many
// objects (a fingerprint naming 100,000 functions) took time quadratic in their number.
class CheckedKeysParser {
 public:
  using Dom = nlohmann::detail::json_sax_dom_parser<Json>;
  explicit CheckedKeysParser(Json& out) : dom_(out, true) {}
  const std::string& duplicate() const { return duplicate_; }

  bool null() { return dom_.null(); }
  bool boolean(bool v) { return dom_.boolean(v); }
  bool number_integer(Json::number_integer_t v) { return dom_.number_integer(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return dom_.number_unsigned(v); }
  bool number_float(Json::number_float_t v, const Json::string_t& s) {
    return dom_.number_float(v, s);
  }
  bool string(Json::string_t& v) { return dom_.string(v); }
  bool binary(Json::binary_t& v) { return dom_.binary(v); }
  bool start_object(std::size_t n) {
    keys_.emplace_back();
    return dom_.start_object(n);
  }
  bool key(Json::string_t& k) {
    // Each open object's keys so far: a line may hold a million, each looked up in log time.
    if (!keys_.back().insert(k).second && duplicate_.empty()) duplicate_ = k;
    return dom_.key(k);
  }
  bool end_object() {
    keys_.pop_back();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) { return dom_.start_array(n); }
  bool end_array() { return dom_.end_array(); }
  template <class Exception>
  bool parse_error(std::size_t at, const std::string& token, const Exception& e) {
    return dom_.parse_error(at, token, e);  // throws it, as Json::parse would
  }

 private:
  Dom dom_;
  std::vector<std::set<std::string>> keys_;
  std::string duplicate_;
};

// A line parsed as JSON; a key given twice in one object is named in `duplicate`, and the line is
// bad input. Throws Json::exception as Json::parse does.
Json parse_line(std::string_view text, std::string& duplicate) {
  Json out;
  CheckedKeysParser parser(out);
  Json::sax_parse(text, &parser);
  duplicate = parser.duplicate();
  return out;
}

}  // namespace

Result<std::uint64_t> max_session_bytes() {
  const char* text = std::getenv("FRAMECHECK_MAX_SESSION_BYTES");
  if (text == nullptr || *text == '\0') return kDefaultMaxSessionBytes;
  std::uint64_t value = 0;
  const char* end = text + std::strlen(text);
  const auto [at, ec] = std::from_chars(text, end, value);
  if (ec != std::errc() || at != end || value == 0) {
    return Error{
        "FRAMECHECK_MAX_SESSION_BYTES", "",
        "expected a whole number of bytes above 0, such as 4294967296 for 4 GiB; it was '" +
            escape_text(text) + "'"};
  }
  return value;
}

Error SessionReader::error(std::uint64_t line, std::string what) const {
  return Error{name_, "line " + std::to_string(line), std::move(what)};
}

SessionReader::SessionReader(std::optional<DecodedInput> file, std::string bytes, std::string name)
    : file_(std::move(file)), buffer_(std::move(bytes)), name_(std::move(name)) {
  eof_ = !file_.has_value();
  total_ = file_ ? file_->size() : buffer_.size();
}

Result<SessionReader> SessionReader::open(const std::filesystem::path& path) {
  Result<InputFile> file = InputFile::open(path, "a session file (JSON Lines)");
  if (!file) return file.error();
  Result<std::uint64_t> bound = max_session_bytes();
  if (!bound) return bound.error();
  std::string name = file->name();
  const DecodedInput::Expect expect{is_zstd_path(path), path.string().ends_with(".partial")};
  SessionReader reader(DecodedInput(std::move(*file), expect), {}, std::move(name));
  reader.max_bytes_ = *bound;
  reader.path_ = path;
  Result<SessionHeader> header = reader.read_header();
  if (!header) return header.error();
  reader.header_ = *header;
  return reader;
}

double SessionReader::progress() const {
  // A compressed file's progress is in its own bytes: its size says nothing of what it holds.
  const std::uint64_t done = file_ && file_->compressed() ? file_->input_bytes() : consumed_;
  return total_ == 0 ? 0.0 : std::min(1.0, static_cast<double>(done) / static_cast<double>(total_));
}

Result<SessionReader> SessionReader::from_bytes(std::string bytes, std::string name) {
  SessionReader reader(std::nullopt, std::move(bytes), std::move(name));
  Result<SessionHeader> header = reader.read_header();
  if (!header) return header.error();
  reader.header_ = *header;
  return reader;
}

Result<std::optional<std::string_view>> SessionReader::next_line(bool& terminated) {
  constexpr std::size_t kChunk = 1u << 20;
  std::size_t searched = pos_;
  while (true) {
    const std::size_t end = buffer_.find('\n', searched);
    if (end != std::string::npos) {
      terminated = true;
      const std::string_view line(buffer_.data() + pos_, end - pos_);
      consumed_ += end + 1 - pos_;
      pos_ = end + 1;
      return std::optional<std::string_view>(line);
    }
    if (buffer_.size() - pos_ > kMaxSessionLineBytes) {
      return error(line_, "the line is longer than " + std::to_string(kMaxSessionLineBytes >> 20) +
                              " MiB, the most a session line may be; is this a session file?");
    }
    if (eof_) {
      if (pos_ == buffer_.size()) return std::optional<std::string_view>();
      terminated = false;
      const std::string_view line(buffer_.data() + pos_, buffer_.size() - pos_);
      consumed_ += buffer_.size() - pos_;
      pos_ = buffer_.size();
      return std::optional<std::string_view>(line);
    }
    // Drop what has been read, then append the next chunk.
    buffer_.erase(0, pos_);
    searched = buffer_.size();
    pos_ = 0;
    // Never past the bound: the read that would take its first byte over it is refused.
    const std::uint64_t left = max_bytes_ - std::min(max_bytes_, file_->output_bytes());
    const std::size_t want =
        left == 0 ? 1 : static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, left));
    buffer_.resize(searched + want);
    Result<std::size_t> n = file_->read(buffer_.data() + searched, want);
    if (!n) return n.error();
    buffer_.resize(searched + *n);
    if (left == 0 && *n > 0) {
      return error(line_ + 1, std::string(file_->compressed() ? "the session decompresses to"
                                                              : "the session holds") +
                                  " more than " + std::to_string(max_bytes_) +
                                  " bytes, the most a session may (a zstd bomb?); "
                                  "FRAMECHECK_MAX_SESSION_BYTES raises the bound");
    }
    if (*n == 0) {
      eof_ = true;
      if (file_->cut_short()) compressed_stream_cut_short();
    }
  }
}

void SessionReader::compressed_stream_cut_short() {
  // The decompressed bytes stop at the last whole block: a session's writer ends one every
  // kZstdFlushFrames frames, so a killed recording loses at most that many.
  cut_short_ = true;
  const std::string how =
      file_->damage().empty()
          ? "is cut short after " + std::to_string(file_->input_bytes()) + " bytes"
          : "turns bad (" + file_->damage() + ")";
  warnings_.push_back(name_ + ": the zstd stream " + how +
                      " (a recording killed while it wrote?); the " +
                      std::to_string(file_->output_bytes()) +
                      " bytes before it replay, and a recording loses at most the " +
                      std::to_string(kZstdFlushFrames) + " frames it wrote after its last flush");
}

Status SessionReader::json_text_only(std::string_view text, std::uint64_t line) const {
  // JSON text holds no NUL (a string spells it \u0000), but a parser of C strings stops at one
  // and takes the rest of the line for nothing: one is bad input, named where it is.
  if (const void* nul = std::memchr(text.data(), '\0', text.size())) {
    const auto column = static_cast<const char*>(nul) - text.data() + 1;
    return error(line, "a NUL byte at column " + std::to_string(column) +
                           ": a session line is JSON text, which holds none");
  }
  return Ok{};
}

Result<SessionHeader> SessionReader::read_header() {
  line_ = 1;
  bool terminated = false;
  Result<std::optional<std::string_view>> first = next_line(terminated);
  if (!first) return first.error();
  const std::string_view text = first->value_or(std::string_view());
  if (text.empty()) return error(1, "expected the session header on line 1; the file is empty");
  if (Status s = json_text_only(text, 1); !s) return s.error();
  Json j;
  std::string duplicate;
  try {
    j = parse_line(text, duplicate);
  } catch (const Json::exception& e) {
    return error(1, parse_problem(e) + " (expected the session header)");
  }
  if (!duplicate.empty())
    return error(1, "the key \"" + escape_text(duplicate) + "\" is given twice in one object");
  if (!j.is_object() || !j.contains("type") || j["type"] != "header") {
    return error(1, "expected the session header ({\"type\": \"header\", ...}) on line 1");
  }
  Fields f(j);
  SessionHeader h;
  const std::uint64_t format = f.uint("format", 0, 1'000'000);
  if (f.ok() && (format < static_cast<std::uint64_t>(kOldestSessionFormat) ||
                 format > static_cast<std::uint64_t>(kSessionFormatVersion))) {
    return error(1, "session format " + std::to_string(format) +
                        " is not supported: this framecheck reads formats " +
                        std::to_string(kOldestSessionFormat) + " to " +
                        std::to_string(kSessionFormatVersion));
  }
  h.format = static_cast<int>(format);
  h.framecheck_version = f.string("framecheck", false);
  h.game = f.string("game");
  h.game_version = f.string("game_version", false);
  h.run.seed = f.uint("seed", 0, std::numeric_limits<std::uint64_t>::max());
  if (const Json* s = f.array("surface")) {
    if (s->size() != 2 || !(*s)[0].is_number_integer() || !(*s)[1].is_number_integer() ||
        (*s)[0].get<std::int64_t>() < 1 || (*s)[1].get<std::int64_t>() < 1 ||
        (*s)[0].get<std::int64_t>() > 16384 || (*s)[1].get<std::int64_t>() > 16384) {
      f.fail("surface", "must be [width, height], each from 1 to 16384");
    } else {
      h.run.surface_width = (*s)[0].get<int>();
      h.run.surface_height = (*s)[1].get<int>();
    }
  }
  if (const Json* l = f.array("logical")) {
    const auto positive = [](const Json& v) {
      return v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() > 0 &&
             v.get<double>() <= 1e6;
    };
    if (l->size() != 2 || !positive((*l)[0]) || !positive((*l)[1])) {
      f.fail("logical", "must be [width, height], each above 0 and at most 1e6");
    } else {
      h.run.logical_size.x = (*l)[0].get<double>();
      h.run.logical_size.y = (*l)[1].get<double>();
    }
  }
  h.run.tick_rate = static_cast<std::int64_t>(f.uint("tick_rate", 1, 10'000));
  h.run.fps = static_cast<std::int64_t>(f.uint("fps", 1, 100'000));
  h.checkpoint_every = static_cast<std::int64_t>(f.uint("checkpoint_every", 1, 1'000'000'000));
  if (f.ok() && has_keyframes(h.format) && f.has("keyframe_every")) {
    h.keyframe_every = static_cast<std::int64_t>(f.uint("keyframe_every", 0, 1'000'000'000));
    if (f.ok() && h.keyframe_every % h.checkpoint_every != 0)
      f.fail("keyframe_every",
             "must be a multiple of checkpoint_every (a keyframe follows a "
             "checkpoint), or 0 for none");
  }
  if (f.ok() && j.contains("host")) {
    // Information only: kept when well formed, and never a reason to refuse a session.
    const Json& host = j["host"];
    if (host.is_object() && host.value("cpu", Json()).is_string() &&
        host.value("cores", Json()).is_number_unsigned() && host.value("os", Json()).is_string() &&
        host.value("kernel", Json()).is_string()) {
      h.host = HostFacts{host["cpu"].get<std::string>(), host["cores"].get<unsigned>(),
                         host["os"].get<std::string>(), host["kernel"].get<std::string>()};
    }
  }
  if (f.ok() && j.contains("fingerprint")) {
    // Information only, as the host is.
    h.fingerprint = session_json::parse_fingerprint(j["fingerprint"]);
  }
  if (f.ok() && j.contains("finding")) {
    // Not information only: replay --verify plays the session to it, so a bad one is refused.
    if (const Json* object = f.object("finding")) {
      Fields ff(*object);
      RecordedFinding finding;
      finding.frame = ff.uint("frame", 1, std::numeric_limits<std::uint64_t>::max());
      finding.kind = ff.string("kind");
      finding.place = ff.string("place");
      finding.detail = ff.string("detail");
      if (ff.ok() && object->contains("hang_ms")) {
        finding.hang_ms = ff.number("hang_ms");
        if (ff.ok() && !(finding.hang_ms > 0 && finding.hang_ms <= 1e9))
          ff.fail("hang_ms", "must be above 0 and at most 1e9");
      }
      if (ff.ok() && object->contains("inputs")) {
        if (const Json* inputs = ff.array("inputs")) {
          for (const Json& in : *inputs) {
            InputEvent e;
            std::string problem;
            if (!session_json::parse_input(in, h.format, e, problem)) {
              ff.fail("inputs", problem);
              break;
            }
            finding.inputs.push_back(std::move(e));
          }
        }
      }
      if (ff.ok()) {
        h.finding = std::move(finding);
      } else {
        f.fail("finding", ff.problem());
      }
    }
  }
  if (!f.ok()) return error(1, "header: " + f.problem());
  return h;
}

void SessionReader::set_game_fields(const std::vector<GameStateField>& fields) {
  game_fields_ = fields;
  game_field_places_.assign(game_fields_);
}

// A name's first field stands for it: the first of two keeps its place.
const GameStateField* SessionReader::game_field(std::string_view name) const {
  const auto places = game_field_places_.of(name);
  return places.empty() ? nullptr : &game_fields_[places.front()];
}

void SessionReader::in_declaration_order(std::vector<GameStateField>& changes) const {
  const auto position = [&](const GameStateField& change) {
    const auto places = game_field_places_.of(change.name);
    return places.empty() ? game_fields_.size() : places.front();
  };
  std::stable_sort(
      changes.begin(), changes.end(),
      [&](const GameStateField& a, const GameStateField& b) { return position(a) < position(b); });
}

std::optional<FrameRecord> SessionReader::plain_frame(std::string_view text) {
  // One frame's fields after another's, in the same storage: a line's changes cost no
  // allocation of their own (the record's are its own).
  thread_local PlainFrame scratch;
  PlainFrame* p = read_plain_frame(text, scratch) ? &scratch : nullptr;
  // The checks the full path makes, as conditions: where one fails, that path names it.
  if (!p || p->frame != last_frame_ + 1 || p->dt < 0 || p->dt > kMaxFrameDt.count() ||
      p->sample_ms > kMaxSampleMs ||
      now_.count() > std::numeric_limits<std::int64_t>::max() - p->dt)
    return std::nullopt;
  // A change is plain when it names a field the state holds, in the scalar kind its token is.
  if (!p->game_changes.empty() && !keeps_game_state(header_.format)) return std::nullopt;
  std::vector<GameStateField> changes;
  changes.reserve(p->game_changes.size());
  bool in_order = true;  // as a recorder writes them: no sort needed
  std::size_t last_place = 0;
  for (std::size_t i = 0; i < p->game_changes.size(); ++i) {
    PlainChange& change = p->game_changes[i];
    const auto places = game_field_places_.of(change.name, i);
    if (places.empty()) return std::nullopt;
    const std::size_t place = places.front();
    const GameStateField* field = &game_fields_[place];
    in_order = in_order && (changes.empty() || place > last_place);
    last_place = place;
    GameStateValue value;
    const std::size_t kind = field->value.index();
    if (kind == 0 && std::holds_alternative<double>(change.value)) {
      value = std::get<double>(change.value);
    } else if (kind == 1 && std::holds_alternative<std::int64_t>(change.value)) {
      value = std::get<std::int64_t>(change.value);
    } else if (kind == 2 && std::holds_alternative<bool>(change.value)) {
      value = std::get<bool>(change.value);
    } else if (kind == 3 && std::holds_alternative<std::string>(change.value)) {
      value = std::get<std::string>(change.value);
    } else {
      return std::nullopt;
    }
    changes.push_back({std::move(change.name), std::move(value)});
  }
  const SimTime now = now_ + SimTime(p->dt);
  const std::int64_t due = FixedRate(header_.run.tick_rate).steps_by(now);
  if (due - ticks_ > kMaxTicksPerFrame) return std::nullopt;
  now_ = now;
  ticks_ = due;
  last_frame_ = p->frame;
  checkpoint_after_last_frame_ = false;
  FrameRecord r;
  r.frame = p->frame;
  r.dt = SimTime(p->dt);
  r.sample_ms = p->sample_ms;
  r.checksum = p->checksum;
  r.game_changes = std::move(changes);
  if (!in_order) in_declaration_order(r.game_changes);
  return r;
}

std::optional<Checkpoint> SessionReader::plain_checkpoint(std::string_view text) {
  std::optional<Checkpoint> c = read_plain_checkpoint(text);
  if (!c || last_frame_ == 0 || c->frame != last_frame_ || checkpoint_after_last_frame_ ||
      (c->game && !keeps_game_state(header_.format)))
    return std::nullopt;
  checkpoint_after_last_frame_ = true;
  keyframe_after_last_checkpoint_ = false;
  last_checkpoint_frame_ = c->frame;
  ++checkpoints_;
  return c;
}

Result<std::optional<SessionRecord>> SessionReader::next() {
  while (!finished_) {
    bool terminated = false;
    std::string_view whole;
    if (held_at_ < held_.size()) {
      // The text stays until every held line is read: the next call after the last clears it.
      const HeldLine& line = held_[held_at_++];
      line_ = line.line;
      terminated = line.terminated;
      whole = held(line);
    } else {
      if (!held_.empty()) {
        held_.clear();
        held_text_.clear();
        held_at_ = 0;
      }
      ++line_;
      Result<std::optional<std::string_view>> next = next_line(terminated);
      if (!next) return next.error();
      if (!next->has_value()) {
        --line_;
        break;
      }
      whole = **next;
    }
    if (whole.empty()) return error(line_, "an empty line: every line holds one record");
    // A NUL in a cut-short last line is what a file system leaves of a crash: the line is cut
    // short where it starts, and goes the full way below, which warns about it.
    const std::string_view text =
        terminated ? whole : whole.substr(0, std::min(whole.find('\0'), whole.size()));
    if (Status s = json_text_only(text, line_); !s) return s.error();
    // A cut-short last line goes the full way: that way knows to warn about it.
    if (terminated && fast_path_) {
      // A checkpoint as framecheck writes it says so first: it is not tried as a frame.
      if (!text.starts_with(R"({"type":"checkpoint")")) {
        if (std::optional<FrameRecord> plain = plain_frame(text))
          return std::optional<SessionRecord>(std::move(*plain));
      }
      if (std::optional<Checkpoint> plain = plain_checkpoint(text))
        return std::optional<SessionRecord>(std::move(*plain));
    }

    Json j;
    std::string duplicate;
    try {
      j = parse_line(text, duplicate);
    } catch (const Json::exception& e) {
      if (!terminated) {
        // A writer stopped mid-line: the documented truncated tail. Replay what came before.
        warnings_.push_back(name_ + ":line " + std::to_string(line_) +
                            ": the last line is cut short; replaying the " +
                            std::to_string(last_frame_) + " whole frames before it");
        cut_short_ = true;
        break;
      }
      return error(line_, parse_problem(e));
    }
    if (!duplicate.empty()) {
      return error(line_, "the key \"" + escape_text(duplicate) +
                              "\" is given twice in one object; which one is meant?");
    }
    if (!j.is_object()) return error(line_, "a record is a JSON object");
    const auto type_it = j.find("type");
    if (type_it == j.end() || !type_it->is_string())
      return error(line_, "a record needs a \"type\": \"frame\" or \"checkpoint\"");
    const std::string type = type_it->get<std::string>();
    Fields f(j);

    if (type == "frame") {
      FrameRecord r;
      r.frame = f.uint("frame", 1, std::numeric_limits<std::uint64_t>::max());
      if (f.ok() && r.frame != last_frame_ + 1) {
        return error(line_, r.frame <= last_frame_
                                ? "frame " + std::to_string(r.frame) +
                                      " repeated or out of order: expected frame " +
                                      std::to_string(last_frame_ + 1)
                                : "frame " + std::to_string(r.frame) +
                                      " out of order: expected frame " +
                                      std::to_string(last_frame_ + 1));
      }
      const std::int64_t dt = f.integer("dt");
      if (f.ok() && dt < 0) f.fail("dt", "is negative: simulated time never runs backwards");
      if (f.ok() && dt > kMaxFrameDt.count()) {
        f.fail("dt", "of " + std::to_string(dt) +
                         " ns is absurd: a frame is at most 60 s (60000000000 ns)");
      }
      r.dt = SimTime(dt);
      if (f.ok()) {
        // The engine's catch-up limit, checked here so that a replay never meets it.
        if (now_.count() > std::numeric_limits<std::int64_t>::max() - dt)
          return error(line_, "frame record: the session's simulated time overflows");
        const std::int64_t due = FixedRate(header_.run.tick_rate).steps_by(now_ + r.dt);
        if (due - ticks_ > kMaxTicksPerFrame) {
          return error(line_, "frame " + std::to_string(r.frame) + " asks for " +
                                  std::to_string(due - ticks_) + " ticks (dt " +
                                  std::to_string(dt) + " ns at tick_rate " +
                                  std::to_string(header_.run.tick_rate) +
                                  "); a frame runs at most " + std::to_string(kMaxTicksPerFrame));
        }
        now_ += r.dt;
        ticks_ = due;
      }
      r.sample_ms = f.number("sample");
      if (f.ok() && (r.sample_ms < 0 || r.sample_ms > kMaxSampleMs))
        f.fail("sample", "must be from 0 to 3600000 ms");
      if (f.ok() && j.contains("inputs")) {
        if (const Json* inputs = f.array("inputs")) {
          for (const Json& in : *inputs) {
            InputEvent e;
            std::string problem;
            if (!session_json::parse_input(in, header_.format, e, problem)) {
              f.fail_plain(problem);
              break;
            }
            r.inputs.push_back(std::move(e));
          }
        }
      }
      if (f.ok() && j.contains("checksum")) {
        std::uint64_t checksum = 0;
        if (!session_json::parse_hex(f.string("checksum"), checksum) && f.ok())
          f.fail("checksum", "must be 16 hex digits");
        r.checksum = checksum;
      }
      if (f.ok() && keeps_game_state(header_.format) && j.contains("game")) {
        std::vector<GameStateField> game;
        std::string problem;
        if (session_json::parse_game(j["game"], game, problem)) {
          set_game_fields(game);
          r.game = std::move(game);
        } else {
          f.fail_plain(problem);
        }
      }
      if (f.ok() && keeps_game_state(header_.format) && j.contains("game_changes")) {
        std::string problem;
        const auto known = [this](std::string_view name) { return game_field(name); };
        if (!session_json::parse_game_changes(j["game_changes"], known, r.game_changes, problem))
          f.fail_plain(problem);
        in_declaration_order(r.game_changes);
      }
      if (!f.ok()) return error(line_, "frame record: " + f.problem());
      last_frame_ = r.frame;
      checkpoint_after_last_frame_ = false;
      return std::optional<SessionRecord>(std::move(r));
    }

    if (type == "checkpoint") {
      Checkpoint c;
      c.frame = f.uint("frame", 0, std::numeric_limits<std::uint64_t>::max());
      if (f.ok() && last_frame_ == 0) {
        return error(line_,
                     "checkpoint for frame " + std::to_string(c.frame) +
                         " comes before any frame: a checkpoint follows the frame it checks");
      }
      if (f.ok() && (c.frame != last_frame_ || checkpoint_after_last_frame_)) {
        return error(line_, "checkpoint for frame " + std::to_string(c.frame) +
                                " must directly follow that frame's record (the last frame was " +
                                std::to_string(last_frame_) + ")");
      }
      const std::string checksum = f.string("checksum");
      if (f.ok() && !session_json::parse_hex(checksum, c.checksum))
        f.fail("checksum", "must be 16 hex digits");
      if (const Json* m = f.object("metrics")) {
        Fields mf(*m);
        c.metrics.samples = static_cast<std::size_t>(mf.uint("samples", 0, FrameWindow::kCapacity));
        c.metrics.mean_ms = mf.number("mean");
        c.metrics.p95_ms = mf.number("p95");
        c.metrics.p99_ms = mf.number("p99");
        if (!mf.ok()) f.fail_plain("metrics: " + mf.problem());
      }
      if (const Json* readings = f.array("readings")) {
        for (const Json& rj : *readings) {
          DiagnosticReading r;
          std::string problem;
          if (!parse_reading(rj, r, problem)) {
            f.fail_plain(problem);
            break;
          }
          c.readings.push_back(std::move(r));
        }
      }
      if (f.ok() && j.contains("world")) {
        WorldState world;
        std::string problem;
        if (session_json::parse_world(j["world"], world, problem)) {
          c.world = std::move(world);
        } else {
          f.fail_plain(problem);
        }
      }
      if (f.ok() && keeps_game_state(header_.format) && j.contains("game")) {
        std::vector<GameStateField> game;
        std::string problem;
        if (session_json::parse_game(j["game"], game, problem)) {
          c.game = std::move(game);
        } else {
          f.fail_plain(problem);
        }
      }
      if (!f.ok()) return error(line_, "checkpoint: " + f.problem());
      checkpoint_after_last_frame_ = true;
      keyframe_after_last_checkpoint_ = false;
      last_checkpoint_frame_ = c.frame;
      ++checkpoints_;
      return std::optional<SessionRecord>(std::move(c));
    }
    if (type == "keyframe" && has_keyframes(header_.format)) {
      Keyframe k;
      EngineCounters& counters = k.counters;
      counters.frames = f.uint("frame", 1, std::numeric_limits<std::uint64_t>::max());
      if (f.ok() && (counters.frames != last_frame_ || !checkpoint_after_last_frame_ ||
                     keyframe_after_last_checkpoint_)) {
        return error(line_, "keyframe for frame " + std::to_string(counters.frames) +
                                " must directly follow that frame's checkpoint");
      }
      counters.now = SimTime(f.integer("now"));
      if (f.ok() && counters.now != now_) {
        f.fail("now", "is " + std::to_string(counters.now.count()) +
                          " ns, and the frames before it add up to " +
                          std::to_string(now_.count()) + " ns");
      }
      counters.ticks = f.uint("ticks", 0, std::numeric_limits<std::int64_t>::max());
      counters.ticks_dropped = f.uint("ticks_dropped", 0, std::numeric_limits<std::int64_t>::max());
      counters.worlds_opened = f.uint("worlds_opened", 0, std::numeric_limits<std::int64_t>::max());
      k.logged_second = f.integer("logged_second");
      if (f.ok() && !j.contains("overlay")) f.fail("overlay", "is missing");
      if (f.ok() && !j["overlay"].is_boolean()) f.fail("overlay", "must be true or false");
      if (f.ok()) k.overlay_shown = j["overlay"].get<bool>();
      if (f.ok() && j.contains("world")) {
        std::string problem;
        if (!session_json::parse_keyframe_world(j["world"], k.world.emplace(), problem))
          f.fail_plain(problem);
      }
      if (f.ok() && j.contains("game_entries")) {
        if (const Json* entries = f.array("game_entries")) {
          for (const Json& n : *entries) {
            if (!n.is_number_unsigned() ||
                n.get<std::uint64_t>() > std::numeric_limits<std::uint32_t>::max()) {
              f.fail("game_entries", "must be an array of whole numbers");
              break;
            }
            k.game_entries.push_back(n.get<std::uint32_t>());
          }
        }
      }
      for (const auto& item : j.items()) {
        static constexpr std::string_view kKeys[] = {
            "type",          "frame",         "now",     "ticks", "ticks_dropped",
            "worlds_opened", "logged_second", "overlay", "world", "game_entries"};
        if (std::find(std::begin(kKeys), std::end(kKeys), item.key()) == std::end(kKeys)) {
          f.fail_plain("unknown key \"" + escape_text(item.key()) + "\"");
          break;
        }
      }
      if (!f.ok()) return error(line_, "keyframe: " + f.problem());
      keyframe_after_last_checkpoint_ = true;
      return std::optional<SessionRecord>(std::move(k));
    }
    return error(line_, "unknown record type \"" + escape_text(type) + "\": expected \"frame\"" +
                            (has_keyframes(header_.format) ? ", \"checkpoint\" or \"keyframe\""
                                                           : " or \"checkpoint\""));
  }
  return at_end();
}

namespace {

// A seek holds at most this much of the lines after a keyframe; past it, the file is opened
// again and read from frame 1 (keyframes that far apart are a recording that wrote few).
constexpr std::size_t kMaxHeldBytes = std::size_t{64} << 20;

}  // namespace

Result<SessionReader::Seek> SessionReader::seek_keyframe(std::uint64_t target,
                                                         KeyframeStart& start) {
  return seek(target, nullptr, start);
}

Result<SessionReader::Seek> SessionReader::seek_keyframe(
    const std::function<Choice(std::uint64_t keyframe)>& choose, KeyframeStart& start) {
  return seek(std::numeric_limits<std::uint64_t>::max(), &choose, start);
}

Result<SessionReader::Seek> SessionReader::seek(
    std::uint64_t target, const std::function<Choice(std::uint64_t keyframe)>* choose,
    KeyframeStart& start) {
  if (!has_keyframes(header_.format) || header_.keyframe_every == 0 || last_frame_ != 0 ||
      line_ != 1)
    return Seek::kFromStart;
  // The last samples and lengths, by frame: the window a keyframe's frame left is rebuilt from
  // them (it holds at most kCapacity samples, all within its span).
  constexpr std::size_t kRing = FrameWindow::kCapacity;
  std::vector<std::pair<std::int64_t, double>> ring(kRing);
  SimTime now{0};
  std::uint64_t frame = 0;
  std::uint64_t checkpoints = 0;
  bool found = false;
  held_.clear();
  held_text_.clear();
  // Only the last two keyframes' lines are kept (the second for when the last was not written):
  // keeping every line of an hour until its next keyframe cost as much as the rest of the seek.
  // Without either, the file is read again from frame 1.
  const auto every = static_cast<std::uint64_t>(header_.keyframe_every);
  // A chooser's seek holds only the lines since the last frame's: its keyframe is the one it
  // passes, never one before.
  const std::uint64_t hold_from = choose                ? 0
                                  : target / every >= 1 ? (target / every - 1) * every
                                                        : 0;
  bool skipped = false;  // lines passed and not kept (a found keyframe is past all of them)
  const auto hold = [&](std::string_view text, bool terminated) {
    if (frame < hold_from) {
      skipped = true;
      return;
    }
    held_.push_back({held_text_.size(), text.size(), line_, terminated});
    held_text_.append(text);
  };
  while (true) {
    ++line_;
    bool terminated = false;
    Result<std::optional<std::string_view>> next = next_line(terminated);
    if (!next) return next.error();
    if (!next->has_value()) {
      --line_;
      break;
    }
    const std::string_view text = **next;
    WrittenHead h;
    // Anything out of the ordinary stops the seek here: next() reads it, and names what is wrong.
    if (!terminated || !read_written_head(text, h)) {
      hold(text, terminated);
      break;
    }
    if (h.type == "frame") {
      if (choose && !found && !held_.empty()) {
        skipped = true;
        held_.clear();
        held_text_.clear();
      }
      const bool plain = h.frame == frame + 1 && h.dt >= 0 && h.dt <= kMaxFrameDt.count() &&
                         now.count() <= std::numeric_limits<std::int64_t>::max() - h.dt &&
                         h.sample >= 0 && h.sample <= kMaxSampleMs;
      hold(text, true);
      if (!plain || h.frame > target) break;
      frame = h.frame;
      now += SimTime(h.dt);
      ring[frame % kRing] = {h.dt, h.sample};
    } else if (h.type == "checkpoint") {
      ++checkpoints;
      hold(text, true);
    } else if (h.type == "keyframe" && h.frame == frame && frame < hold_from) {
      continue;  // one that a later keyframe will stand in for
    } else if (h.type == "keyframe" && h.frame == frame && !held_.empty() &&
               read_written_head(held(held_.back()), h) && h.type == "checkpoint" &&
               h.frame == frame) {
      if (choose) {
        const Choice choice = (*choose)(frame);
        if (choice == Choice::kGiveUp) break;
        if (choice == Choice::kPass) continue;
        target = frame;  // the next frame ends the seek
      }
      // The keyframe and its checkpoint, read by next() as ever, from the reader's state at
      // that frame: what a full read would have by then.
      const HeldLine checkpoint = held_.back();
      held_text_.erase(0, checkpoint.at);
      held_.assign(1, {0, checkpoint.size, checkpoint.line, true});
      held_at_ = 0;
      hold(text, true);
      last_frame_ = frame;
      checkpoint_after_last_frame_ = false;
      keyframe_after_last_checkpoint_ = false;
      now_ = now;
      ticks_ = FixedRate(header_.run.tick_rate).steps_by(now_);
      checkpoints_ = checkpoints - 1;
      Result<std::optional<SessionRecord>> c = this->next();
      if (!c) return c.error();
      Result<std::optional<SessionRecord>> k = this->next();
      if (!k) return k.error();
      start.checkpoint = std::move(std::get<Checkpoint>(**c));
      start.keyframe = std::move(std::get<Keyframe>(**k));
      set_game_fields(start.checkpoint.game.value_or(std::vector<GameStateField>{}));
      start.window = window_before(frame, now, [&](std::uint64_t f) {
        return std::pair{SimTime(ring[f % kRing].first), ring[f % kRing].second};
      });
      found = true;
    } else {
      hold(text, true);
      break;
    }
    if (held_text_.size() > kMaxHeldBytes) return rewind();
  }
  if (found) return Seek::kKeyframe;
  return skipped ? rewind() : Seek::kFromStart;
}

Result<SessionReader::Seek> SessionReader::rewind() {
  // The lines before the keyframe were passed and not kept: the session from its first frame.
  if (file_ && path_ == "-") return Seek::kReopen;
  Result<SessionReader> fresh = file_ ? open(path_) : from_bytes(std::string(buffer_), name_);
  if (!fresh) return fresh.error();
  fresh->fast_path_ = fast_path_;
  *this = std::move(*fresh);
  return Seek::kFromStart;
}

Result<std::optional<SessionRecord>> SessionReader::at_end() {
  if (finished_) return std::optional<SessionRecord>();
  finished_ = true;
  const bool partial = name_.ends_with(".partial");
  // A finding's session may have none: the finding stopped frame 1, whose input the header holds.
  if (last_frame_ == 0 && !partial && !cut_short_ && !header_.finding)
    return error(line_, "the session has no frames: a recording has at least one");
  if (last_frame_ > 0 && !checkpoint_after_last_frame_) {
    const std::uint64_t unchecked = last_frame_ - last_checkpoint_frame_;
    if (!partial && !cut_short_) {
      return error(line_, "the session ends at frame " + std::to_string(last_frame_) +
                              " with no checkpoint for it; a finished recording ends with one "
                              "(a recording's .partial file replays as a prefix)");
    }
    warnings_.push_back(
        name_ + ": the last " + std::to_string(unchecked) + " frame" + (unchecked == 1 ? "" : "s") +
        " (" + std::to_string(last_checkpoint_frame_ + 1) + " to " + std::to_string(last_frame_) +
        ") have no checkpoint; they replay unverified");
  }
  return std::optional<SessionRecord>();
}

}  // namespace framecheck
