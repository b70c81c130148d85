// What one golden check found, left beside the artifacts as <suite>/<name>.result.json, so that
// `framecheck goldens` can say what a run saw and accept the frames it left, without running it
// again.
#pragma once

#include <cstdint>
#include <filesystem>
#include <framecheck/io/result.hpp>
#include <string>
#include <string_view>

namespace framecheck {

struct GoldenRecord {
  std::string suite;  // the golden is <golden_dir>/<suite>/<name>.png
  std::string name;
  std::string case_id;           // who checked it: "ArenaCase.ScoreStartsAtZero"
  std::string outcome;           // matched, within_tolerance, written, accepted, missing,
                                 // changed, size_changed, bad
  std::uint64_t exact = 0;       // pixels whose bytes differ
  std::uint64_t perceptual = 0;  // of those, beyond pixelmatch's threshold
  double threshold = 0.1;        // that threshold
  std::uint64_t allowed = 0;     // differing pixels the tolerance allowed
  std::uint64_t pixels = 0;
  std::string golden;              // the golden's path, as the run read it
  std::uint64_t actual_bytes = 0;  // the .actual.png the check left (0: none), its size and hash,
  std::uint64_t actual_hash = 0;   // so that accept takes that run's frame and no other
  std::string message;             // the failure's text, or empty

  // Whether the check passed (matched, within tolerance, written, or accepted since).
  bool passed() const;
};

// The record as one JSON object (one line).
std::string golden_record_json(const GoldenRecord& record);

// A record file read back; an Error names the file and what is wrong with it.
Result<GoldenRecord> read_golden_record(const std::filesystem::path& path);

// FNV-1a over the bytes: what a record keeps of the actual frame it left.
std::uint64_t golden_bytes_hash(std::string_view bytes);

}  // namespace framecheck
