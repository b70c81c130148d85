// The JSON forms of session records: one place that knows the field names.
#pragma once

#include <framecheck/session/session.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace framecheck::session_json {

using Json = nlohmann::ordered_json;

Json header(const SessionHeader& h);
Json frame(const FrameRecord& f);
Json checkpoint(const Checkpoint& c);
Json keyframe(const Keyframe& k);
// A keyframe's "world" object; false with `problem` naming what is wrong.
bool parse_keyframe_world(const nlohmann::json& j, KeyframeWorld& out, std::string& problem);
Json input(const InputEvent& e);

// Reads one input as a session (or an input script) holds it. Format 1 knows keydowns and
// travel; format 2 adds keyups and pointer events. False with a sentence in `problem` if `j` is
// not one.
bool parse_input(const nlohmann::json& j, int format, InputEvent& out, std::string& problem);
// Reads a checkpoint's "world" object; false with a sentence in `problem` if it is not one.
bool parse_world(const nlohmann::json& j, WorldState& out, std::string& problem);

// A game's declared state, as frames and checkpoints of format 4 hold it:
// [[name, kind, value], ...] with kind one of kGameStateKinds.
Json game(std::span<const GameStateField> fields);
// Reads a "game" array; false with a sentence in `problem` if it is not one.
bool parse_game(const nlohmann::json& j, std::vector<GameStateField>& out, std::string& problem);

// A frame's "game_changes", {name: value, ...}, and back: each name must be a field `known`
// finds (nullptr for none), and its value of that field's kind.
Json game_changes(std::span<const GameStateField> changes);
bool parse_game_changes(const nlohmann::json& j,
                        const std::function<const GameStateField*(std::string_view)>& known,
                        std::vector<GameStateField>& out, std::string& problem);

// A header's "fingerprint", and back: nullopt when it is not one (it is information only).
Json fingerprint(const MathFingerprint& f);
std::optional<MathFingerprint> parse_fingerprint(const nlohmann::json& j);

// A checksum's 16 hex digits (hex_text) back to the word; false if the text is not one.
bool parse_hex(std::string_view text, std::uint64_t& out);

}  // namespace framecheck::session_json
