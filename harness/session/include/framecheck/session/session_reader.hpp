// SessionReader: reads a session record by record, checking everything; every problem is an
// Error naming the file, the line and what was expected. It streams: memory stays bounded by the
// longest line (at most kMaxSessionLineBytes), however long the session. A zstd-compressed session
// (any file that starts with a zstd frame) reads the same, its bounds holding for the decompressed
// bytes: a bomb is refused after at most a line's bound.
#pragma once

#include <cstdint>
#include <filesystem>
#include <framecheck/io/input_file.hpp>
#include <framecheck/io/result.hpp>
#include <framecheck/io/zstd_stream.hpp>
#include <framecheck/session/field_places.hpp>
#include <framecheck/session/session.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace framecheck {

// The longest line a session may have. A longer one (or a stream with no line ends, such as
// /dev/zero) is bad input, found after reading at most this much.
inline constexpr std::size_t kMaxSessionLineBytes = 8u << 20;
// The most a session may hold once decompressed, 2 GiB by default (some 45 hours of the arena):
// a small compressed file that expands without end (a zstd bomb) is refused at the first byte
// past it. FRAMECHECK_MAX_SESSION_BYTES (a whole number of bytes) raises or lowers it.
inline constexpr std::uint64_t kDefaultMaxSessionBytes = std::uint64_t{2} << 30;
// The bound in force: FRAMECHECK_MAX_SESSION_BYTES, else the default; an Error names the
// variable when it is not a whole number of bytes above zero.
Result<std::uint64_t> max_session_bytes();

//   auto reader = SessionReader::open("run.jsonl");
//   if (!reader) return fail(reader.error());
//   while (true) {
//     auto record = reader->next();
//     if (!record) return fail(record.error());
//     if (!*record) break;  // the end
//     ...
//   }
class SessionReader {
 public:
  // Opens the file (or "-", standard input), decompressing it if it is zstd, and reads its
  // header (line 1). A name ending in .zst must hold zstd.
  static Result<SessionReader> open(const std::filesystem::path& path);
  // The same over bytes in memory; `name` stands for the file in messages.
  static Result<SessionReader> from_bytes(std::string bytes, std::string name);

  const SessionHeader& header() const { return header_; }
  // The next record, or nullopt at the end. A last line cut short (no end of line, not valid
  // JSON) ends the session with a warning instead of an error: the intact prefix replays. A
  // session must end on a checkpoint for its last frame; one that does not is bad input unless
  // it was cut short or is a recording's .partial file, whose unchecked frames are warned about.
  Result<std::optional<SessionRecord>> next();
  // Warnings so far ("run.jsonl:1803: the last line is cut short; ...").
  const std::vector<std::string>& warnings() const { return warnings_; }
  const std::string& name() const { return name_; }
  // How much of the file has been read, 0 to 1 (0 throughout for a stream of unknown size).
  double progress() const;
  // Checkpoints read so far.
  std::uint64_t checkpoints() const { return checkpoints_; }
  // Plain frames and checkpoints go through a fast parser, anything else through the full one
  // with its messages (on by default). Off, every line takes the full parser: tests hold both
  // ways to the same records and messages, and benchmarks time one against the other.
  void set_fast_path(bool enabled) { fast_path_ = enabled; }

  // Where a seek to a frame leaves the reader (seek_keyframe).
  struct KeyframeStart {
    Keyframe keyframe;
    Checkpoint checkpoint;            // of the keyframe's frame: its world and game
    std::vector<FrameSample> window;  // the frame window as the keyframe's frame left it
  };
  enum class Seek {
    kKeyframe,   // `start` holds the keyframe; next() goes on with the record after it
    kFromStart,  // no keyframe at or before the frame: next() goes on from frame 1
    kReopen,     // none, and the frames before it were not kept: standard input cannot be read
                 // again, so open it as a file
  };
  // Before any record is read: reads on to the last keyframe at or before `frame` (format 6),
  // the frames before it scanned for their time and samples only, and fills `start` with what a
  // restore needs (engine_data in keyframe.hpp). The lines between the keyframe and `frame` are
  // kept, and next() reads them as any others: every check and checkpoint from the keyframe on.
  Result<Seek> seek_keyframe(std::uint64_t frame, KeyframeStart& start);
  // What a chooser says of a keyframe a seek passes.
  enum class Choice {
    kPass,    // read on to the next one
    kStart,   // start here
    kGiveUp,  // stop looking
  };
  // The same, starting at the first keyframe `choose` takes, each offered in order as the seek
  // passes it (a stretch of a verify in parts, whose start is decided as the others run). None
  // taken: kFromStart, as for a frame with no keyframe before it.
  Result<Seek> seek_keyframe(const std::function<Choice(std::uint64_t keyframe)>& choose,
                             KeyframeStart& start);

