#include <gtest/gtest.h>

#include <framecheck/session/field_places.hpp>
#include <vector>

namespace framecheck {
namespace {

std::vector<std::size_t> indices(std::span<const std::size_t> places) {
  return {places.begin(), places.end()};
}

const std::vector<GameStateField> kFields = {{"score", std::int64_t{1}},
                                             {"hp", std::int64_t{2}},
                                             {"score", std::int64_t{3}},
                                             {"time", std::int64_t{4}},
                                             {"a", false},
                                             {"score", std::int64_t{5}}};

TEST(FieldPlaces, ANameIsEveryFieldOfItFirstFirst) {
  FieldPlaces places;
  places.assign(kFields);
  EXPECT_EQ(indices(places.of("score")), (std::vector<std::size_t>{0, 2, 5}));
  EXPECT_EQ(indices(places.of("time")), (std::vector<std::size_t>{3}));
  EXPECT_EQ(indices(places.of("a")), (std::vector<std::size_t>{4}));
  EXPECT_TRUE(places.of("scor").empty());
  EXPECT_TRUE(places.of("zz").empty());
  EXPECT_TRUE(places.of("").empty());
}

// The hint is where the k-th change was found last frame; whatever it holds, a name's places
// are the same as without it.
TEST(FieldPlaces, AHintedLookupFindsWhatALookupFinds) {
  FieldPlaces places;
  places.assign(kFields);
  const std::vector<std::vector<std::string_view>> frames = {
      {"time", "score"},          {"time", "score"},   {"score", "time"},
      {"hp", "nothing", "score"}, {"a", "hp", "time"}, {"time", "score"}};
  for (const auto& changes : frames) {
    for (std::size_t k = 0; k < changes.size(); ++k)
      EXPECT_EQ(indices(places.of(changes[k], k)), indices(places.of(changes[k]))) << changes[k];
  }
  // Assigned again, the hints are forgotten with the places.
  places.assign(std::vector<GameStateField>{{"time", 1.0}, {"score", 2.0}});
  EXPECT_EQ(indices(places.of("time", 0)), (std::vector<std::size_t>{0}));
  EXPECT_EQ(indices(places.of("score", 1)), (std::vector<std::size_t>{1}));
  EXPECT_TRUE(places.of("hp", 0).empty());
}

}  // namespace
}  // namespace framecheck
