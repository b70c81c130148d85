// The overlay drawn into a frame buffer of a game's own: straight RGBA bytes, as a software
// renderer fills them and a texture upload takes them. A game on its own engine draws its frame,
// calls this, then uploads; no Cairo surface of its own needed.
//   std::vector<std::uint8_t> frame(width * height * 4);
//   my_renderer.draw(frame);
//   framecheck::draw_overlay_rgba(diagnostics, frame, width, height);
//   SDL_UpdateTexture(texture, nullptr, frame.data(), width * 4);
#pragma once

#include <cstdint>
#include <framecheck/diagnostics/diagnostics.hpp>
#include <span>

namespace framecheck {

// Draws the overlay over `rgba` (width * height * 4 bytes, rows top first, straight alpha), in
// place; nothing while it is hidden. It measures the panel first, so it reads every source twice,
// and touches only the corner of the frame the panel covers. Opaque pixels come out exactly as Simulation::render draws
// them; a translucent pixel keeps its alpha, its colour rounded through premultiplied form.
// Throws std::invalid_argument when the span is not width * height * 4 bytes.
void draw_overlay_rgba(Diagnostics& diagnostics, std::span<std::uint8_t> rgba, int width,
                       int height);

// Straight RGBA bytes to Cairo's premultiplied native-endian ARGB32, in place, rounded as Cairo
// rounds: what a Cairo image surface over the same bytes then shows (Simulation::render paints it).
void rgba_to_argb32(std::span<std::uint8_t> pixels);

// Back: ARGB32 to straight RGBA, in place; exact for opaque pixels.
void argb32_to_rgba(std::span<std::uint8_t> pixels);

}  // namespace framecheck
