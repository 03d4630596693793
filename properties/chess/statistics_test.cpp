// Statistical properties of every built-in key scheme, with fixed seeds so that they are
// deterministic: truncated keys of distinct positions collide as often as random values do, and
// no small set of keys XORs to zero.
#include <gtest/gtest.h>

#include "zobrist_verify/analysis/collision_study.h"
#include "zobrist_verify/analysis/key_analysis.h"

namespace zobrist_verify {
namespace {

std::vector<KeyScheme> every_builtin_scheme() {
  std::vector<KeyScheme> schemes;
  for (const std::string& name : builtin_scheme_names()) schemes.push_back(**builtin_scheme(name));
  schemes.push_back(seeded_scheme(12345));
  return schemes;
}

TEST(StatisticalProperties, CollisionsAt20To28BitsOver100000PositionsStayWithinTheThreshold) {
  for (const KeyScheme& scheme : every_builtin_scheme()) {
    CollisionStudyOptions options;
    options.positions = 100'000;
    options.low_bits = 20;
    options.high_bits = 28;
    options.seed = 0x5EED'0000'0000'0001ULL;
    const CollisionStudy study = run_collision_study(scheme, options);
    ASSERT_EQ(study.positions, 100'000u);
    for (const WidthVerdict& w : study.widths)
      EXPECT_TRUE(w.passed) << scheme.name << " " << to_string(w.mode) << " " << w.bits
                            << ": expected " << w.expected << ", actual " << w.actual << ", p "
                            << w.p_value;
  }
}

TEST(StatisticalProperties, NoBuiltInTableHasADependencyOfFourKeysOrFewer) {
  KeyAnalysisOptions exact_only;  // sizes 1 to 4 are exact; skip the larger searches here
  exact_only.exhaustive_triples = 0;
  exact_only.sampled_subsets = 0;
  for (const KeyScheme& scheme : every_builtin_scheme()) {
    const KeyAnalysis analysis = analyse_keys(chess_key_set(scheme), exact_only);
    EXPECT_FALSE(analysis.smallest_dependency)
        << scheme.name << ": " << analysis.smallest_dependency->names.front();
    EXPECT_EQ(analysis.rank, 64) << scheme.name;
  }
}

}  // namespace
}  // namespace zobrist_verify