 private:
  SessionReader(std::optional<DecodedInput> file, std::string bytes, std::string name);
  Result<SessionHeader> read_header();
  // The next line (without its end), whether it had an end, or nullopt at the end of the input.
  Result<std::optional<std::string_view>> next_line(bool& terminated);
  Result<std::optional<SessionRecord>> at_end();
  // Lines read ahead by seek_keyframe, each with its number: next() reads them first. Their
  // text is one string (a seek passes an hour of lines, and holds each until the next keyframe:
  // a string each cost more than the rest of the seek).
  struct HeldLine {
    std::size_t at = 0;  // in held_text_
    std::size_t size = 0;
    std::uint64_t line = 0;
    bool terminated = true;
  };
  std::vector<HeldLine> held_;
  std::size_t held_at_ = 0;
  std::string held_text_;
  std::string_view held(const HeldLine& line) const {
    return std::string_view(held_text_).substr(line.at, line.size);
  }
  // A zstd input that stopped inside a frame: the end of a killed recording, warned about.
  void compressed_stream_cut_short();
  // The line as a frame record when it is a plain, valid one that follows the last frame (the
  // fast path, plain_records.hpp); otherwise nullopt, and nothing changes.
  std::optional<FrameRecord> plain_frame(std::string_view text);
  // The same for a checkpoint that directly follows its frame.
  std::optional<Checkpoint> plain_checkpoint(std::string_view text);
  Error error(std::uint64_t line, std::string what) const;
  // An Error naming the line and column of a NUL byte in it, if it has one.
  Status json_text_only(std::string_view text, std::uint64_t line) const;

  // The session opened again from the start, for a seek that passed what it needs.
  Result<Seek> rewind();
  // Both seeks: to a frame (`choose` null) or to the keyframe `choose` takes.
  Result<Seek> seek(std::uint64_t target,
                    const std::function<Choice(std::uint64_t keyframe)>* choose,
                    KeyframeStart& start);
  std::filesystem::path path_;        // as opened (empty for bytes in memory)
  std::optional<DecodedInput> file_;  // none when reading bytes in memory
  std::string buffer_;
  std::size_t pos_ = 0;  // where the next line starts in buffer_
  bool eof_ = false;
  std::uint64_t consumed_ = 0;
  std::uint64_t total_ = 0;
  std::uint64_t max_bytes_ = kDefaultMaxSessionBytes;  // what the input may decompress to
  std::string name_;
  std::uint64_t line_ = 0;
  std::uint64_t last_frame_ = 0;
  std::uint64_t last_checkpoint_frame_ = 0;
  std::uint64_t checkpoints_ = 0;
  bool checkpoint_after_last_frame_ = false;
  bool keyframe_after_last_checkpoint_ = false;
  // A frame's changes in the order the state declares its fields (a JSON object has none).
  void in_declaration_order(std::vector<GameStateField>& changes) const;
  // The game state's fields as the last frame's "game" listed them: what "game_changes" may name,
  // with each name's places (a line may name a million: each is found in log time).
  std::vector<GameStateField> game_fields_;
  FieldPlaces game_field_places_;
  void set_game_fields(const std::vector<GameStateField>& fields);
  const GameStateField* game_field(std::string_view name) const;
  bool cut_short_ = false;
  bool fast_path_ = true;
  bool finished_ = false;
  SimTime now_{0};
  std::int64_t ticks_ = 0;
  SessionHeader header_;
  std::vector<std::string> warnings_;
};

}  // namespace framecheck
