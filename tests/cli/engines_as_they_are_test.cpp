// Engines as they print: decimal and signed keys read through the engine door (--key-base, or the
// base told from the start position's key), and perft commands other than Stockfish's `go perft`
// (--perft-command, --perft-total-pattern): a total alone, one total per depth, and an engine
// that answers perft with a search. The engine is tests/engines/perft_engine.cpp, the reference
// with a planted generator bug on demand.
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.h"
#include "text_patterns.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {
namespace {

using testkit::run_cli;
using testkit::RunResult;

const std::string Engine = ZV_PERFT_ENGINE;

RunResult check(const std::string& engine_args, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{
      "check",    "--engine",   Engine + " " + engine_args,
      "--expect", "polyglot",   "--cases",
      "20",       "--property", "incremental-equals-full,equal-positions-equal-keys,side-to-move"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

TEST(DecimalKeys, AreReadAsDecimalToldFromTheStartPositionsKey) {
  const RunResult r = check("--keys decimal");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine keys: read as decimal, told from the start position's key "
                       "'5060803636482931868' (19 digits: more than a hexadecimal key's 16)"),
            std::string::npos)
      << r.out;
}

TEST(DecimalKeys, SignedKeysReadAsTheirTwosComplement) {
  // Half of the keys are above 2^63 and print negative: --expect polyglot fails on any misread.
  const RunResult r = check("--keys signed");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

TEST(DecimalKeys, GlaurungsBareKeyLineIsReadWithADecimalPattern) {
  const RunResult r = check("--keys bare", {"--key-pattern", "^(-?[0-9]+)$", "--fen-pattern",
                                            "^([1-8pnbrqkPNBRQK/]+ [wb] [-KQkq]+ [-a-h1-8]+)$"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("read as decimal"), std::string::npos) << r.out;
}

TEST(DecimalKeys, DecimalKeysReadAsHexFailNamingTheLine) {
  const RunResult r = check("--keys decimal", {"--key-base", "16"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("'Key: 5060803636482931868'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("outside 64 bits"), std::string::npos) << r.err;
}

TEST(DecimalKeys, AnAmbiguousStartKeyAsksForKeyBase) {
  const RunResult ambiguous = check("--keys short");
  EXPECT_EQ(ambiguous.exit_code, 2) << ambiguous.out << ambiguous.err;
  EXPECT_NE(ambiguous.err.find("pass --key-base 10 or --key-base 16"), std::string::npos)
      << ambiguous.err;
  // Told, it reads them (the values are the keys modulo 10^16, so --expect would fail: no
  // --expect here).
  const RunResult told = run_cli({"check", "--engine", Engine + " --keys short", "--key-base", "10",
                                  "--cases", "10", "--property", "equal-positions-equal-keys"});
  EXPECT_EQ(told.exit_code, 0) << told.out << told.err;
  EXPECT_NE(told.out.find("read as decimal (--key-base 10)"), std::string::npos) << told.out;
}

TEST(DecimalKeys, ABadKeyBaseIsAUsageError) {
  const RunResult r = check("--keys decimal", {"--key-base", "8"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--key-base: '8' is not a key base"), std::string::npos) << r.err;
}

RunResult movegen(const std::string& engine_args, std::vector<std::string> extra) {
  std::vector<std::string> args{"movegen", "--engine", Engine + " " + engine_args, "--positions",
                                "40"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

const std::vector<std::string> Totals = {"--perft-command", "perft {depth}",
                                         "--perft-total-pattern", "^([0-9]+)$"};
const std::vector<std::string> PerDepth = {"--perft-command", "perft {depth}",
                                           "--perft-total-pattern", "^ *{depth} +([0-9]+) "};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// A key line of 1,128 bytes ('Key: <16 hex digits>', 1,100 spaces, 'GARBAGE') was read by its
// first kilobyte and passed; no pattern matches a line that long, and the fault says why.
TEST(KeyLines, ALineLongerThanTheCapIsNotReadByItsHead) {
  const RunResult r = check("--keys padded");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("printed no line matching the key pattern '^Key: *([^ ]*) *$' in its reply "
                       "to 'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 "
                       "1' then 'd', and a line too long to match: 'Key: 463B96181691FC9C "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("...' (a line of 1128 bytes: longer than the 1024 a pattern matches)"),
            std::string::npos)
      << r.err;
}

// '^Key: *((?:[0-9A-Fa-f]+)*)$' backtracked for minutes under std::regex on 'Key: ', 40 hex
// digits and '!'. RE2 answers at once: the line is no key. Not timed: a hang is the test's
// timeout.
TEST(KeyLines, ABacktrackingKeyPatternAnswersAtOnce) {
  const RunResult r = check("--keys bang", {"--key-pattern", "^Key: *((?:[0-9A-Fa-f]+)*)$"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("printed no line matching the key pattern '^Key: *((?:[0-9A-Fa-f]+)*)$'"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("'Key: 463B96181691FC9C463B96181691FC9C1691FC9C!'"), std::string::npos)
      << r.err;
}

// Glaurung 2.2's `key` prints its key, material key and pawn key on one line; named groups
// read all three, and pawn-and-material-keys runs on the engine (issue 39, section 1).
const std::vector<std::string> ThreeKeys = {
    "--key-command",
    "key",
    "--key-pattern",
    "^key: (?P<key>-?[0-9]+) material key: (?P<material>-?[0-9]+) pawn key: (?P<pawn>-?[0-9]+)",
    "--cases",
    "20",
    "--property",
    "pawn-and-material-keys"};

TEST(ThreeKeys, PawnAndMaterialKeysRunOnAnEngineThatPrintsThem) {
  const RunResult r = run_cli(with({"check", "--engine", Engine}, ThreeKeys));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("pawn-and-material-keys ... PASS  20 cases"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("its pawn key and material key from the same line"), std::string::npos)
      << r.out;
}

TEST(ThreeKeys, APawnKeyThatHashesKnightsFailsPawnAndMaterialKeys) {
  const RunResult r =
      run_cli(with({"check", "--engine", Engine + " --bug pawn-key-sees-knights"}, ThreeKeys));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("pawn-and-material-keys ... FAIL  after 0 cases: pawn key of "
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 vs "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("(same pawns, other pieces moved): must be equal"), std::string::npos)
      << r.out;
}

// Polyglot's table said to define a pawn and a material key (a scheme file): `check --expect`
// compares the engine's pawn key with it, and the replay printed under the failure compares it
// too (Polyglot itself defines the key alone, so the same case replays clean against it).
TEST(ThreeKeys, TheReplayComparesThePawnKeyCheckComparedAndFailsOnIt) {
  testkit::TempDir dir;
  std::string scheme = write_scheme_text(polyglot_scheme());
  for (const char* entry : {"pawn_key", "material_key"})
    scheme.replace(scheme.find(std::string(entry) + " no"), std::strlen(entry) + 3,
                   std::string(entry) + " yes");
  testkit::write_file(dir.path() / "defined.scheme", scheme);
  const std::string file = "file:" + (dir.path() / "defined.scheme").string();
  std::vector<std::string> args =
      with({"check", "--engine", Engine + " --bug pawn-key-sees-knights"}, ThreeKeys);
  args.back() = "incremental-equals-full";
  args.insert(args.end(), {"--expect", file});
  const RunResult r = run_cli(args);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("pawn key vs the exact pawn key of the " + file + " scheme"),
            std::string::npos)
      << r.out;
  const std::string replay = testkit::line_after(r.out, "  replay:    ");
  ASSERT_FALSE(replay.empty()) << r.out;
  const RunResult replayed = testkit::run_shell(replay, dir.path());
  EXPECT_EQ(replayed.exit_code, 1) << replay << "\n" << replayed.out << replayed.err;
  EXPECT_NE(replayed.out.find("pawn key: target vs the " + file + " scheme)"), std::string::npos)
      << replayed.out;
  std::string against_polyglot = replay;
  against_polyglot.replace(against_polyglot.find(file), file.size(), "polyglot");
  const RunResult clean = testkit::run_shell(against_polyglot, dir.path());
  EXPECT_EQ(clean.exit_code, 0) << against_polyglot << "\n" << clean.out << clean.err;
}

TEST(PerftTotals, AnEngineThatPrintsATotalAlonePasses) {
  const RunResult r = movegen("--perft totals", with(Totals, {"--depth", "2"}));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("by totals (the engine prints no divide)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("positions .... 40 compared"), std::string::npos) << r.out;
}

// An engine that prints a total alone, read as a divide (no --perft-total-pattern): it cannot be
// used, and the error says which option reads totals, with the pattern of its line (issue 39,
// section 2).
TEST(PerftTotals, ATotalReadAsADivideNamesTheOptionThatReadsTotals) {
  const RunResult r = movegen("--perft totals", {"--perft-command", "perft {depth}"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot answer perft on the start position: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("'20' is not a perft line ('MOVE: COUNT' or 'Nodes searched: N'); an "
                       "engine that prints a total without a divide is read with "
                       "--perft-total-pattern, whose one group is the total (for this line: "
                       "'^([0-9]+)$')"),
            std::string::npos)
      << r.err;
}

// A UCI engine driven over xboard (issue 39, section 2): it answers "xboard" as Stockfish 15.1
// does, and the error says to give --protocol uci, at once rather than after the handshake.
TEST(ProtocolHint, AUciEngineSentXboardIsToldToGiveProtocolUci) {
  const RunResult r = run_cli({"check", "--engine", Engine + " --unknown", "--protocol", "xboard"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(" answered 'xboard' with 'Unknown command: 'xboard'. Type help for more "
                       "information.'; its reply is a UCI engine's: give --protocol uci (the "
                       "default)"),
            std::string::npos)
      << r.err;
}

TEST(PerftTotals, AnEngineThatPrintsOneTotalPerDepthBehindABannerPasses) {
  const RunResult r = movegen("--perft per-depth --banner", with(PerDepth, {"--depth", "3"}));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
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

TEST(PerftTotals, APlantedGeneratorBugIsLocatedByDescent) {
  for (const auto& [mode, dialogue] :
       {std::pair{"--perft totals", Totals}, std::pair{"--perft per-depth", PerDepth}}) {
    const RunResult r =
        movegen(std::string(mode) + " --bug no-en-passant", with(dialogue, {"--depth", "2"}));
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    // Each divergence names its deepest position and the difference there; the test checks
    // both on its own board: the reference's count and the bug's (no en passant) differ by it.
    const std::string divergence(
        "divergence [0-9]+ \\(shrunk\\): fen '([^']*)'(?: moves ([^\\n]*))?\\n"
        "  nodes: [^\\n]*\\n"
        "  descent:  (?:after ([a-h1-8qrbn ]+) \\([^)]*\\)|at the position itself), perft "
        "([0-9]+) is ([0-9]+), expected ([0-9]+) \\(-?[0-9]+\\); [^\\n]*cannot name");
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
}

TEST(PerftTotals, ADivideUnderAnotherCommandNamesTheMissingMove) {
  const RunResult r =
      movegen("--perft divide --bug no-en-passant", {"--perft-command", "perft {depth}"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("  missing:  "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("descent:"), std::string::npos) << r.out;
}

TEST(PerftTotals, AnEngineThatSearchesInsteadCannotBeUsed) {
  const auto start = std::chrono::steady_clock::now();
  const RunResult r = movegen("--perft search", {"--timeout", "5000"});
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("cannot be used"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("a search's line 'info depth 1 seldepth 1 score cp 20 nodes 20 pv e2e4'"),
            std::string::npos)
      << r.err;
  EXPECT_LT(took, std::chrono::seconds(5)) << "told at its first search line, not at the timeout";
}

// '^([0-9]+)(?:x{{depth},1})?$' is valid at depth 1 ("{1,1}") and not at depth 2 ("{2,1}"): it
// was compiled at depth 1 only, and movegen --depth 2 crashed on a null pattern (SIGSEGV). Every
// depth the run asks is compiled before any engine starts.
TEST(PerftTotals, APatternThatBreaksAtADeeperDepthIsAUsageErrorBeforeTheRun) {
  const RunResult r =
      movegen("--perft totals", {"--perft-command", "perft {depth}", "--perft-total-pattern",
                                 "^([0-9]+)(?:x{{depth},1})?$", "--depth", "2"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.err,
            "error: --perft-total-pattern '^([0-9]+)(?:x{{depth},1})?$' at depth 2, as "
            "'^([0-9]+)(?:x{2,1})?$': not RE2 syntax: invalid repetition size: {2,1}\n");
}

// movegen --transcript writes every line sent to the engine, as check's does, so that the file
// piped into the engine again asks the same (issue 39, section 3).
TEST(MovegenTranscript, HoldsEveryLineSentAndCanBePipedIntoTheEngineAgain) {
  const testkit::TempDir dir;
  const std::string transcript = (dir.path() / "sent.txt").string();
  const RunResult r = run_cli({"movegen", "--engine", Engine, "--fen", "startpos", "--depth", "1",
                               "--transcript", transcript});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string sent = testkit::read_file(transcript);
  EXPECT_EQ(sent.rfind("uci\n", 0), 0u) << sent;
  EXPECT_NE(sent.find("\nposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                      "go perft 1\n"),
            std::string::npos)
      << sent;
  EXPECT_TRUE(sent.ends_with("\nquit\n")) << sent;
  const RunResult again = testkit::run_shell(Engine + " < " + transcript, dir.path());
  EXPECT_NE(again.out.find("Nodes searched: 20"), std::string::npos) << again.out << again.err;
  // Workers talk to engines of their own: one transcript cannot hold them.
  const RunResult jobs = run_cli({"movegen", "--engine", Engine, "--jobs", "2", "--transcript",
                                  (dir.path() / "jobs.txt").string()});
  EXPECT_EQ(jobs.exit_code, 2) << jobs.out << jobs.err;
  EXPECT_NE(jobs.err.find("--jobs 2 with --transcript"), std::string::npos) << jobs.err;
}

TEST(PerftTotals, MalformedPerftOptionsAreUsageErrors) {
  const RunResult no_depth = movegen("--perft totals", {"--perft-command", "perft 3"});
  EXPECT_EQ(no_depth.exit_code, 2);
  EXPECT_NE(no_depth.err.find("has no {depth}"), std::string::npos) << no_depth.err;
  const RunResult groups = movegen("--perft totals", {"--perft-total-pattern", "^([0-9]+)( )$"});
  EXPECT_EQ(groups.exit_code, 2);
  EXPECT_NE(groups.err.find("--perft-total-pattern"), std::string::npos) << groups.err;
  const RunResult no_engine =
      run_cli({"movegen", "--plugin", "x.so", "--perft-command", "perft {depth}"});
  EXPECT_EQ(no_engine.exit_code, 2);
  EXPECT_NE(no_engine.err.find("--perft-command"), std::string::npos) << no_engine.err;
}

}  // namespace
}  // namespace zobrist_verify
