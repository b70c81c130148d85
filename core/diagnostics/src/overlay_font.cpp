#include <cairo-ft.h>
#include <ft2build.h>

#include <framecheck/diagnostics/overlay_font.hpp>
#include FT_FREETYPE_H

#include <cstddef>
#include <stdexcept>

// The font's bytes, compiled into the library from a generated source (cmake/EmbedFile.cmake):
// no path to find at run time, nothing to install, any compiler and object format.
namespace framecheck::detail {
extern const unsigned char overlay_font_data[];
extern const std::size_t overlay_font_data_size;
}  // namespace framecheck::detail

namespace framecheck {
namespace {

struct LoadedFont {
  FT_Library library = nullptr;
  FT_Face face = nullptr;
  cairo_font_face_t* cairo_face = nullptr;
  cairo_font_options_t* options = nullptr;

  LoadedFont() {
    const auto size = static_cast<FT_Long>(detail::overlay_font_data_size);
    if (FT_Init_FreeType(&library) != 0 ||
        FT_New_Memory_Face(library, detail::overlay_font_data, size, 0, &face) != 0) {
      throw std::runtime_error("framecheck: the built-in overlay font failed to load");
    }
    // Cairo may keep the face in its caches past our last reference; only cairo knows when the
    // FT_Face is free to go, so it is handed over through the face's user data.
    cairo_face = cairo_ft_font_face_create_for_ft_face(face, FT_LOAD_NO_HINTING);
    static const cairo_user_data_key_t kFaceKey{};
    cairo_font_face_set_user_data(cairo_face, &kFaceKey, face,
                                  [](void* f) { FT_Done_Face(static_cast<FT_Face>(f)); });
    options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT);
  }
};

const LoadedFont& font() {
  static const LoadedFont loaded;  // lives for the process: cairo's caches may outlive main
  return loaded;
}

}  // namespace

cairo_font_face_t* overlay_font_face() {
  return font().cairo_face;
}
const cairo_font_options_t* overlay_font_options() {
  return font().options;
}

}  // namespace framecheck
