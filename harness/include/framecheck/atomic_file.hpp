// Writing files so that a reader never sees half of one: a temporary name, then a rename.
#pragma once

#include <filesystem>
#include <framecheck/result.hpp>
#include <functional>
#include <string_view>

namespace framecheck {

// Calls write(temporary path), then renames the temporary over `path`. If write fails or
// throws, the temporary is removed and `path` is left exactly as it was.
//   Status s = write_atomically("out.png", [&](const std::filesystem::path& tmp) { ... });
Status write_atomically(const std::filesystem::path& path,
                        const std::function<Status(const std::filesystem::path& temporary)>& write);

// Writes `bytes` to `path` atomically.
Status write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace framecheck
