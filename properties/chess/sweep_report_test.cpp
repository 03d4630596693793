// The sweep's report (property 4) shows the two things it compared: two positions, each with the
// key the target gave it, and those keys differ when the complaint is that they should not.
// Found on two real targets (issue 20): a target that keys the en-passant square whenever one is
// set, judged under the pseudo-legal rule, got a report that printed one FEN twice with one key
// as both "expected" and "actual".
#include <gtest/gtest.h>

#include "chess/test_targets.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {
namespace {

// The key a fresh reference instance under `scheme` gives the route's position.
Key reference_key(const KeyScheme& scheme, const Route& route) {
  Game game;
  EXPECT_TRUE(game.set(route.fen, scheme, FenOptions{.chess960 = route.chess960}).empty());
  for (const std::string& m : route.moves) EXPECT_TRUE(game.play_uci(m)) << m;
  return game.position().key();
}

const KeyScheme& always_scheme() {
  static const KeyScheme always = test_targets::polyglot_with_rule(EnPassantRule::Always);
  return always;
}

// The sweep of a target that keys every en-passant square, judged under the pseudo-legal rule
// (and against `expected`'s keys when given).
PropertyResult sweep_always_keyed(const KeyScheme* expected) {
  Target target;
  target.name = "always-keyed";
  target.en_passant_rule = EnPassantRule::PseudoLegal;  // what it is judged under
  target.expected_scheme = expected;
  target.make = [] { return make_reference_hash(always_scheme()); };
  SuiteOptions options;
  options.cases = 100;
  options.seed = 7;
  return run_property("unequal-positions-unequal-keys", target, options);
}

TEST(SweepReport, ShowsTwoDifferentPositionsWithTheirOwnKeys) {
  const PropertyResult r = sweep_always_keyed(nullptr);
  ASSERT_FALSE(r.passed);
  ASSERT_TRUE(r.counterexample);
  const Counterexample& c = *r.counterexample;
  ASSERT_EQ(c.positions.size(), 2u) << format_counterexample(c);
  const ComparedPosition& a = c.positions[0];
  const ComparedPosition& b = c.positions[1];
  EXPECT_FALSE(a.route.fen == b.route.fen && a.route.moves == b.route.moves)
      << "one position shown twice:\n"
      << format_counterexample(c);
  // Each side shows its own key, as the (reference) target gives it, and they differ.
  EXPECT_EQ(a.key, reference_key(always_scheme(), a.route)) << format_counterexample(c);
  EXPECT_EQ(b.key, reference_key(always_scheme(), b.route)) << format_counterexample(c);
  EXPECT_NE(a.key, b.key) << format_counterexample(c);
  EXPECT_EQ(c.expected, a.key);
  EXPECT_EQ(c.actual, b.key);
}

// With --expect, the split's two keys are not both the target's to compare: the side whose key is
// not the scheme's is the failure, shown as the target's key against the scheme's.
TEST(SweepReport, WithAnExpectedSchemeShowsTheTargetsKeyAgainstTheSchemes) {
  const PropertyResult r = sweep_always_keyed(&polyglot_scheme());
  ASSERT_FALSE(r.passed);
  ASSERT_TRUE(r.counterexample);
  const Counterexample& c = *r.counterexample;
  EXPECT_EQ(c.comparison, Comparison::SameKey) << format_counterexample(c);
  EXPECT_NE(c.what.find("key vs the exact key of the polyglot scheme"), std::string::npos)
      << format_counterexample(c);
  EXPECT_EQ(c.expected, reference_key(polyglot_scheme(), c.route)) << format_counterexample(c);
  EXPECT_EQ(c.actual, reference_key(always_scheme(), c.route)) << format_counterexample(c);
  EXPECT_NE(c.expected, c.actual);
}

}  // namespace
}  // namespace zobrist_verify::properties
