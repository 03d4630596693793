// A divide read through --perft-divide-pattern (engine_perft.h: PerftDialogue::divide_pattern),
// line by line without a process: PyChess's `perft D 1`, whose moves are long algebraic and whose
// divides of depths 1 to D come in turn, each followed by its total (issue 39, section 2).
#include <gtest/gtest.h>

#include "zobrist_verify/doors/engine_perft.h"

namespace zobrist_verify {
namespace {

using Step = PerftReplyReader::Step;

constexpr const char* PyChessDivide = "^ *(?P<move>[^ ]+) +(?P<count>[0-9]+) +[0-9]+$";

PerftDialogue pychess(std::string end_pattern = "") {
  PerftDialogue dialogue;
  dialogue.command = "perft {depth} 1";
  dialogue.end_pattern = std::move(end_pattern);
  dialogue.divide_pattern = PyChessDivide;
  return dialogue;
}

TEST(PerftDividePattern, TheDivideIsTheLastRunOfMatchingLines) {
  const Expected<PerftPatterns> p = PerftPatterns::compile(pychess("^ *{depth} +[0-9]+ .*nps$"), 2);
  ASSERT_TRUE(p) << p.error();
  PerftReplyReader reader(*p->at(2));
  // Depth 1's divide and total, then depth 2's: only depth 2's is the reply's.
  EXPECT_EQ(reader.take("  Ng1-f3          1          1"), Step::More);
  EXPECT_EQ(reader.take("   e2-e4          1          2"), Step::More);
  EXPECT_EQ(reader.take(" 1          2  0.00     33143.45nps"), Step::More);
  EXPECT_EQ(reader.take("  Ng1-f3         20         20"), Step::More);
  EXPECT_EQ(reader.take(""), Step::More);
  EXPECT_EQ(reader.take("   e2-e4         20         40"), Step::More);
  EXPECT_EQ(reader.take(" 2         40  0.00     86467.12nps"), Step::Done);
  ASSERT_EQ(reader.divide().moves.size(), 2u);
  EXPECT_EQ(reader.divide().moves[0].first, "Ng1-f3");  // as printed: read into UCI later
  EXPECT_EQ(reader.divide().moves[0].second, 20u);
  EXPECT_EQ(reader.divide().moves[1].first, "e2-e4");
  EXPECT_EQ(reader.total(), 40u);
}

TEST(PerftDividePattern, ANodesSearchedLineIsStillTheTotal) {
  PerftDialogue dialogue;
  dialogue.divide_pattern = "^(?P<move>[A-Za-z0-9=+#-]+) (?P<count>[0-9]+)$";
  const Expected<PerftPatterns> p = PerftPatterns::compile(dialogue, 1);
  ASSERT_TRUE(p) << p.error();
  PerftReplyReader reader(*p->at(1));
  EXPECT_EQ(reader.take("Nf3 1"), Step::More);
  EXPECT_EQ(reader.take("e4 1"), Step::More);
  EXPECT_EQ(reader.take("Nodes searched: 3"), Step::Inconsistent);
  EXPECT_EQ(reader.why(), "its moves' counts add up to 2, but it printed 'Nodes searched: 3'");
}

TEST(PerftDividePattern, ACountThatIsNoNumberIsAFault) {
  PerftDialogue dialogue;
  dialogue.divide_pattern = "^(?P<move>[^ ]+) (?P<count>[^ ]+)$";
  const Expected<PerftPatterns> p = PerftPatterns::compile(dialogue, 1);
  ASSERT_TRUE(p) << p.error();
  PerftReplyReader reader(*p->at(1));
  EXPECT_EQ(reader.take("Nf3 x1"), Step::Bad);
  EXPECT_EQ(reader.why(), "the divide line 'Nf3 x1' has no whole number in the group count ('x1')");
}

TEST(PerftDividePattern, APatternWithoutItsTwoNamedGroupsIsRefused) {
  PerftDialogue dialogue;
  dialogue.divide_pattern = "^(?P<move>[^ ]+) ([0-9]+)$";
  Expected<PerftPatterns> p = PerftPatterns::compile(dialogue, 1);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(),
            "--perft-divide-pattern '^(?P<move>[^ ]+) ([0-9]+)$': it has no group "
            "(?P<count>...); it needs the named groups move, count");
  dialogue.divide_pattern = "^(?P<move>[^ ]+) (?P<nodes>[0-9]+)$";
  p = PerftPatterns::compile(dialogue, 1);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(),
            "--perft-divide-pattern '^(?P<move>[^ ]+) (?P<nodes>[0-9]+)$': its group "
            "(?P<nodes>...) is not one it reads: name the groups move, count");
  dialogue.divide_pattern = "^(?P<move>[^ ]+) (?P<count>[0-9]+) ([0-9]+)$";
  p = PerftPatterns::compile(dialogue, 1);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(),
            "--perft-divide-pattern '^(?P<move>[^ ]+) (?P<count>[0-9]+) ([0-9]+)$': it has 3 "
            "capture groups and names 2; every group must be named (write (?:...) to group "
            "without capturing)");
  dialogue.total_pattern = "^([0-9]+)$";
  dialogue.divide_pattern = PyChessDivide;
  p = PerftPatterns::compile(dialogue, 1);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(),
            "--perft-divide-pattern and --perft-total-pattern: an engine prints a divide or a "
            "total alone, give the pattern of one");
}

}  // namespace
}  // namespace zobrist_verify
