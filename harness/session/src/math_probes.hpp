// The inputs framecheck probes the C library's functions with, for a session's math fingerprint.
// Each function's probes are 16 inputs where glibc 2.36's results differ between its code for
// CPUs with FMA and without (found among 2,000,000 seeded inputs), then 48 spread inputs.
#pragma once

#include <array>
#include <utility>

namespace framecheck::math_probes {

inline constexpr int kDiffering = 16;
inline constexpr int kSpread = 48;
inline constexpr int kCount = kDiffering + kSpread;

inline constexpr std::array<double, kDiffering> kSinDiffering = {
    -0x1.27ca91748a945p+4, 0x1.9f74e797f1fep+3,   0x1.b1ef00d9e839cp+2,  0x1.97736f664f094p+3,
    0x1.ddd5957bd89d8p+1,  -0x1.2aa1aa38deb9ep+4, -0x1.ff92684823ca8p+3, 0x1.ee4f40f68c478p+3,
    0x1.19cf6070e5324p+4,  0x1.2fbf59af91d98p+4,  0x1.8b23d2a45f918p+3,  -0x1.5b4fa4e1e7b9p+2,
    0x1.3aa850256b6a4p+4,  -0x1.6c71652d07d7p+1,  -0x1.9c890d4b4d162p+3, 0x1.f130ea7a3c244p+3,
};

inline constexpr std::array<double, kDiffering> kCosDiffering = {
    0x1.0b25dd74c2b5p+0,   0x1.8b3798eebd34p-1,   -0x1.69f5448e0fcf7p+3, -0x1.b805cb9a40b06p+3,
    -0x1.64a917a2363a6p+3, 0x1.18a7461b53d6cp+3,  -0x1.bca4fc58034p+0,   -0x1.7d743940a03dep+3,
    -0x1.6f994340d4e12p+3, 0x1.19a3adf964784p+4,  -0x1.50df15cb7f13p+2,  -0x1.631af44c1d044p+3,
    0x1.25edd183fa8a8p+2,  -0x1.e569cabd96ad6p+2, 0x1.6af2ffa94039ep+3,  -0x1.0059a7ca57eecp+4,
};

inline constexpr std::array<double, kDiffering> kExpDiffering = {
    -0x1.8b63385ae6e44p+3, -0x1.b25419a767f64p+3, 0x1.0004f3c4da9f6p+4,  0x1.93d2ef1a6c69p+2,
    -0x1.df8ceb572486ep+3, -0x1.131595a2707bap+3, 0x1.165eda996351p+4,   0x1.35dd23a683e9cp+4,
    0x1.aac6864494de4p+3,  0x1.8eb7be4ae879p+2,   0x1.85f627a20fe1cp+3,  0x1.e0df0853c95cp+2,
    0x1.1af4eb6bf1c3p+1,   -0x1.5ff0827fa6928p+1, -0x1.95c21ef4dcf6bp+3, 0x1.409ac37ed2b18p+2,
};

// Spread over [-20, 20]: sin's, cos's and exp's other 48.
inline constexpr std::array<double, kSpread> kSpreadX = {
    -0x1.07968590a54ep+0,  0x1.f42e35d94fd4cp+3,  -0x1.2ec129fb10ae8p+2, 0x1.7154ecb14c54cp+3,
    0x1.64427ef0af17p+2,   0x1.aad28a2d7f808p+1,  -0x1.97d2fe8e8efb2p+3, 0x1.369a5af0e5b34p+3,
    0x1.c44cac3bed14p+0,   -0x1.133f7e7cc571ap+4, -0x1.56b951448a08p+1,  -0x1.6e2dc6764c3p+0,
    0x1.0953ab9e14ce4p+4,  -0x1.1822dbed0ab4ap+4, 0x1.675a80cffea6ep+3,  -0x1.89b05cab8bc39p+3,
    0x1.9a06e496d7a3p+1,   0x1.de02c1e963108p+3,  0x1.02f524b5e8a24p+4,  -0x1.39534ababbfaep+4,
    -0x1.23720918f5c38p+2, -0x1.0a5ef10fcb8bcp+3, -0x1.4eb8974eaaa1cp+3, -0x1.053debc1c13fp+0,
    -0x1.127cd78f83df4p+4, 0x1.2cbffbea6e458p+1,  -0x1.c59b7ca1c421ap+3, -0x1.28bce6dbc22c6p+3,
    -0x1.193d16a01428fp+4, -0x1.a361765e7e496p+3, -0x1.577a911a47dd2p+3, -0x1.644706816cf78p+3,
    0x1.93300790bd698p+2,  0x1.8cdcd944e8c6p+1,   -0x1.bbb2f30b746e2p+3, 0x1.e85027ed656b8p+1,
    -0x1.6c3ef3533738ep+3, 0x1.79f96cb228efcp+3,  0x1.09e026a92cdc4p+4,  0x1.9b93c66d95aep+0,
    0x1.df39330d47dbp+3,   -0x1.9e568cbcfb1ffp+3, -0x1.853c5605f069cp+3, 0x1.1e808e1d28832p+3,
    -0x1.06ce19c837304p+4, -0x1.e78daa7b80f88p+1, 0x1.17889c989c584p+3,  -0x1.f2758774a8fa8p+3,
};

inline constexpr std::array<double, kDiffering> kLogDiffering = {
    0x1.2fe65ddd4a26dp+3, 0x1.41f77940625bdp+0, 0x1.d0e4fd167e337p+2, 0x1.4069a4be41ecfp+0,
    0x1.26e98bb1d5796p+2, 0x1.a6ef04391468ep-1, 0x1.4bbbe116aefc4p-2, 0x1.2e3104140d486p+2,
    0x1.40af562bc6076p-1, 0x1.4da70622c8284p+2, 0x1.40e542fac9cd6p+1, 0x1.9d1990bfd454bp+0,
    0x1.0ce25462d4a7ap+4, 0x1.83b5210f6b7d3p+3, 0x1.459393e0b01cfp+3, 0x1.97428f1e0a4cfp+3,
};

// Spread over [0.01, 20]: log's other 48, and pow's bases.
inline constexpr std::array<double, kSpread> kSpreadPositive = {
    0x1.a74a2f8148a0cp+1, 0x1.1cfa823500709p+3, 0x1.227f4a391e558p+4, 0x1.3e1e61a6c6158p+4,
    0x1.8ffef8cc65b3bp+3, 0x1.957db20524aafp-4, 0x1.381f4792315e3p+4, 0x1.1c5a6dd41d9b7p+4,
    0x1.7b246ba136397p+3, 0x1.0567eb65af7fcp+3, 0x1.c8529cabc2338p+2, 0x1.3ab89ff95ade4p+3,
    0x1.277aa6107f843p+3, 0x1.070f02cf1212bp+4, 0x1.b4203e1172f45p+0, 0x1.0745719851197p+4,
    0x1.8a343f970463fp+3, 0x1.fadb3f5e62e5dp+3, 0x1.3fa79a2260112p+4, 0x1.dd2f826e00faep+3,
    0x1.1f523f8d2e7ecp+4, 0x1.517c6fee2e187p+3, 0x1.6a8642e234295p+3, 0x1.c0e6a7ffbc9d8p+3,
    0x1.f1d059ab36571p+1, 0x1.8fb11167f72fep+2, 0x1.d1089394c36c3p+3, 0x1.3e45f22ef981ep+3,
    0x1.3eab96c7ba1bcp+4, 0x1.816eb98fd4768p+2, 0x1.a0f1f411718a4p+3, 0x1.7eec84122a809p+1,
    0x1.a388491f9a7cdp+0, 0x1.27e7b814ede5cp+2, 0x1.f6a1933f49d64p+2, 0x1.e2eb2076bb346p+3,
    0x1.335282ce214a3p+4, 0x1.9240813774818p+2, 0x1.375f671954277p+3, 0x1.5fbea30050c29p+3,
    0x1.0960f89e1b8d1p+2, 0x1.ee7daf8c9feap+1,  0x1.5647866ec6c34p+2, 0x1.13f1d0c64a506p+1,
    0x1.0c74489b3bfb6p+1, 0x1.bc4b4864d988fp-4, 0x1.28e0da1c2bb17p+4, 0x1.121f67e4ed64fp+3,
};

// Base and exponent.
inline constexpr std::array<std::pair<double, double>, kDiffering> kPowDiffering = {{
    {0x1.311c33ef95478p+4, -0x1.69cb115be4318p+0},
    {0x1.e1a8b847dfa1cp-2, 0x1.076e3c73ce308p+1},
    {0x1.ba56aa213edb3p+3, -0x1.55d59bc436014p+1},
    {0x1.f0128ad14c8dep+1, -0x1.00c62e624eb4dp+3},
    {0x1.0e3724a22b97bp+4, 0x1.8f2a147790a64p+2},
    {0x1.7ca1f0c2b5bb9p+3, -0x1.60578d6100c26p+2},
    {0x1.e1dcda444cf28p+3, -0x1.bb3fd0d03e8e4p+2},
    {0x1.d4eeeba0dc5ecp+1, -0x1.3f083d1717a7ep+2},
    {0x1.3f759cbcdf6b8p+2, 0x1.bbe7f215ada4p-3},
    {0x1.899b172f3f90cp+1, -0x1.18510d79dccb4p+2},
    {0x1.44b89c0e6053dp+3, 0x1.04d5883f438eap+3},
    {0x1.1944320454aa5p+1, 0x1.21522aca8e228p+3},
    {0x1.2d40e189d232ap+4, 0x1.ed1f292cefae4p+2},
    {0x1.a97f4e969321fp+0, 0x1.0c92c5a1965c8p+0},
    {0x1.fdaa302ff6669p+3, -0x1.334926c3e4e32p+2},
    {0x1.23a6834b01f29p+3, -0x1.1026e57fe16eap+3},
}};

// Spread over [-10, 10]: pow's exponents for kSpreadPositive's bases.
inline constexpr std::array<double, kSpread> kSpreadExponent = {
    -0x1.9054ad9d3b63p+2,  0x1.299ad4023d248p+3,  0x1.02b3d1b4ea58p+3,   -0x1.55263ff89ea68p+0,
    0x1.06e830a8147b4p+2,  0x1.dc5223125c18p-1,   0x1.930422dfa708p+0,   -0x1.73f5942719c8p-2,
    0x1.331426cefbf7p+3,   -0x1.57480a6ad80cp+0,  0x1.d79aa61fcb1cp+1,   -0x1.20863a35f5f4ap+3,
    -0x1.7a4fe90603b08p+0, -0x1.8e8be4a112af8p+0, -0x1.18cedf7ff348p+1,  0x1.37ab00875862p+2,
    -0x1.2c1dd2e6823a4p+1, 0x1.f2940e9f3f7c8p+1,  0x1.52b2d6e029af8p+2,  -0x1.892adc165877p+1,
    -0x1.073ed941c59d3p+3, 0x1.03b836e7ab7cp-1,   0x1.2342c03a88f54p+3,  0x1.1a7bd65c7613ep+3,
    -0x1.05fa3e9ac5703p+3, 0x1.df2222a34ce48p+2,  -0x1.1dea3ceb533dbp+3, -0x1.12441d16038p-6,
    0x1.fc86238b6cb2p+0,   0x1.1ea0be6e9d06ap+3,  0x1.885da395f581p+1,   0x1.db317ced34fd4p+2,
    0x1.261cc63f3b9a4p+2,  -0x1.1b0ffbe052b0ap+3, 0x1.935b37210ab5p+2,   -0x1.0be105f0f8d3cp+2,
    -0x1.dc13024d3a9p+0,   0x1.e2828d0a77df4p+1,  0x1.32e7da0d153d8p+2,  0x1.71210c7fa61c8p+2,
    0x1.21f5c7cda0d42p+3,  0x1.497365416eee2p+2,  -0x1.1a4219e15c6eap+1, 0x1.035eaaf6e7a3p+2,
    0x1.22bf50b0a49dp+2,   -0x1.457bfb2cc7672p+2, -0x1.e5344c916104ep+2, 0x1.5b665ab2b284p+1,
};

// Probe i of a one-argument function: its differing inputs, then the spread ones.
template <std::size_t N>
constexpr double input(const std::array<double, kDiffering>& differing,
                       const std::array<double, N>& spread, int i) {
  const auto at = static_cast<std::size_t>(i);
  return i < kDiffering ? differing[at] : spread[at - kDiffering];
}

constexpr double sin_input(int i) {
  return input(kSinDiffering, kSpreadX, i);
}
constexpr double cos_input(int i) {
  return input(kCosDiffering, kSpreadX, i);
}
constexpr double exp_input(int i) {
  return input(kExpDiffering, kSpreadX, i);
}
constexpr double log_input(int i) {
  return input(kLogDiffering, kSpreadPositive, i);
}
constexpr std::pair<double, double> pow_input(int i) {
  const auto at = static_cast<std::size_t>(i);
  return i < kDiffering
             ? kPowDiffering[at]
             : std::pair{kSpreadPositive[at - kDiffering], kSpreadExponent[at - kDiffering]};
}

}  // namespace framecheck::math_probes
