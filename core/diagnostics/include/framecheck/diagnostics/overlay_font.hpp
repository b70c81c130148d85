// The overlay's font: DejaVu Sans Mono, built into the library and loaded through FreeType, so
// no machine's fontconfig ever chooses what the overlay looks like.
#pragma once

#include <cairo.h>

namespace framecheck {

// The shared font face (created once, thread-safe, never destroyed while the process lives).
cairo_font_face_t* overlay_font_face();

// Font options pinned for identical pixels everywhere: grey antialiasing, no hinting, unhinted
// metrics. Owned by the library.
const cairo_font_options_t* overlay_font_options();

}  // namespace framecheck
