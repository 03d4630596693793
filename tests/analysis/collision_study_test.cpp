// The collision study's counting, estimator and p-values: counts against a brute-force count of
// distinct values, the estimator and variance against hand values and full enumeration, and the
// verdict on keys from strong generators (must pass at every width) and from weak ones (must fail).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "test_support.h"
#include "zobrist_verify/analysis/collision_study.h"
#include "zobrist_verify/analysis/statistics.h"

namespace zobrist_verify {
namespace {

using zv_test::random_keys;

TEST(TruncateKey, TableSplitKeepsTheLowIndexBitsAndTheTop16CheckBits) {
  const Key key = 0xABCD'0000'0000'1234ULL;
  EXPECT_EQ(truncate_key(key, TruncationMode::TableSplit, 20), 0xABCD4ULL);  // index 4 bits: 0x4
  EXPECT_EQ(truncate_key(key, TruncationMode::TableSplit, 16), 0xABCDULL);
  EXPECT_EQ(truncate_key(key, TruncationMode::Low, 12), 0x234ULL);
  EXPECT_EQ(truncate_key(key, TruncationMode::High, 12), 0xABCULL);
}

TEST(CountCollisions, EqualsNMinusTheDistinctTruncatedValuesAtEveryWidth) {
  // Random keys plus near copies that share long prefixes and suffixes, so that every width sees
  // collisions; 35,000 keys, so that the sort cuts them into blocks.
  std::vector<Key> keys = random_keys(21'000, 11);
  for (std::size_t i = 0; i < 21'000; i += 3) {
    keys.push_back(keys[i] ^ (Key{1} << (i % 64)));
    keys.push_back(keys[i]);
  }
  for (TruncationMode mode : EveryTruncationMode) {
    const CollisionCounts counts = count_collisions(keys, mode);
    for (int bits = mode == TruncationMode::TableSplit ? 16 : 1; bits <= 64; ++bits) {
      // The distinct values by a comparison sort (the code under test counts by radix sort).
      std::vector<Key> truncated;
      for (Key key : keys) truncated.push_back(truncate_key(key, mode, bits));
      std::sort(truncated.begin(), truncated.end());
      const auto distinct = std::unique(truncated.begin(), truncated.end()) - truncated.begin();
      EXPECT_EQ(counts[std::size_t(bits)], keys.size() - std::size_t(distinct))
          << to_string(mode) << " " << bits;
    }
  }
}

TEST(CountCollisions, AreTheSameForOneTwoAndThreeThreads) {
  std::vector<Key> keys = random_keys(600'000, 12);
  for (std::size_t i = 0; i < 600'000; i += 5) keys.push_back(keys[i] ^ (Key{1} << (i % 64)));
  for (TruncationMode mode : EveryTruncationMode) {
    const CollisionCounts one = count_collisions(keys, mode, 1);
    EXPECT_EQ(count_collisions(keys, mode, 2), one) << to_string(mode);
    EXPECT_EQ(count_collisions(keys, mode, 3), one) << to_string(mode);
    EXPECT_GT(one[40], 0u);  // near copies collide where their flipped bit is cut off
  }
}

TEST(ExpectedCollisions, UsesThePairApproximationWhereSMHasher3Does) {
  // n < 2^(b-25.5): n(n-1)/2^(b+1).
  EXPECT_DOUBLE_EQ(expected_collisions(1000, 64), 1000.0 * 999.0 / std::exp2(65));
  EXPECT_DOUBLE_EQ(expected_collisions(1000, 40), 1000.0 * 999.0 / std::exp2(41));
}

TEST(ExpectedCollisions, IsNMinusTheExpectedOccupiedCells) {
  // n = m = 2^20 balls in m cells: m - m(1 - (1-1/m)^m), and (1-1/m)^m = e^-1 (1 - 1/(2m) + ...).
  const double m = std::exp2(20);
  const double by_hand = m * std::exp(-1.0) * (1 - 1 / (2 * m));
  EXPECT_NEAR(expected_collisions(m, 20), by_hand, by_hand * 1e-9);
}

// The variance of the number of empty cells, by enumerating every way n balls fall into m cells.
double enumerated_variance(int m, int n) {
  double sum = 0, sum_squares = 0, outcomes = 0;
  std::vector<int> cell(std::size_t(n), 0);
  for (;;) {
    std::vector<bool> hit(std::size_t(m), false);
    for (int c : cell) hit[std::size_t(c)] = true;
    const double empty = double(std::count(hit.begin(), hit.end(), false));
    sum += empty;
    sum_squares += empty * empty;
    ++outcomes;
    std::size_t i = 0;
    while (i < cell.size() && ++cell[i] == m) cell[i++] = 0;
    if (i == cell.size()) break;
  }
  const double mean = sum / outcomes;
  return sum_squares / outcomes - mean * mean;
}

TEST(CollisionVariance, MatchesFullEnumeration) {
  EXPECT_NEAR(collision_variance(3, 2), enumerated_variance(4, 3), 1e-9);
  EXPECT_NEAR(collision_variance(5, 3), enumerated_variance(8, 5), 1e-9);
  EXPECT_NEAR(collision_variance(7, 2), enumerated_variance(4, 7), 1e-9);
}

TEST(TailProbabilities, MatchHandValues) {
  EXPECT_NEAR(poisson_upper_tail(2, 1), 1 - std::exp(-2.0), 1e-12);
  EXPECT_NEAR(poisson_upper_tail(2, 3), 1 - std::exp(-2.0) * (1 + 2 + 2), 1e-12);
  EXPECT_NEAR(poisson_upper_tail(0.5, 4), 1 - std::exp(-0.5) * (1 + 0.5 + 0.125 + 0.125 / 6),
              1e-12);
  EXPECT_DOUBLE_EQ(poisson_upper_tail(3, 0), 1);
  EXPECT_NEAR(normal_upper_tail(0), 0.5, 1e-15);
  EXPECT_NEAR(normal_upper_tail(1.959963984540054), 0.025, 1e-12);
  EXPECT_NEAR(binomial_two_sided(10, 0), 2.0 / 1024, 1e-15);
  EXPECT_NEAR(binomial_two_sided(10, 9), 2.0 * 11 / 1024, 1e-15);
  EXPECT_DOUBLE_EQ(binomial_two_sided(10, 5), 1);
  EXPECT_NEAR(hamming_at_most(1), 65 / std::exp2(64), 1e-30);
}

void expect_every_width_passes(const std::vector<Key>& keys) {
  for (const WidthVerdict& w : judge_collisions(keys, 1, 64))
    EXPECT_TRUE(w.passed) << to_string(w.mode) << " " << w.bits << ": expected " << w.expected
                          << ", actual " << w.actual << ", p " << w.p_value << " ("
                          << to_string(w.method) << ")";
}

TEST(JudgeCollisions, AStrongGeneratorPassesAtEveryWidthWithAMillionKeys) {
  std::array<std::uint8_t, 32> seed{};
  seed.fill(7);
  ChaCha20Stream stream(seed);
  std::vector<Key> keys(1'000'000);
  for (Key& key : keys) key = stream.next_u64();
  expect_every_width_passes(keys);
}

TEST(JudgeCollisions, AStrongGeneratorPassesAtEveryWidthWithTenMillionKeys) {
  expect_every_width_passes(random_keys(10'000'000, 2024));
}

TEST(JudgeCollisions, KeysWithAStuckBitFailInTheModesThatKeepIt) {
  std::vector<Key> keys = random_keys(1'000'000, 5);
  for (Key& key : keys) key &= ~Key{1};  // bit 0 always 0: the low b bits take half the values
  int low_failures = 0, high_failures = 0;
  for (const WidthVerdict& w : judge_collisions(keys, 16, 40)) {
    if (w.mode == TruncationMode::Low) low_failures += !w.passed;
    if (w.mode == TruncationMode::High) high_failures += !w.passed;
  }
  EXPECT_GT(low_failures, 10);
  EXPECT_EQ(high_failures, 0);  // bit 0 is never among the high 16 to 40 bits
}

TEST(CollisionStudy, StudiesExactlyTheDistinctPositionsAskedFor) {
  CollisionStudyOptions options;
  options.positions = 50'000;
  options.low_bits = 16;
  options.high_bits = 32;
  const CollisionStudy study = run_collision_study(seeded_scheme(99), options);
  EXPECT_EQ(study.positions, 50'000u);
  EXPECT_GE(study.generated, study.positions);
  EXPECT_EQ(study.widths.size(), 3u * 17);
  EXPECT_TRUE(study.passed());
}

// The study with `threads` threads: everything but the verdicts' p-values, which follow from
// the counts.
std::vector<std::uint64_t> study_figures(int threads, std::uint64_t seed) {
  CollisionStudyOptions options;
  options.positions = 120'000;
  options.low_bits = 16;
  options.high_bits = 40;
  options.seed = seed;
  options.threads = threads;
  const CollisionStudy study = run_collision_study(polyglot_scheme(), options);
  std::vector<std::uint64_t> figures{study.positions, study.generated, study.games};
  for (const WidthVerdict& w : study.widths) figures.push_back(w.actual);
  return figures;
}

TEST(CollisionStudy, TheSampleAndEveryCountAreTheSameForOneTwoAndThreeThreads) {
  for (std::uint64_t seed : {1ULL, 0x636F'6C6C'6973'696FULL}) {
    const std::vector<std::uint64_t> one = study_figures(1, seed);
    EXPECT_EQ(study_figures(2, seed), one) << "seed " << seed;
    EXPECT_EQ(study_figures(3, seed), one) << "seed " << seed;
  }
}

TEST(CollisionStudy, AnotherSeedGivesAnotherSample) {
  // So that the test above compares samples that could have differed.
  EXPECT_NE(study_figures(2, 1), study_figures(2, 2));
}

TEST(CollisionSvg, DrawsAPanelPerModeAndADotPerWidth) {
  const std::vector<Key> keys = random_keys(20'000, 3);
  CollisionStudy study;
  study.positions = keys.size();
  study.widths = judge_collisions(keys, 16, 24);
  const std::string svg = collision_svg(study, "test");
  EXPECT_TRUE(svg.starts_with("<svg"));
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  std::size_t dots = 0;
  for (std::size_t at = svg.find("<circle"); at != std::string::npos;
       at = svg.find("<circle", at + 1))
    ++dots;
  EXPECT_EQ(dots, 3u * 9 + 1);  // one a width and mode, one in the legend
}

}  // namespace
}  // namespace zobrist_verify
