// Shrinking stays on the first failure's check: a smaller case that fails another check (another
// comparison, key part or step, so perhaps another bug) is set aside, and the report says so.
#include <gtest/gtest.h>

#include <rapidcheck.h>

#include "core/case_log.h"
#include "core/rapidcheck_run.h"

namespace zobrist_verify::properties {
namespace {

Counterexample failure(const std::string& what, int ply, Key actual) {
  Counterexample c;
  c.route.fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
  c.route.moves.assign(std::size_t(ply + 1), "a1a2");
  c.ply = ply;
  c.what = what;
  c.expected = 1;
  c.actual = actual;
  return c;
}

TEST(Shrinking, TheCheckIgnoresPositionsMovesKeysAndDetail) {
  EXPECT_EQ(check_of(failure("key: after make_move vs a fresh set_position of 8/8/8 w - - 0 1", 3,
                             0x1234)),
            check_of(failure("key: after make_move vs a fresh set_position of 4k3/8 b - - 0 9 "
                             "(Chess960)",
                             7, 0x99)));
  EXPECT_NE(check_of(failure("key: after make_move vs a fresh set_position of 8/8", 3, 0)),
            check_of(failure("pawn key: after make_move vs a fresh set_position of 8/8", 3, 0)));
  Counterexample other = failure("key: after make_move vs a fresh set_position of 8/8", 3, 0);
  other.comparison = Comparison::DifferentKeys;
  EXPECT_NE(check_of(failure("key: after make_move vs a fresh set_position of 8/8", 3, 0)),
            check_of(other));
}

// A property with two bugs: every case of 50 and more fails check A and, once A has been seen
// (so that the first failure is A's), every smaller one but 0 fails check B. Unguarded,
// shrinking would slide from A down to B's smallest case.
bool a_seen = false;
void two_bugs(int) {
  const int n = *rc::gen::inRange(0, 101);
  if (n >= 50) {
    a_seen = true;
    fail(failure("key: check A after the promotion", n, Key(n)));
  }
  if (a_seen && n >= 1) fail(failure("key: check B after the double push", n, Key(n)));
}

TEST(Shrinking, AShrunkCaseFailsTheSameCheckAsTheFirstFailure) {
  SuiteOptions options;
  options.cases = 200;
  PropertyResult result;
  result.name = "two-bugs";
  run_rapidcheck("shrinking/two-bugs", options, false, two_bugs, result);
  ASSERT_FALSE(result.passed);
  ASSERT_TRUE(result.counterexample);
  const Counterexample& c = *result.counterexample;
  EXPECT_EQ(c.what, "key: check A after the promotion") << "slid onto another bug";
  EXPECT_EQ(c.actual, 50u) << "shrunk as far as check A goes";
  EXPECT_NE(c.shrinking.find("kept to the first failure's check"), std::string::npos)
      << c.shrinking;
  EXPECT_NE(c.shrinking.find("check B after the double push"), std::string::npos) << c.shrinking;
}

TEST(Shrinking, SaysNothingWhenNoSmallerCaseFailedAnotherCheck) {
  SuiteOptions options;
  options.cases = 200;
  PropertyResult result;
  result.name = "one-bug";
  run_rapidcheck(
      "shrinking/one-bug", options, false,
      [](int) {
        const int n = *rc::gen::inRange(0, 101);
        if (n >= 50) fail(failure("key: check A after the promotion", 0, Key(n)));
      },
      result);
  ASSERT_TRUE(result.counterexample);
  EXPECT_EQ(result.counterexample->actual, 50u);
  EXPECT_EQ(result.counterexample->shrinking, "");
}

}  // namespace
}  // namespace zobrist_verify::properties
