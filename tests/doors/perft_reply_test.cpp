// Perft replies as engines print them (engine_perft.h: PerftPatterns, PerftReplyReader), read
// line by line without a process, and the descent that locates a divergence of totals
// (perft_descent.h) against an engine with a planted generator bug.
#include <gtest/gtest.h>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/doors/engine_perft.h"
#include "zobrist_verify/doors/perft_descent.h"

namespace zobrist_verify {
namespace {

using Step = PerftReplyReader::Step;

// The deepest depth the tests' patterns are compiled for.
constexpr int Deepest = 12;

PerftPatterns patterns(std::string total, std::string end = "",
                       std::string command = "perft {depth}") {
  auto compiled = PerftPatterns::compile({command, std::move(total), std::move(end)}, Deepest);
  EXPECT_TRUE(compiled) << (compiled ? "" : compiled.error());
  return std::move(*compiled);
}

PerftReplyReader reader_at(const PerftPatterns& patterns, int depth) {
  return PerftReplyReader(*patterns.at(depth));
}

TEST(PerftReply, ReadsEtherealsBareTotal) {
  PerftPatterns p = patterns("^([0-9]+)$");
  PerftReplyReader reader = reader_at(p, 2);
  EXPECT_EQ(reader.take("info string some chatter"), Step::More);
  EXPECT_EQ(reader.take("400"), Step::Done);
  EXPECT_EQ(reader.total(), 400u);
}

TEST(PerftReply, ReadsSjaaksTotalAtTheDepthAsked) {
  PerftPatterns p = patterns("^ *{depth} +([0-9]+) ");
  PerftReplyReader reader = reader_at(p, 2);
  EXPECT_EQ(reader.take(" 1         20  0.00     97087.38nps"), Step::More);
  EXPECT_EQ(reader.take(" 2        400  0.00   2150537.63nps"), Step::Done);
  EXPECT_EQ(reader.total(), 400u);
  PerftReplyReader at_one = reader_at(p, 1);
  EXPECT_EQ(at_one.take(" 1         20  0.00     97087.38nps"), Step::Done);
  EXPECT_EQ(at_one.total(), 20u);
  // Depth 12's line is not depth 1's.
  PerftReplyReader at_twelve = reader_at(p, 12);
  EXPECT_EQ(at_twelve.take(" 1         20  0.00  1nps"), Step::More);
}

TEST(PerftReply, ReadsStockfishsDivideUpToNodesSearched) {
  PerftPatterns p = *PerftPatterns::compile({}, Deepest);
  PerftReplyReader reader = reader_at(p, 1);
  EXPECT_EQ(reader.take("e2e4: 1"), Step::More);
  EXPECT_EQ(reader.take("d2d4: 1"), Step::More);
  EXPECT_EQ(reader.take(""), Step::More);
  EXPECT_EQ(reader.take("Nodes searched: 2"), Step::Done);
  EXPECT_EQ(reader.divide().moves.size(), 2u);
  EXPECT_EQ(reader.total(), 2u);
}

// Stockfish 15.1 with requests in flight: its node counter is shared with the input thread, which
// plays the next position's moves on it, so the total may come out larger than the counts. The
// reply is still whole and in step; only its total disagrees.
TEST(PerftReply, ATotalUnlikeTheCountsIsInconsistentNotOutOfStep) {
  PerftPatterns p = *PerftPatterns::compile({}, Deepest);
  PerftReplyReader reader = reader_at(p, 1);
  EXPECT_EQ(reader.take("e1f2: 1"), Step::More);
  EXPECT_EQ(reader.take(""), Step::More);
  EXPECT_EQ(reader.take("Nodes searched: 2"), Step::Inconsistent);
  EXPECT_TRUE(reader.inconsistent());
  EXPECT_NE(reader.why().find("add up to 1"), std::string::npos) << reader.why();
  // With an end line, the reply is read to its end first.
  PerftPatterns ended = *PerftPatterns::compile({"go perft {depth}", "", "^end$"}, Deepest);
  PerftReplyReader to_the_end = reader_at(ended, 1);
  EXPECT_EQ(to_the_end.take("e1f2: 1"), Step::More);
  EXPECT_EQ(to_the_end.take("Nodes searched: 2"), Step::More);
  EXPECT_EQ(to_the_end.take("end"), Step::Inconsistent);
  // Agreeing counts stay Done.
  PerftReplyReader agreeing = reader_at(ended, 1);
  EXPECT_EQ(agreeing.take("e1f2: 1"), Step::More);
  EXPECT_EQ(agreeing.take("Nodes searched: 1"), Step::More);
  EXPECT_EQ(agreeing.take("end"), Step::Done);
  EXPECT_FALSE(agreeing.inconsistent());
}

TEST(PerftReply, ASearchsLinesAreSeenAsASearch) {
  PerftPatterns totals = patterns("^([0-9]+)$");
  PerftPatterns divide = *PerftPatterns::compile({}, Deepest);
  for (const char* line : {"info depth 1", "info multipv 1 depth 10 score cp 15 pv e2e4",
                           "bestmove e2e4 ponder e7e5", "info time 1003 nodes 1330000 nps 1"}) {
    EXPECT_EQ(reader_at(totals, 2).take(line), Step::Search) << line;
    EXPECT_EQ(reader_at(divide, 2).take(line), Step::Search) << line;
  }
  EXPECT_FALSE(is_search_line("info string depth 3 is all I do"));
  EXPECT_FALSE(is_search_line("e2e4: 20"));
}

TEST(PerftReply, ARefusalBeforeTheTotalIsARefusal) {
  PerftPatterns p = patterns("^([0-9]+)$");
  EXPECT_EQ(reader_at(p, 2).take("Error: illegal FEN"), Step::Refused);
  EXPECT_EQ(reader_at(p, 2).take("info string Invalid position"), Step::Refused);
}

// PyChess answers "perft 1" with "Error (missing argument): perft 1": an error that quotes the
// perft request answers the request, and is a fault on the position, never a refusal of it.
TEST(PerftReply, AnErrorQuotingThePerftCommandIsAFaultNotARefusal) {
  PerftPatterns divide = patterns("");
  PerftReplyReader reader = reader_at(divide, 1);
  EXPECT_EQ(reader.take("Error (missing argument): perft 1"), Step::Bad);
  EXPECT_NE(reader.why().find("answered the perft request 'perft 1' with an error"),
            std::string::npos)
      << reader.why();
  // An error that names no request is still a refusal of the position.
  EXPECT_EQ(reader_at(divide, 1).take("Error (illegal position): setboard 8/8 w"), Step::Refused);
}

TEST(PerftReply, AnEndPatternEndsTheReplyAfterTheTotal) {
  PerftPatterns p = patterns("^total ([0-9]+)$", "^done in [0-9]+ ms$");
  PerftReplyReader reader = reader_at(p, 3);
  EXPECT_EQ(reader.take("total 8902"), Step::More);
  EXPECT_EQ(reader.take("done in 3 ms"), Step::Done);
  EXPECT_EQ(reader.total(), 8902u);
  PerftReplyReader without_total = reader_at(p, 3);
  EXPECT_EQ(without_total.take("done in 3 ms"), Step::Bad);
  EXPECT_NE(without_total.why().find("--perft-total-pattern"), std::string::npos);
}

TEST(PerftReply, ATotalThatIsNoNumberIsBad) {
  PerftPatterns p = patterns("^nodes (.*)$");
  PerftReplyReader reader = reader_at(p, 1);
  EXPECT_EQ(reader.take("nodes many"), Step::Bad);
  PerftReplyReader huge = reader_at(p, 1);
  EXPECT_EQ(huge.take("nodes 999999999999999999999999"), Step::Bad);
  EXPECT_EQ(huge.why(),
            "the total line 'nodes 999999999999999999999999' has a number over 2^64 - 1 in the "
            "group of --perft-total-pattern: no perft total is that large");
}

TEST(PerftReply, ADivideWithACustomEndSumsItsCounts) {
  PerftPatterns p = *PerftPatterns::compile({"divide {depth}", "", "^end$"}, Deepest);
  PerftReplyReader reader = reader_at(p, 1);
  EXPECT_EQ(reader.take("e2e4: 1"), Step::More);
  EXPECT_EQ(reader.take("g1f3: 1"), Step::More);
  EXPECT_EQ(reader.take("end"), Step::Done);
  EXPECT_EQ(reader.total(), 2u);
}

// A divide read where the engine prints a total alone (issue 39, section 2): the fault names the
// option that reads totals, with the pattern of the line when its form is one engines print.
TEST(PerftReply, ATotalWhereADivideIsReadNamesTheOptionThatReadsTotals) {
  const std::string hint =
      "; an engine that prints a total without a divide is read with --perft-total-pattern, whose "
      "one group is the total";
  PerftPatterns divide = patterns("");
  PerftReplyReader ethereal = reader_at(divide, 1);
  EXPECT_EQ(ethereal.take("20"), Step::Bad);
  EXPECT_EQ(ethereal.why(), "'20' is not a perft line ('MOVE: COUNT' or 'Nodes searched: N')" +
                                hint + " (for this line: '^([0-9]+)$')");
  PerftReplyReader sjaak = reader_at(divide, 1);
  EXPECT_EQ(sjaak.take(" 1         20  0.00    363636.36nps"), Step::Bad);
  EXPECT_TRUE(sjaak.why().ends_with(
      hint + " (for a depth and its total, as Sjaak II prints: '^ *{depth} +([0-9]+) ')"))
      << sjaak.why();
  PerftReplyReader nodes_only = reader_at(divide, 1);
  EXPECT_EQ(nodes_only.take("Nodes searched: 20"), Step::Inconsistent);
  EXPECT_EQ(nodes_only.why(), "its moves' counts add up to 0, but it printed 'Nodes searched: 20'" +
                                  hint + " (for this line: '^Nodes searched: ([0-9]+)$')");
  PerftReplyReader other = reader_at(divide, 1);
  EXPECT_EQ(other.take("perft 1: 20 nodes"), Step::Bad);
  EXPECT_TRUE(other.why().ends_with(hint)) << other.why();
}

TEST(PerftReply, ALineWithoutACountOrAfterTheMovesNamesNoTotalsOption) {
  PerftPatterns divide = patterns("");
  PerftReplyReader words = reader_at(divide, 1);
  EXPECT_EQ(words.take("this is not a perft line"), Step::Bad);
  PerftReplyReader zero = reader_at(divide, 1);
  EXPECT_EQ(zero.take("0"), Step::Bad);  // no move, so no total above 0 either
  PerftReplyReader late = reader_at(divide, 1);
  EXPECT_EQ(late.take("e2e4: 1"), Step::More);
  EXPECT_EQ(late.take("20"), Step::Bad);
  for (const PerftReplyReader* reader : {&words, &zero, &late}) {
    EXPECT_EQ(reader->why().find("--perft-total-pattern"), std::string::npos) << reader->why();
    EXPECT_EQ(reader->total_line(), "");
  }
}

// CECP's comments ("# New game 'Chess'", which Sjaak II prints after each "new") are no lines of
// a divide, as in a divide read through a pattern.
TEST(PerftReply, AnXboardCommentInADivideIsPassedOver) {
  PerftPatterns divide = *PerftPatterns::compile({"divide {depth}", "", "^end$"}, Deepest);
  PerftReplyReader reader = reader_at(divide, 1);
  EXPECT_EQ(reader.take("# New game 'Chess'"), Step::More);
  EXPECT_EQ(reader.take("e2e4: 1"), Step::More);
  EXPECT_EQ(reader.take("end"), Step::Done);
  EXPECT_EQ(reader.total(), 1u);
}

// A divide pattern passes over other lines: one that holds a count, before any move, is kept as
// the reply's total line (EnginePerft::open refuses an engine whose start position gives that and
// no move).
TEST(PerftReply, APatternDivideKeepsALineWithACountItPassedOver) {
  PerftDialogue dialogue{"perft {depth}", "", "^end$"};
  dialogue.divide_pattern = "^(?P<move>[a-h][1-8][a-h][1-8][qrbn]?): (?P<count>[0-9]+)$";
  PerftPatterns divide = *PerftPatterns::compile(dialogue, Deepest);
  PerftReplyReader reader = reader_at(divide, 1);
  EXPECT_EQ(reader.take("# New game 'Chess'"), Step::More);
  EXPECT_EQ(reader.take(" 1         20  0.00  1.00nps"), Step::More);
  EXPECT_EQ(reader.take("end"), Step::Done);
  EXPECT_TRUE(reader.divide().moves.empty());
  EXPECT_EQ(reader.total_line(), " 1         20  0.00  1.00nps");
  EXPECT_TRUE(reader.totals_hint().ends_with("'^ *{depth} +([0-9]+) ')")) << reader.totals_hint();
}

TEST(PerftPatterns, RefusesWhatCannotBeUsed) {
  auto no_depth = PerftPatterns::compile({"perft 3", "", ""}, Deepest);
  ASSERT_FALSE(no_depth);
  EXPECT_NE(no_depth.error().find("{depth}"), std::string::npos);
  auto two_groups = PerftPatterns::compile({"perft {depth}", "^([0-9]+) ([0-9]+)$", ""}, Deepest);
  ASSERT_FALSE(two_groups);
  EXPECT_NE(two_groups.error().find("--perft-total-pattern"), std::string::npos);
  auto bad_end = PerftPatterns::compile({"perft {depth}", "", "(unclosed"}, Deepest);
  ASSERT_FALSE(bad_end);
  EXPECT_NE(bad_end.error().find("--perft-end-pattern"), std::string::npos);
  EXPECT_FALSE(PerftPatterns::compile({"perft {depth}\nquit", "", ""}, Deepest));
}

// '^([0-9]+) {{depth},1}$' is "{1,1}" at depth 1 and the invalid "{2,1}" at depth 2: it was
// compiled at depth 1 only, and movegen then used a null pattern at depth 2 (SIGSEGV).
TEST(PerftPatterns, APatternIsCheckedAtEveryDepthTheRunAsks) {
  const PerftDialogue dialogue{"perft {depth}", "^([0-9]+) {{depth},1}$", ""};
  EXPECT_TRUE(PerftPatterns::compile(dialogue, 1));
  auto at_two = PerftPatterns::compile(dialogue, 2);
  ASSERT_FALSE(at_two);
  EXPECT_EQ(at_two.error(),
            "--perft-total-pattern '^([0-9]+) {{depth},1}$' at depth 2, as '^([0-9]+) {2,1}$': "
            "not RE2 syntax: invalid repetition size: {2,1}");
  auto end = PerftPatterns::compile({"perft {depth}", "", "^done {{depth},1}$"}, 3);
  ASSERT_FALSE(end);
  EXPECT_NE(end.error().find("--perft-end-pattern '^done {{depth},1}$' at depth 2"),
            std::string::npos)
      << end.error();
}

TEST(PerftPatterns, ADepthNotCompiledIsAnErrorNotAPattern) {
  const PerftPatterns p = patterns("^ *{depth} +([0-9]+) ");
  EXPECT_TRUE(p.at(Deepest));
  for (int depth : {0, Deepest + 1}) {
    auto outside = p.at(depth);
    ASSERT_FALSE(outside);
    EXPECT_EQ(outside.error_kind(), ErrorKind::GaveUp);
  }
}

// An engine whose generator leaves out every en-passant capture, at every depth (the planted
// bug), counted on its own board here, independently of the descent.
std::uint64_t buggy_count(Position& pos, int depth) {
  if (depth == 0) return 1;
  std::uint64_t leaves = 0;
  for (Move m : legal_moves(pos)) {
    if (m.kind() == MoveKind::EnPassant) continue;
    StateInfo state;
    pos.make_move(m, state);
    leaves += buggy_count(pos, depth - 1);
    pos.unmake_move(m);
  }
  return leaves;
}

// A white pawn on e2 that can push two squares past a black pawn on d4: after e2e4, black's
// d4xe3 en passant is the only move the engine misses.
constexpr const char* DoublePushFen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";

PerftDescent descend_buggy(int depth) {
  const auto total = [](const std::vector<std::string>& moves, int d) -> Expected<std::uint64_t> {
    Game engine;
    EXPECT_TRUE(engine.set(DoublePushFen, polyglot_scheme()).empty());
    for (const std::string& m : moves) EXPECT_TRUE(engine.play_uci(m));
    return buggy_count(engine.position(), d);
  };
  Game game;
  EXPECT_TRUE(game.set(DoublePushFen, polyglot_scheme()).empty());
  const std::uint64_t actual = total({}, depth).value();
  const std::string before = game.position().fen();
  Expected<PerftDescent> descent =
      descend_perft_totals(game.position(), depth, actual, total, false);
  EXPECT_EQ(game.position().fen(), before) << "the descent leaves the position as it was";
  EXPECT_TRUE(descent);
  return *descent;
}

TEST(PerftDescent, LocatesAMissingEnPassantOnePlyDown) {
  // perft 2 is 38 (4 king moves with 6 replies each, e2e3 and e2e4 with 7): the engine says 37.
  const PerftDescent d = descend_buggy(2);
  EXPECT_EQ(d.moves, std::vector<std::string>{"e2e4"});
  EXPECT_EQ(d.depth, 1);
  EXPECT_EQ(d.expected, 7u);  // black's king has 5 moves, the d-pawn d3 and d4xe3
  EXPECT_EQ(d.actual, 6u);
  EXPECT_TRUE(d.children_agree);
  EXPECT_NE(describe(d).find("after e2e4"), std::string::npos) << describe(d);
  EXPECT_NE(describe(d).find("(-1)"), std::string::npos) << describe(d);
}

TEST(PerftDescent, StopsWhereEveryChildAgreesAndGivesTheDifference) {
  // At depth 3 the position after e2e4 differs at depth 2, and each of its children agrees at
  // depth 1 (the missing capture's own child included): the difference is the 3 leaves under
  // d4xe3 (the white king's d1, e2 and f1).
  const PerftDescent d = descend_buggy(3);
  EXPECT_EQ(d.moves, std::vector<std::string>{"e2e4"});
  EXPECT_EQ(d.depth, 2);
  EXPECT_EQ(std::int64_t(d.actual - d.expected), -3);
  EXPECT_TRUE(d.children_agree);
  EXPECT_NE(describe(d).find("cannot name"), std::string::npos) << describe(d);
}

TEST(PerftDescent, ARefusedChildStopsTheDescentThere) {
  Game game;
  ASSERT_TRUE(game.set(DoublePushFen, polyglot_scheme()).empty());
  const auto refusing = [](const std::vector<std::string>&, int) -> Expected<std::uint64_t> {
    return Error{"engine 'x' refused it", ErrorKind::Refused};
  };
  Expected<PerftDescent> d = descend_perft_totals(game.position(), 2, 37, refusing, false);
  ASSERT_TRUE(d);
  EXPECT_FALSE(d->children_agree);
  EXPECT_NE(d->stopped.find("refused"), std::string::npos);
  const auto crashing = [](const std::vector<std::string>&, int) -> Expected<std::uint64_t> {
    return Error{"engine 'x' crashed", ErrorKind::Crashed};
  };
  EXPECT_FALSE(descend_perft_totals(game.position(), 2, 37, crashing, false));
}

}  // namespace
}  // namespace zobrist_verify
