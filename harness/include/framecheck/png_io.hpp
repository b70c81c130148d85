// PNG files: writing a Cairo surface, atomically.
#pragma once

#include <cairo.h>

#include <filesystem>
#include <framecheck/result.hpp>

namespace framecheck {

// Writes an image surface as a PNG at `path`, through a temporary file and a rename.
Status write_png(cairo_surface_t* surface, const std::filesystem::path& path);

}  // namespace framecheck
