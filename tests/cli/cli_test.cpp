// Runs the built zobrist-verify binary and checks its output and exit codes. Expected keys and
// node counts are published values (corpus/keys, corpus/perft), never computed by the program.
#include <fcntl.h>
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include "cli_runner.h"
#include "test_support.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace zobrist_verify::testkit;
namespace fs = std::filesystem;

// One line: a single '\n', at the end.
bool is_one_error_line(const std::string& err) {
  return err.starts_with("error: ") && err.find('\n') == err.size() - 1;
}

TEST(CliKey, StartPositionUnderPolyglotIsThePublishedKey) {
  RunResult r = run_cli({"key"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "463b96181691fc9c\n");
}

TEST(CliKey, MovesArePlayedBeforeTheKeyIsPrinted) {
  RunResult r = run_cli({"key", "--scheme", "polyglot", "--moves", "e2e4", "d7d5", "e4e5", "f7f5"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "22a48b5a8e47ff78\n");
}

TEST(CliKey, FenMayBeGivenAsSeparateWords) {
  RunResult r = run_cli({"key", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq",
                         "-", "0", "1", "--moves", "e2e4"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "823c9b50fd114196\n");
}

TEST(CliKey, AllPrintsKeyPawnKeyAndMaterialKeyLines) {
  RunResult r = run_cli({"key", "--all"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0], "key: 463b96181691fc9c");
  EXPECT_TRUE(lines[1].starts_with("pawn_key: ")) << lines[1];
  EXPECT_TRUE(lines[2].starts_with("material_key: ")) << lines[2];
  EXPECT_EQ(lines[1].size(), std::string("pawn_key: ").size() + 16);
  EXPECT_EQ(lines[2].size(), std::string("material_key: ").size() + 16);
}

TEST(CliKey, StockfishAllAddsThePrintedKey) {
  // Stockfish 15.1's `d` prints 8F8F01D4562F59FB for the start position.
  RunResult r = run_cli({"key", "--scheme", "stockfish", "--all"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out;
  EXPECT_EQ(lines[3], "printed_key: 8f8f01d4562f59fb");
}

TEST(CliKey, SeedSchemesOfDifferentSeedsGiveDifferentKeys) {
  RunResult seed_12345 = run_cli({"key", "--scheme", "seed:12345", "--moves", "g1f3"});
  RunResult seed_12346 = run_cli({"key", "--scheme", "seed:12346", "--moves", "g1f3"});
  EXPECT_EQ(seed_12345.exit_code, 0) << seed_12345.err;
  EXPECT_EQ(seed_12345.out.size(), 17u);
  EXPECT_EQ(seed_12346.out.size(), 17u);
  EXPECT_NE(seed_12345.out, seed_12346.out);
}

TEST(CliKey, InvalidFenExitsTwoWithOneErrorLine) {
  RunResult r =
      run_cli({"key", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

// Triple check from the h1 bishop, the e2 rook and the g3 knight (messages list squares from a1
// up); no single move gives three checks.
const std::string TripleCheckFen = "8/p2Pb3/1N2n2k/2N5/1P2K3/6n1/4r3/B3q2b w - - 0 1";

TEST(CliKey, ImpossibleCheckExitsTwoNamingTheCheckers) {
  RunResult r = run_cli({"key", "--fen", TripleCheckFen});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("on h1 e2 g3"), std::string::npos) << r.err;
}

TEST(CliKey, AllowUnreachableAcceptsATripleCheck) {
  RunResult r = run_cli({"key", "--fen", TripleCheckFen, "--allow-unreachable"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.size(), 17u) << r.out;
}

TEST(CliKey, IllegalMoveExitsTwoNamingTheMove) {
  RunResult r = run_cli({"key", "--moves", "e2e4", "e7e5", "e4e5"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("e4e5"), std::string::npos) << r.err;
}

TEST(CliKey, UnknownSchemeExitsTwo) {
  RunResult r = run_cli({"key", "--scheme", "no-such-scheme"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

TEST(CliKey, UnreadableSchemeFileExitsTwo) {
  RunResult r = run_cli({"key", "--scheme", "file:/nonexistent/zv-scheme.txt"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

// A scheme file with castling rook keys only: a position's key is the XOR of the keys of the
// rooks whose rights it holds (docs/key-scheme-file.md), here written out by hand.
class CliKeyRookSquareScheme : public testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(path_) << "castling rook h1 1\ncastling rook a1 2\ncastling rook h8 4\n"
                            "castling rook a8 8\ncastling rook b1 10\ncastling rook g8 20\n";
  }
  void TearDown() override { fs::remove(path_); }
  const fs::path path_ = fs::path(testing::TempDir()) / "cli_test_rook_square.scheme";
};

TEST_F(CliKeyRookSquareScheme, StandardRightsXorTheirCornerRooks) {
  RunResult r = run_cli(
      {"key", "--scheme", "file:" + path_.string(), "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0000000000000009\n");  // h1 ^ a8
}

TEST_F(CliKeyRookSquareScheme, Chess960RightsXorTheirRooksSquares) {
  RunResult r = run_cli({"key", "--scheme", "file:" + path_.string(), "--chess960", "--fen",
                         "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Bg - 0 1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0000000000000030\n");  // b1 ^ g8
}

TEST(CliKey, SchemeFileMixingCastlingKeyingsExitsTwoNamingTheLine) {
  const fs::path path = fs::path(testing::TempDir()) / "cli_test_mixed_castling.scheme";
  std::ofstream(path) << "castling 3 1\ncastling rook a1 2\n";
  RunResult r = run_cli({"key", "--scheme", "file:" + path.string()});
  fs::remove(path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
  EXPECT_NE(r.err.find(path.string() + ":2: entry 'castling rook a1'"), std::string::npos) << r.err;
}

TEST(CliKey, UnknownOptionExitsTwo) {
  RunResult r = run_cli({"key", "--no-such-option"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

TEST(CliTop, UnknownCommandExitsTwo) {
  RunResult r = run_cli({"frobnicate"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

TEST(CliTop, NoCommandExitsTwo) {
  RunResult r = run_cli({});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

TEST(CliTop, HelpPrintsUsageOnStdoutAndExitsZero) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"--help"}, {"key", "--help"}, {"perft", "--help"}, {"verify", "--help"}}) {
    RunResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << args.front();
    EXPECT_TRUE(r.out.starts_with("usage: zobrist-verify")) << r.out;
    EXPECT_TRUE(r.err.empty()) << r.err;
  }
}

// `text` with every run of white space made one space.
std::string one_spaced(const std::string& text) {
  std::istringstream words(text);
  std::string joined;
  for (std::string word; words >> word;) joined += (joined.empty() ? "" : " ") + word;
  return joined;
}

TEST(CliTop, EveryCommandTheUsageListsRunsAndHasItsOwnHelp) {
  // The list is the command table's (main.cpp), as the unknown-command message is: no count here.
  const std::vector<std::string> names = listed_commands();
  ASSERT_FALSE(names.empty());
  for (const std::string& name : names) {
    RunResult r = run_cli({name, "--help"});
    EXPECT_EQ(r.exit_code, 0) << name << ": " << r.err;
    EXPECT_TRUE(r.out.starts_with("usage: zobrist-verify " + name + " ")) << name << ": " << r.out;
  }
}

TEST(CliTop, UnknownCommandMessageListsTheCommandsOfTheUsage) {
  std::string list;
  for (const std::string& name : listed_commands()) list += (list.empty() ? "" : ", ") + name;
  RunResult r = run_cli({"frobnicate"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: unknown command 'frobnicate' (commands: " + list + "; see --help)\n");
}

TEST(CliTop, UsageSummariesWrapAtOneHundredColumnsUnderTheirColumn) {
  const std::string out = run_cli({"--help"}).out;
  EXPECT_NE(out.find("  check     run the property suite (RapidCheck) on the reference hashing of "
                     "each scheme, or on a\n            third party's through --plugin"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\n  collisions  count truncated-key collisions"), std::string::npos) << out;
  for (const std::string& line : lines_of(out)) EXPECT_LE(line.size(), 100u) << line;
}

TEST(CliTop, EveryHelpThatListsSchemesListsTheSchemesTheUnknownSchemeErrorNames) {
  const RunResult unknown = run_cli({"key", "--scheme", "nosuch"});
  const std::string prefix = "(choose one of ";
  const std::size_t at = unknown.err.find(prefix);
  ASSERT_NE(at, std::string::npos) << unknown.err;
  const std::string list =
      unknown.err.substr(at + prefix.size(), unknown.err.rfind(')') - at - prefix.size());
  ASSERT_TRUE(list.starts_with("polyglot, ")) << list;
  // Where polyglot is the default, the list says so: "polyglot (default), stockfish, ...".
  const std::string with_default = "polyglot (default)" + list.substr(8);
  for (const char* command : {"key", "book", "keys", "collisions", "check"}) {
    const std::string help = one_spaced(run_cli({command, "--help"}).out);
    EXPECT_TRUE(help.find(list) != std::string::npos ||
                help.find(with_default) != std::string::npos)
        << command << ": " << help;
  }
}

TEST(CliTop, VersionNamesTheSlidingAttackMethod) {
  RunResult r = run_cli({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(r.out.find("pext") != std::string::npos || r.out.find("magic") != std::string::npos)
      << r.out;
}

TEST(CliPerft, StartPositionDepthThreeHas8902Nodes) {
  RunResult r = run_cli({"perft", "--depth", "3"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "Nodes searched: 8902\n");
}

TEST(CliPerft, FullPerftCountsTheSameNodes) {
  // Kiwipete, depth 3: 97862 (standard perft suite).
  RunResult r = run_cli({"perft", "--full", "--depth", "3", "--fen",
                         "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "Nodes searched: 97862\n");
}

TEST(CliPerft, DivideListsEachRootMoveThenABlankLineThenTheTotal) {
  RunResult r = run_cli({"perft", "--depth", "1", "--divide"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 22u) << r.out;
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(lines[i].size(), std::string("e2e4: 1").size()) << lines[i];
    EXPECT_TRUE(lines[i].ends_with(": 1")) << lines[i];
  }
  EXPECT_NE(std::find(lines.begin(), lines.end(), "e2e4: 1"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "g1f3: 1"), lines.end());
  EXPECT_EQ(lines[20], "");
  EXPECT_EQ(lines[21], "Nodes searched: 20");
}

TEST(CliPerft, MissingDepthExitsTwo) {
  RunResult r = run_cli({"perft"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

TEST(CliPerft, NonNumericDepthExitsTwo) {
  RunResult r = run_cli({"perft", "--depth", "three"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

TEST(CliPerft, EpdWithAWrongCountExitsOneAndPrintsTheMismatch) {
  TempDir dir;
  fs::path epd = dir.path() / "suite.epd";
  write_file(epd, zv_test::StartPosition + " ;D1 20 ;D2 400 ;D3 8903\n" +
                      "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n");
  RunResult r = run_cli({"perft", "--epd", epd.string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0], "mismatch: line 1 depth 3: expected 8903, actual 8902, fen '" +
                          zv_test::StartPosition + "'");
  EXPECT_EQ(lines[1], "perft: 2 positions, 6 depths, 10600 nodes, 1 mismatches");
}

TEST(CliPerft, EpdWithCorrectCountsExitsZero) {
  TempDir dir;
  fs::path epd = dir.path() / "suite.epd";
  write_file(epd, "# a comment\n" + zv_test::StartPosition + " ;D1 20 ;D2 400 ;D3 8902\n");
  RunResult r = run_cli({"perft", "--epd", epd.string(), "--max-depth", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "perft: 1 positions, 2 depths, 420 nodes, 0 mismatches\n");
}

// tricky.perft's align-horizontal: two rooks on the king's rank, which no single move gives.
const std::string AlignedRooksFen = "5R2/2P5/8/4k3/8/3rK2r/8/8 w - -";

TEST(CliPerft, ImpossibleCheckFenExitsTwo) {
  RunResult r = run_cli({"perft", "--fen", AlignedRooksFen, "--depth", "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

TEST(CliPerft, AllowUnreachableCountsTheTreeOfSuchAFen) {
  RunResult r = run_cli({"perft", "--fen", AlignedRooksFen, "--depth", "2", "--allow-unreachable"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "Nodes searched: 56\n");
}

TEST(CliPerft, EpdReadsImpossibleChecksWithoutTheOption) {
  TempDir dir;
  fs::path epd = dir.path() / "suite.epd";
  write_file(epd, AlignedRooksFen + " ;D1 2 ;D2 56 ;D3 1030\n");
  RunResult r = run_cli({"perft", "--epd", epd.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "perft: 1 positions, 3 depths, 1088 nodes, 0 mismatches\n");
}

TEST(CliPerft, UnreadableEpdExitsTwo) {
  RunResult r = run_cli({"perft", "--epd", "/nonexistent/zv-suite.epd"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

// A corpus of the five files verify reads, small enough to run in a moment.
void write_small_corpus(const fs::path& root, const std::string& polyglot_start_key) {
  write_file(root / "keys/polyglot-vectors.tsv",
             "# fen\tmoves\tkey\n" + zv_test::StartPosition + "\t\t" + polyglot_start_key + "\n" +
                 zv_test::StartPosition + "\te2e4\t823c9b50fd114196\n");
  write_file(root / "keys/stockfish-15.1-keys.tsv", "startpos\t\t8F8F01D4562F59FB\n");
  write_file(root / "perft/standard.epd", zv_test::StartPosition + " ;D1 20 ;D2 400 ;D3 8902\n");
  write_file(root / "perft/fischer.epd",
             "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528\n");
  write_file(root / "perft/tricky.perft",
             "id pos-3\nepd 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\nperft 1 14\nperft 2 191\n");
}

TEST(CliVerify, SmallCorrectCorpusPasses) {
  TempDir dir;
  write_small_corpus(dir.path(), "463b96181691fc9c");
  RunResult r = run_cli({"verify", "--corpus", dir.path().string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("verify: 6 passed, 0 failed"), std::string::npos) << r.out;
}

TEST(CliVerify, WrongKeyVectorFailsWithExpectedAndActual) {
  TempDir dir;
  write_small_corpus(dir.path(), "463b96181691fc9d");
  RunResult r = run_cli({"verify", "--corpus", dir.path().string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("expected 463b96181691fc9d, actual 463b96181691fc9c"), std::string::npos)
      << r.out;
}

TEST(CliVerify, JsonReportsOverallFailure) {
  TempDir dir;
  write_small_corpus(dir.path(), "463b96181691fc9d");
  RunResult r = run_cli({"verify", "--json", "--corpus", dir.path().string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(r.out.starts_with("{\"passed\": false, \"sections\": [")) << r.out;
}

TEST(CliVerify, RepositoryCorpusPassesWithinASmallNodeBudget) {
  RunResult r = run_cli({"verify", "--corpus", ZV_CORPUS_DIR, "--max-nodes", "100000"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("verify: 6 passed, 0 failed"), std::string::npos) << r.out;
}

// A key-vector row whose FEN has a check no game reaches, with a key nobody published.
void add_impossible_check_vector(const fs::path& root) {
  std::ofstream(root / "keys/polyglot-vectors.tsv", std::ios::app)
      << AlignedRooksFen << " 0 1\t\t0000000000000000\n";
}

TEST(CliVerify, KeyVectorWithAnImpossibleCheckFailsAsAnInvalidFen) {
  TempDir dir;
  write_small_corpus(dir.path(), "463b96181691fc9c");
  add_impossible_check_vector(dir.path());
  RunResult r = run_cli({"verify", "--corpus", dir.path().string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("no single move gives check from both"), std::string::npos) << r.out;
}

TEST(CliVerify, AllowUnreachableReadsSuchKeyVectorsAndComparesTheirKeys) {
  TempDir dir;
  write_small_corpus(dir.path(), "463b96181691fc9c");
  add_impossible_check_vector(dir.path());
  RunResult r = run_cli({"verify", "--corpus", dir.path().string(), "--allow-unreachable"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("expected 0000000000000000, actual"), std::string::npos) << r.out;
}

// The spellings 0.1.0 kept for compatibility, removed before any release: each is an unknown
// option now, as any other is (--scheme seed:N, --scheme file:PATH, --allow-unreachable remain).
TEST(CliTop, RemovedCompatibilitySpellingsAreUnknownOptions) {
  struct Case {
    std::vector<std::string> words;
    std::string option;
  };
  const Case cases[] = {
      {{"key", "--seed", "12345"}, "--seed"},
      {{"key", "--scheme-file", "keys.scheme"}, "--scheme-file"},
      {{"key", "--allow-impossible-checks"}, "--allow-impossible-checks"},
      {{"perft", "--depth", "1", "--allow-impossible-checks"}, "--allow-impossible-checks"},
      {{"verify", "--allow-impossible-checks"}, "--allow-impossible-checks"},
      {{"check", "--allow-impossible-checks"}, "--allow-impossible-checks"},
      {{"movegen", "--allow-impossible-checks"}, "--allow-impossible-checks"},
      {{"replay", "--allow-impossible-checks"}, "--allow-impossible-checks"},
  };
  for (const Case& c : cases) {
    RunResult r = run_cli(c.words);
    EXPECT_EQ(r.exit_code, 2) << c.words[0] << " " << c.option << "\n" << r.out;
    EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
    EXPECT_NE(r.err.find("unknown option '" + c.option + "'"), std::string::npos) << r.err;
  }
}

// Option rules declared beside each command's options, and the message each gives.
struct BrokenRule {
  std::vector<std::string> args;
  std::string message;
};

class CliOptionRules : public ::testing::TestWithParam<BrokenRule> {};

TEST_P(CliOptionRules, ABrokenRuleExitsTwoWithItsMessage) {
  RunResult r = run_cli(GetParam().args);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(r.err, "error: " + GetParam().message + "\n");
}

INSTANTIATE_TEST_SUITE_P(
    CheckReplayMovegen, CliOptionRules,
    ::testing::Values(
        BrokenRule{{"movegen", "--plugin", "x.so", "--engine", "y"},
                   "--plugin and --engine exclude each other"},
        BrokenRule{{"movegen", "--positions", "5"},
                   "movegen needs one of --plugin PATH or --engine \"CMD ARGS\""},
        BrokenRule{{"check", "--game", "go", "--plugin", "x.so"},
                   "--game go and --plugin exclude each other (--plugin is a chess door)"},
        BrokenRule{{"check", "--engine", "y", "--no-isolation"},
                   "--no-isolation goes with --plugin"},
        BrokenRule{{"check", "--engine", "y", "--plugin", "x.so"},
                   "--plugin and --engine exclude each other"},
        BrokenRule{{"check", "--engine", "y", "--scheme", "rustic"},
                   "--engine and --scheme exclude each other"},
        BrokenRule{{"check", "--game", "uttt", "--engine", "y"},
                   "--game uttt and --engine exclude each other (--engine is a chess door)"},
        BrokenRule{{"movegen", "--engine", "y", "--key-command", "d"},
                   "unknown option '--key-command' (see --help)"},
        BrokenRule{{"check", "--key-pattern", "K"}, "--key-pattern goes with --engine"},
        BrokenRule{{"check", "--timeout", "5"}, "--timeout goes with --plugin or --engine"},
        BrokenRule{{"check", "--allow-unreachable"},
                   "--allow-unreachable goes with --plugin or --engine"},
        BrokenRule{{"check", "--xfen"}, "--xfen goes with --plugin or --engine"},
        BrokenRule{{"check", "--game", "go", "--no-chess960"},
                   "--game go and --no-chess960 exclude each other (--no-chess960 is a chess "
                   "option)"},
        BrokenRule{{"check", "--mutant", "m", "--scheme", "rustic"},
                   "--mutant and --scheme exclude each other (a mutant has its scheme)"},
        BrokenRule{{"replay", "--plugin", "x.so"},
                   "replay needs --plugin PATH or --engine \"CMD ARGS\", and --fen FEN"},
        BrokenRule{{"replay", "--engine", "y", "--fen", "startpos", "--no-isolation"},
                   "--no-isolation goes with --plugin"},
        BrokenRule{{"replay", "--plugin", "x.so", "--fen", "startpos", "--key-command", "d"},
                   "--key-command goes with --engine"}));

TEST(CliCheck, GameChessAllowsTheChessDoors) {
  RunResult r = run_cli({"check", "--game", "chess", "--plugin", "/nonexistent/x.so"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.find("exclude each other"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("/nonexistent/x.so"), std::string::npos) << r.err;
}

// replay's --fen reads as every command's: one word, or its fields as separate words.
TEST(CliReplay, FenMayBeGivenAsSeparateWords) {
  RunResult r = run_cli({"replay", "--plugin", "/nonexistent/zv-replay.so", "--fen",
                         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1",
                         "--moves", "e2e4"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("/nonexistent/zv-replay.so"), std::string::npos) << r.err;
  const RunResult none = run_cli({"replay", "--plugin", "x.so", "--fen"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err, "error: option --fen needs a value\n");
}

TEST(CliVerify, MissingCorpusExitsTwo) {
  TempDir dir;
  RunResult r = run_cli({"verify", "--corpus", (dir.path() / "absent").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(r.err)) << r.err;
}

}  // namespace

namespace {

// Issue 38, section 5: every help screen fits 100 columns (five did not).
TEST(CliHelpScreens, EveryHelpScreenFitsOneHundredColumns) {
  const std::vector<std::string> commands = listed_commands();
  EXPECT_FALSE(commands.empty());
  std::vector<std::vector<std::string>> screens{{"--help"}};
  for (const std::string& command : commands) screens.push_back({command, "--help"});
  for (const std::vector<std::string>& args : screens) {
    const RunResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << args[0] << " --help: " << r.err;
    std::istringstream lines(r.out);
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
      ++number;
      EXPECT_LE(line.size(), 100u) << args[0] << " --help, line " << number << ": " << line;
    }
  }
}

}  // namespace
