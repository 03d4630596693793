// The key-set analyser on Huima's Go table (keys --scheme go:N): in xor mode the table has
// dependencies of four keys by construction, and the analyser must find one and name its points.
// The structural zero sets are counted here independently, from the geometry alone.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.h"
#include "zobrist_verify/analysis/key_analysis.h"
#include "zobrist_verify/go/go_hash.h"

namespace zobrist_verify {
namespace {

// Orbits of the half turn and the two diagonal mirrors about the centre, off the diagonals: the
// axis rings and the halves of each generic orbit of eight (docs/go-hash.md), as point-name sets.
std::set<std::set<std::string>> structural_zero_sets(int n, const std::string& colour) {
  std::set<std::set<std::string>> sets;
  const int c = n / 2;
  for (int u = -c; u <= c; ++u)
    for (int v = -c; v <= c; ++v) {
      if (u == v || u == -v) continue;
      std::set<std::string> names;
      for (GoPoint p : {GoPoint{c + u, c + v}, GoPoint{c - u, c - v}, GoPoint{c + v, c + u},
                        GoPoint{c - v, c - u}})
        names.insert(colour + " " + go_point_name(p));
      sets.insert(names);
    }
  return sets;
}

TEST(GoKeyAnalysis, XorTableHasDependenciesOfFourKeysNamedByTheirPoints) {
  auto set = go_key_set(19, GoCombine::Xor);
  ASSERT_TRUE(set.has_value()) << set.error();
  ASSERT_EQ(set->keys.size(), 722u);
  const KeyAnalysis analysis = analyse_keys(*set);
  EXPECT_FALSE(analysis.passed());
  ASSERT_TRUE(analysis.smallest_dependency.has_value());
  const KeyDependency& d = *analysis.smallest_dependency;
  ASSERT_EQ(d.indices.size(), 4u);  // none of 1 to 3 keys: the table redraws those away
  EXPECT_TRUE(d.exhaustive);
  // 9 axis rings and 72 half orbits in each colour, all found; the count may hold a few chance
  // dependencies of four keys more (docs/go-hash.md names those of the default table).
  const auto black = structural_zero_sets(19, "black");
  const auto white = structural_zero_sets(19, "white");
  ASSERT_EQ(black.size(), 81u);
  EXPECT_GE(d.count, 162u);
  // The one reported (the first in index order) is one of them, named by its points.
  const std::set<std::string> names(d.names.begin(), d.names.end());
  EXPECT_TRUE(black.contains(names) || white.contains(names)) << ::testing::PrintToString(d.names);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(set->names[d.indices[i]], d.names[i]);
  Key sum = 0;
  for (std::size_t i : d.indices) sum ^= set->keys[i];
  EXPECT_EQ(sum, 0u);
}

TEST(GoKeyAnalysis, TheSideStarPointsAreAmongTheZeroSets) {
  const auto black = structural_zero_sets(19, "black");
  EXPECT_TRUE(black.contains({"black D10", "black K16", "black Q10", "black K4"}));
}

TEST(GoKeyAnalysis, KeysCommandReportsTheDependencyAndExitsOne) {
  const testkit::RunResult r = testkit::run_cli({"keys", "--scheme", "go:19"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("4 keys XOR to zero: black "), std::string::npos) << r.out;
  const testkit::RunResult json = testkit::run_cli({"keys", "--scheme", "go:19", "--json"});
  EXPECT_EQ(json.exit_code, 1);
  EXPECT_NE(json.out.find("\"size\": 4"), std::string::npos) << json.out;
  EXPECT_EQ(testkit::run_cli({"keys", "--scheme", "go:20"}).exit_code, 2);
  EXPECT_EQ(testkit::run_cli({"keys", "--scheme", "go:x"}).exit_code, 2);
}

}  // namespace
}  // namespace zobrist_verify
