// Chess960 FENs through the plugin and engine doors: one castling form a run (Shredder letters,
// X-FEN with --xfen), every FEN a report shows is the one the target got, the head of the report
// says whether the target reads X-FEN letters, and --no-chess960 sends no Chess960 position.
#include <gtest/gtest.h>

#include <sstream>

#include "cli_runner.h"
#include "text_patterns.h"

namespace {

using namespace zobrist_verify::testkit;

std::string plugin(const std::string& name) {
  return std::string(ZV_PLUGIN_DIR) + "/" + name + ".so";
}

RunResult check_plugin(const std::string& name, std::vector<std::string> extra) {
  std::vector<std::string> args = {"check", "--plugin", plugin(name)};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

// The engine that reads Chess960 castling in `letters` only ("shredder" or "xfen").
RunResult check_engine(const std::string& letters, std::vector<std::string> extra) {
  std::vector<std::string> args = {"check", "--engine",
                                   std::string(ZV_CASTLING_LETTERS_ENGINE) + " " + letters};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

std::string castling_field(const std::string& fen) {
  std::istringstream fields(fen);
  std::string field;
  for (int i = 0; i < 3; ++i) fields >> field;
  return field;
}

bool has_xfen_letter(const std::string& fen) {
  return castling_field(fen).find_first_of("KQkq") != std::string::npos;
}

// The start FEN of the report's first counterexample, and the FEN the plugin quoted as given.
struct ShownAndGot {
  std::string shown, got, replay;
};
ShownAndGot first_counterexample(const std::string& report) {
  ShownAndGot out;
  if (auto m = search(report, "\n  fen: +([^\n]*?)( \\(Chess960\\))?\n")) out.shown = (*m)[1];
  if (auto m = search(report, "\n  target: +[^\n]*set_fen got '([^']*)'")) out.got = (*m)[1];
  if (auto m = search(report, "\n  replay: +([^\n]*)\n")) out.replay = (*m)[1];
  return out;
}

TEST(Chess960Forms, APluginsCounterexampleShowsTheShredderFenItGot) {
  // Seed 1 shrinks to a corpus start the suite writes in X-FEN (xfen-00): the plugin gets EAea.
  const RunResult r =
      check_plugin("zv_no_chess960_moves_plugin",
                   {"--property", "incremental-equals-full", "--cases", "100", "--seed", "1"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const ShownAndGot c = first_counterexample(r.out);
  ASSERT_FALSE(c.got.empty()) << r.out;
  EXPECT_EQ(c.shown, c.got) << r.out;
  EXPECT_FALSE(has_xfen_letter(c.got)) << c.got;
  EXPECT_EQ(castling_field(c.got), "EAea") << r.out;
  EXPECT_NE(c.replay.find("--fen '" + c.got + "'"), std::string::npos) << c.replay;
}

TEST(Chess960Forms, WithXfenAPluginsCounterexampleShowsTheXfenFenItGot) {
  const RunResult r =
      check_plugin("zv_no_chess960_moves_plugin",
                   {"--xfen", "--property", "incremental-equals-full", "--cases", "100"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const ShownAndGot c = first_counterexample(r.out);
  ASSERT_FALSE(c.got.empty()) << r.out;
  EXPECT_EQ(c.shown, c.got) << r.out;
  EXPECT_NE(c.replay.find("--fen '" + c.got + "'"), std::string::npos) << c.replay;
  EXPECT_NE(c.replay.find(" --xfen"), std::string::npos) << c.replay;
}

TEST(Chess960Forms, ARefusalExampleShowsTheFenThePluginRefused) {
  // A Shredder-only plugin given X-FEN letters refuses every Chess960 FEN that has K or Q.
  const RunResult r = check_plugin("zv_shredder_only_plugin", {"--xfen", "--cases", "100"});
  const auto m = search(r.out, "first: FEN ([^:]*): plugin '[^']*' refused the FEN '([^']*)'");
  ASSERT_TRUE(m) << r.out;
  EXPECT_EQ((*m)[1], (*m)[2]) << r.out;
}

TEST(Chess960Forms, TheProbeSaysAPluginReadsXfenLetters) {
  const RunResult r =
      check_plugin("zv_reference_plugin", {"--cases", "5", "--property", "castling"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("reads X-FEN castling letters: yes (bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/"
                       "BBQNNRKR w KQkq - 0 1 gives 0x"),
            std::string::npos)
      << r.out;
}

TEST(Chess960Forms, TheProbeSaysAShredderOnlyPluginDoesNotReadXfenLetters) {
  for (const char* isolation : {"--cases", "--no-isolation"}) {
    std::vector<std::string> extra = {"--property", "castling", "--cases", "5"};
    if (std::string(isolation) == "--no-isolation") extra.push_back(isolation);
    const RunResult r = check_plugin("zv_shredder_only_plugin", extra);
    EXPECT_NE(r.out.find("reads X-FEN castling letters: no (it refused "
                         "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1: plugin"),
              std::string::npos)
        << r.out;
  }
}

TEST(Chess960Forms, NoChess960SendsAPluginNoChess960Position) {
  const std::vector<std::string> options = {"--property", "incremental-equals-full", "--cases",
                                            "100"};
  EXPECT_EQ(check_plugin("zv_no_chess960_moves_plugin", options).exit_code, 1);
  std::vector<std::string> standard = options;
  standard.push_back("--no-chess960");
  const RunResult r = check_plugin("zv_no_chess960_moves_plugin", standard);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("reads X-FEN castling letters"), std::string::npos) << r.out;
}

TEST(Chess960Forms, AnEngineGetsShredderLettersOnlyByDefault) {
  TempDir dir;
  const std::string transcript = (dir.path() / "sent.txt").string();
  const RunResult r = check_engine(
      "shredder", {"--expect", "polyglot", "--cases", "100", "--transcript", transcript});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("reads X-FEN castling letters: no ("), std::string::npos) << r.out;
  const std::string sent = read_file(transcript);
  EXPECT_NE(sent.find("UCI_Chess960 value true"), std::string::npos);
}

TEST(Chess960Forms, WithXfenAnEngineGetsXfenLettersOnly) {
  const RunResult r = check_engine("xfen", {"--xfen", "--expect", "polyglot", "--cases", "100"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("reads X-FEN castling letters: yes, Shredder letters not ("),
            std::string::npos)
      << r.out;
}

TEST(Chess960Forms, AnEnginesReplayCommandCarriesXfenAndTheFenItGot) {
  // A Shredder-only engine given X-FEN letters: its counterexample is in X-FEN, replayed so. The
  // first counterexample only (--distinct 1): searching the budget on for others restarted the
  // engine at every failing case.
  const RunResult r = check_engine("shredder", {"--xfen", "--property", "incremental-equals-full",
                                                "--cases", "100", "--distinct", "1"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const ShownAndGot c = first_counterexample(r.out);
  EXPECT_TRUE(has_xfen_letter(c.shown)) << r.out;
  EXPECT_NE(c.replay.find("--fen '" + c.shown + "'"), std::string::npos) << r.out;
  EXPECT_NE(c.replay.find(" --xfen"), std::string::npos) << c.replay;
}

TEST(Chess960Forms, NoChess960SendsAnEngineNoChess960Position) {
  TempDir dir;
  const std::string transcript = (dir.path() / "sent.txt").string();
  const RunResult r =
      check_engine("shredder", {"--no-chess960", "--cases", "100", "--transcript", transcript});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string sent = read_file(transcript);
  EXPECT_NE(sent.find("position fen"), std::string::npos);
  EXPECT_EQ(sent.find("UCI_Chess960 value true"), std::string::npos);
  EXPECT_EQ(r.out.find("reads X-FEN castling letters"), std::string::npos) << r.out;
}

// movegen --xfen sends an engine X-FEN castling letters, as check does (issue 39, section 3): the
// engine that reads X-FEN letters only gives its divide with them, and refuses the position
// without (Shredder's letters).
TEST(Chess960Forms, MovegenSendsAnEngineXfenLettersWithXfen) {
  const std::string engine = std::string(ZV_CASTLING_LETTERS_ENGINE) + " xfen";
  // Rooks on f and h, the king on g: X-FEN's KQkq, Shredder's HFhf.
  const std::string fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  const std::vector<std::string> asked = {"movegen", "--engine", engine,    "--chess960",
                                          "--fen",   fen,        "--depth", "2"};
  std::vector<std::string> with_xfen = asked;
  with_xfen.emplace_back("--xfen");
  const RunResult xfen = run_cli(with_xfen);
  EXPECT_EQ(xfen.exit_code, 0) << xfen.out << xfen.err;
  EXPECT_NE(xfen.out.find("positions .... 1 compared"), std::string::npos) << xfen.out;
  const RunResult shredder = run_cli(asked);
  EXPECT_EQ(shredder.exit_code, 1) << shredder.out << shredder.err;
  EXPECT_NE(shredder.out.find("Invalid castling letters"), std::string::npos) << shredder.out;
}

}  // namespace
