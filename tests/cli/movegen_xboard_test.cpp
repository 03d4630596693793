// movegen over xboard (--protocol xboard): the perft command by template, a reply ended by the
// `pong N` of a `ping N` sent after it, a planted generator bug located by descent, and the
// usage errors (no --perft-command; --chess960 to an engine without the fischerandom variant).
// The engine is tests/engines/xboard_engine.cpp, whose `perft D` prints one total per depth.
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.h"
#include "text_patterns.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/perft.h"

namespace zobrist_verify {
namespace {

using testkit::run_cli;
using testkit::RunResult;

RunResult movegen(const std::string& mode, std::vector<std::string> extra) {
  std::vector<std::string> args{
      "movegen",    "--engine",  std::string(ZV_XBOARD_ENGINE) + " " + mode,
      "--protocol", "xboard",    "--positions",
      "40",         "--timeout", "5000"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

const std::vector<std::string> PerDepth = {"--perft-command", "perft {depth}",
                                           "--perft-total-pattern", "^ *{depth} +([0-9]+) "};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(MovegenXboard, AnEngineWithTheReferencesPerftPasses) {
  const RunResult r = movegen("good", with(PerDepth, {"--depth", "2"}));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine:fake xboard good"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("positions .... 40 compared"), std::string::npos) << r.out;
}

TEST(MovegenXboard, Chess960GoesAfterVariantFischerandom) {
  const RunResult r = movegen("good", with(PerDepth, {"--depth", "2", "--chess960"}));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("positions .... 40 compared"), std::string::npos) << r.out;
}

TEST(MovegenXboard, BareMovesWithoutUsermoveAreRead) {
  const RunResult r = movegen("bare-moves", with(PerDepth, {"--depth", "2"}));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

TEST(MovegenXboard, AnEndPatternEndsTheReplyWithoutAFence) {
  // The reply is read up to the depth's own total line, which is also the last: no ping needed.
  const RunResult r = movegen(
      "good", with(PerDepth, {"--depth", "2", "--perft-end-pattern", "^ *{depth} +[0-9]+ "}));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

// A reply of totals read as a divide (issue 39, section 2): by the default reader ("MOVE: COUNT"
// lines) or through a divide pattern that none of its lines matches, the engine cannot be used,
// and the error names --perft-total-pattern with the pattern of Sjaak II's lines.
TEST(MovegenXboard, TotalsReadAsADivideNameTheOptionThatReadsTotals) {
  const std::string hint =
      "an engine that prints a total without a divide is read with --perft-total-pattern, whose "
      "one group is the total (for a depth and its total, as Sjaak II prints: "
      "'^ *{depth} +([0-9]+) ')";
  const RunResult lines = movegen("good", {"--perft-command", "perft {depth}"});
  EXPECT_EQ(lines.exit_code, 2) << lines.out << lines.err;
  EXPECT_NE(lines.err.find("'1         20  0.00  1.00nps' is not a perft line ('MOVE: COUNT' or "
                           "'Nodes searched: N'); " +
                           hint),
            std::string::npos)
      << lines.err;
  const RunResult pattern =
      movegen("good", {"--perft-command", "perft {depth}", "--perft-divide-pattern",
                       "^(?P<move>[a-h][1-8][a-h][1-8][qrbn]?): (?P<count>[0-9]+)$"});
  EXPECT_EQ(pattern.exit_code, 2) << pattern.out << pattern.err;
  EXPECT_NE(pattern.err.find("cannot answer perft on the start position: its reply has a count "
                             "(' 1         20  0.00  1.00nps') but no divide line; " +
                             hint),
            std::string::npos)
      << pattern.err;
}

// The planted bug's leaves at `depth` below the position, counted here: every en-passant
// capture is left out.
std::uint64_t without_en_passant(Position& pos, int depth) {
  if (depth == 0) return 1;
  std::uint64_t leaves = 0;
  for (Move m : legal_moves(pos)) {
    if (m.kind() == MoveKind::EnPassant) continue;
    StateInfo state;
    pos.make_move(m, state);
    leaves += without_en_passant(pos, depth - 1);
    pos.unmake_move(m);
  }
  return leaves;
}

TEST(MovegenXboard, APlantedGeneratorBugIsLocatedByDescent) {
  const RunResult r = movegen("no-en-passant", with(PerDepth, {"--depth", "2"}));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  // Each divergence names its deepest position and the difference there; the test checks both on
  // its own board: the reference's count and the bug's (no en passant) differ by it.
  const std::string divergence(
      "divergence [0-9]+ \\(shrunk\\): fen '([^']*)'(?: moves ([^\\n]*))?\\n"
      "  nodes: [^\\n]*\\n"
      "  descent:  (?:after ([a-h1-8qrbn ]+) \\([^)]*\\)|at the position itself), perft "
      "([0-9]+) is ([0-9]+), expected ([0-9]+) \\(-?[0-9]+\\)");
  int located = 0;
  for (const testkit::Groups& m : testkit::search_all(r.out, divergence)) {
    Game game;
    ASSERT_TRUE(game.set(m[1], polyglot_scheme()).empty()) << m[1];
    std::istringstream moves(m[2] + " " + m[3]);
    for (std::string move; moves >> move;) ASSERT_TRUE(game.play_uci(move)) << move;
    const int depth = std::stoi(m[4]);
    EXPECT_EQ(std::stoull(m[6]), perft(game.position(), depth)) << m[0];
    EXPECT_EQ(std::stoull(m[5]), without_en_passant(game.position(), depth)) << m[0];
    ++located;
  }
  EXPECT_GE(located, 1) << r.out;
}

// The fake's `divide D` prints "move: count" lines and no total line: only the pong of the ping
// sent after it ends the reply (without that fence every reply would run into the timeout).
TEST(MovegenXboard, ADivideWithoutATotalLineIsEndedByTheFence) {
  const RunResult r = movegen("good", {"--perft-command", "divide {depth}", "--depth", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("by totals"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("positions .... 40 compared"), std::string::npos) << r.out;
}

TEST(MovegenXboard, ADivideNamesTheMissingEnPassantCapture) {
  const RunResult r =
      movegen("no-en-passant", {"--perft-command", "divide {depth}", "--depth", "1"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("  missing:  "), std::string::npos) << r.out;
}

// Issue 37, section 2: lines after the pong are not the next position's divide. One reply that
// comes after its fence is one engine fault quoting its lines, and no divergence: every position
// is answered again alone on a fresh engine before a divergence is believed.
TEST(MovegenXboard, OneDivideAfterItsPongIsAnEngineFaultNotADivergence) {
  const RunResult r =
      movegen("late-divide-once 30", {"--perft-command", "divide {depth}", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"divergences\": 0,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"engine_faults\": 1,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"fault\": null"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lines of a reply that came late"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"first_divergences\": []"), std::string::npos) << r.out;
}

// An engine whose every divide comes after its pong cannot be read: the fault says so, on a
// fresh engine too, and no divergence is reported (41 false ones were).
TEST(MovegenXboard, AnEngineWhoseDividesAllComeAfterThePongFaultsSayingSo) {
  const RunResult r = movegen("late-divide", {"--perft-command", "divide {depth}", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"divergences\": 0,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("its perft lines come after the fence"), std::string::npos) << r.out;
}

// Issue 37, section 2: a crash that depends on what the process was sent before (Sjeng after
// some hundred positions) is not pinned on the position in flight: that position, asked alone on
// a fresh engine, is answered; the crash is one engine fault saying how much the engine had been
// sent, and the run goes on.
TEST(MovegenXboard, ACrashThatDependsOnTheEnginesHistoryIsAnEngineFault) {
  const RunResult r = movegen("crash-after 25", with(PerDepth, {"--json"}));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"engine_faults\": 1,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"fault\": null"), std::string::npos) << r.out;
  // Its 25th setboard: the start position when it was opened, then 24 of the run.
  EXPECT_NE(r.out.find("had been sent before (it had been sent 25 positions and "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"positions\": 40,"), std::string::npos) << r.out;
}

// A crash on one position, again on a fresh engine, stays that position's fault.
TEST(MovegenXboard, ACrashThatRecursAloneIsThePositionsFault) {
  const RunResult r =
      run_cli(with({"movegen", "--engine", std::string(ZV_XBOARD_ENGINE) + " crash-on-promotion",
                    "--protocol", "xboard", "--positions", "400"},
                   PerDepth));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("fault at "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("asked again alone on a fresh engine"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("engine faults"), std::string::npos) << r.out;
}

TEST(MovegenXboard, CecpErrorLinesAreCountedRefusals) {
  // refuse-some answers one FEN in 40 with "tellusererror Illegal position".
  const RunResult r =
      run_cli({"movegen", "--engine", std::string(ZV_XBOARD_ENGINE) + " refuse-some", "--protocol",
               "xboard", "--positions", "400", "--perft-command", "perft {depth}",
               "--perft-total-pattern", "^ *{depth} +([0-9]+) "});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("tellusererror Illegal position"), std::string::npos) << r.out;
  // Each refusal on one line: the setboard and usermove lines it quotes are written \n.
  EXPECT_EQ(r.out.find("\nusermove"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\\nusermove"), std::string::npos) << r.out;
}

TEST(MovegenXboard, WithoutAPerftCommandItIsAUsageError) {
  const RunResult r = movegen("good", {"--perft-total-pattern", "^ *{depth} +([0-9]+) "});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("--protocol xboard needs --perft-command"), std::string::npos) << r.err;
}

TEST(MovegenXboard, Chess960ToAnEngineWithoutFischerandomIsRefused) {
  const RunResult r = movegen("bare-moves", with(PerDepth, {"--chess960"}));
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("does not announce the fischerandom variant"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("fake xboard bare-moves"), std::string::npos) << r.err;
}

TEST(MovegenXboard, AnEngineWithoutPingCannotBeUsed) {
  const RunResult r = movegen("no-ping", PerDepth);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("ping=1"), std::string::npos) << r.err;
}

TEST(MovegenXboard, AProtocolThatIsNoneIsAUsageError) {
  const RunResult r = run_cli({"movegen", "--engine", ZV_XBOARD_ENGINE, "--protocol", "cecp"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--protocol: 'cecp' is not a protocol"), std::string::npos) << r.err;
}

// --- driven as GUIs drive it (issue 39, section 2) ---------------------------------------------

const std::vector<std::string> Divide = {"--perft-command", "divide {depth}"};

// movegen over xboard without --positions (a --fen run, or a count of its own).
RunResult movegen_alone(const std::string& mode, std::vector<std::string> extra) {
  std::vector<std::string> args{"movegen", "--engine", std::string(ZV_XBOARD_ENGINE) + " " + mode,
                                "--protocol", "xboard"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

// Every position is sent as GUIs send it: "new", the variant when it is not normal, "force",
// then "setboard"; the handshake's own "new", "force" and fence come first.
TEST(MovegenXboardSequence, EachPositionGoesAfterNewAndForce) {
  const testkit::TempDir dir;
  const std::string transcript = (dir.path() / "sent.txt").string();
  const RunResult r =
      movegen_alone("good", with(Divide, {"--fen", "startpos", "--transcript", transcript}));
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string sent = testkit::read_file(transcript);
  EXPECT_TRUE(
      sent.ends_with("\nnew\nforce\nping 1\n"
                     "new\nforce\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
                     "KQkq - 0 1\ndivide 1\nping 2\n"
                     "new\nforce\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
                     "KQkq - 0 1\ndivide 1\nping 3\nquit\n"))
      << sent;
}

TEST(MovegenXboardSequence, AChess960PositionGoesAfterNewVariantFischerandomAndForce) {
  const testkit::TempDir dir;
  const std::string transcript = (dir.path() / "sent.txt").string();
  const RunResult r =
      movegen_alone("good", with(Divide, {"--chess960", "--fen",
                                          "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w "
                                          "HFhf - 0 1",
                                          "--transcript", transcript}));
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string sent = testkit::read_file(transcript);
  EXPECT_TRUE(
      sent.ends_with("\nnew\nvariant fischerandom\nforce\nsetboard "
                     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\ndivide "
                     "1\nping 3\nquit\n"))
      << sent;
}

TEST(MovegenXboardSequence, NoNewSetsTheGameOnce) {
  const testkit::TempDir dir;
  const std::string transcript = (dir.path() / "sent.txt").string();
  const RunResult r = movegen_alone(
      "good", with(Divide, {"--no-new", "--fen", "startpos", "--transcript", transcript}));
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string sent = testkit::read_file(transcript);
  EXPECT_TRUE(
      sent.ends_with("\nnew\nforce\nping 1\nping 2\n"
                     "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                     "divide 1\nping 3\n"
                     "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                     "divide 1\nping 4\nquit\n"))
      << sent;
}

// As Sjeng 11.2: a move counter that only "new" resets, and a crash when it runs over. With "new"
// before each position every one passes; without, the engine crashes again and again.
TEST(MovegenXboardSequence, AnEngineThatCountsMovesSinceNewRunsCleanlyWithNew) {
  const RunResult with_new =
      movegen_alone("crash-without-new 30", with(PerDepth, {"--positions", "200"}));
  EXPECT_EQ(with_new.exit_code, 0) << with_new.out << with_new.err;
  EXPECT_NE(with_new.out.find("positions .... 200 compared"), std::string::npos) << with_new.out;
  const RunResult without =
      movegen_alone("crash-without-new 30", with(PerDepth, {"--positions", "200", "--no-new"}));
  EXPECT_NE(without.exit_code, 0) << without.out << without.err;
  EXPECT_NE(without.out.find("killed by signal 11"), std::string::npos) << without.out;
}

TEST(MovegenXboardSequence, NoNewOverUciIsAUsageError) {
  const RunResult r = run_cli({"movegen", "--engine", std::string(ZV_PERFT_ENGINE), "--no-new"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.err, "error: --no-new is an xboard option: it goes with --protocol xboard\n");
}

// CrazyWa and HaChu announce shogi and other games, no normal chess: they are refused with
// their list, not driven as if they played chess.
TEST(MovegenXboardVariants, AnEngineWithoutNormalChessIsRefusedWithItsVariants) {
  const RunResult r = movegen("shogi-only", PerDepth);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("engine 'fake xboard shogi-only' (" + std::string(ZV_XBOARD_ENGINE) +
                       ") cannot be used over xboard: it does not play normal chess: "
                       "its variants are \"crazyhouse,shogi,minishogi\" (feature variants), "
                       "without normal"),
            std::string::npos)
      << r.err;
}

// PyChess's `perft D 1`: its divides of depths 1 to D in turn, moves in long algebraic or SAN.
const std::vector<std::string> PyChess = {"--perft-command", "divide {depth}",
                                          "--perft-divide-pattern",
                                          "^ *(?P<move>[^ ]+) +(?P<count>[0-9]+) +[0-9]+$"};

TEST(MovegenXboardDivides, LongAlgebraicAndSanDividesAreReadThroughTheirPattern) {
  for (const char* mode : {"lan-divide", "san-divide"}) {
    const RunResult r = movegen(mode, with(PyChess, {"--depth", "2"}));
    EXPECT_EQ(r.exit_code, 0) << mode << r.out << r.err;
    EXPECT_NE(r.out.find("positions .... 40 compared"), std::string::npos) << mode << r.out;
  }
}

TEST(MovegenXboardDivides, SanThatFitsNoLegalMoveIsAnExtraMoveQuotedAsPrinted) {
  const RunResult r =
      movegen_alone("wrong-san", with(PyChess, {"--fen", "startpos", "--depth", "2"}));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("  missing:  b1a3 b1c3 g1f3 g1h3\n  extra:    'Ba3' 'Bc3' 'Bf3' 'Bh3'\n"),
            std::string::npos)
      << r.out;
}

TEST(MovegenXboardDivides, SanThatFitsTwoLegalMovesIsAFaultOfTheReply) {
  const RunResult r = movegen_alone("ambiguous-san", with(PyChess, {"--fen",
                                                                    "4k3/8/8/8/8/5N2/8/1N2K3 w "
                                                                    "- - 0 1",
                                                                    "--depth", "1"}));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("printed a divide of 'setboard 4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1' that "
                       "cannot be read: the SAN move 'Nd2' fits 2 legal moves (b1d2, f3d2): SAN "
                       "names one"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace zobrist_verify
