// Bad input to the command (its environment, its options, the files it reads) is a usage error
// with one clear line: what, where, why (issue 21). Run as a process (tests/cli_runner.h).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_support.h"

namespace zobrist_verify {
namespace {

using testkit::run_cli;
using testkit::RunResult;
using testkit::TempDir;
using testkit::write_file;

int lines_in(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// RC_PARAMS set for the commands run in one test.
class WithRcParams {
 public:
  explicit WithRcParams(const char* value) { ::setenv("RC_PARAMS", value, 1); }
  ~WithRcParams() { ::unsetenv("RC_PARAMS"); }
  WithRcParams(const WithRcParams&) = delete;
  WithRcParams& operator=(const WithRcParams&) = delete;
};

TEST(BadRcParams, IsAUsageErrorForCheckBeforeAnyProperty) {
  const WithRcParams params("reproduce=garbage");
  const RunResult r = run_cli({"check", "--scheme", "polyglot", "--cases", "2"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(lines_in(r.err), 1) << r.err;
  EXPECT_EQ(r.err.rfind("error: RC_PARAMS 'reproduce=garbage' cannot be read", 0), 0u) << r.err;
}

TEST(BadRcParams, IsAUsageErrorForMutantsNotAllKilled) {
  const WithRcParams params("reproduce=garbage");
  const RunResult r = run_cli({"mutants", "--cases", "2"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.out.find("killed"), std::string::npos) << r.out;
  EXPECT_EQ(lines_in(r.err), 1) << r.err;
}

TEST(PropertyThatDoesNotApply, IsAUsageErrorListingThePropertiesThatDo) {
  const RunResult r = run_cli({"check", "--game", "uttt", "--property", "castling"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(lines_in(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("property 'castling' does not apply to uttt, the game this run checks"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("uttt:"), std::string::npos) << r.err;
}

TEST(PropertyThatDoesNotApply, AnotherGamesPropertyWithAChessDoorIsAUsageError) {
  const RunResult r = run_cli({"check", "--scheme", "polyglot", "--property", "go:symmetry"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("property 'go:symmetry' does not apply to chess"), std::string::npos)
      << r.err;
}

TEST(PropertyThatDoesNotApply, TheCheckHelpSaysSo) {
  const RunResult r = run_cli({"check", "--help"});
  // The help's words, wherever its lines break.
  std::istringstream words(r.out);
  std::string text;
  for (std::string word; words >> word;) text += (text.empty() ? "" : " ") + word;
  EXPECT_NE(text.find("is a usage error, as nothing would run"), std::string::npos) << r.out;
  EXPECT_NE(text.find("is shown as SKIP"), std::string::npos) << r.out;
}

TEST(PerftSuiteFile, ADepthOutOfRangeSaysSo) {
  TempDir dir;
  write_file(dir.path() / "suite.epd", zv_test::StartPosition + " ;D1 20 ;D99 400\n");
  const RunResult r = run_cli({"perft", "--epd", (dir.path() / "suite.epd").string()});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("'D99 400': the depth 99 is out of range (1 to 64)"), std::string::npos)
      << r.err;
}

TEST(PerftSuiteFile, AControlByteInALineIsShownEscaped) {
  TempDir dir;
  write_file(dir.path() / "suite.epd", zv_test::StartPosition + std::string(" ;D1 20\0\n", 10));
  const RunResult r = run_cli({"perft", "--epd", (dir.path() / "suite.epd").string()});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("'D1 20\\x00' is not of the form"), std::string::npos) << r.err;
}

// No byte below 0x20 but the newline, and no byte of invalid UTF-8 (0xff), in `text`.
bool has_raw_control_bytes(const std::string& text) {
  for (const char c : text)
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\n') ||
        static_cast<unsigned char>(c) == 0xff)
      return true;
  return false;
}

TEST(OutsideText, AFileNameWithEscAndInvalidUtf8IsShownEscapedInTheErrorLine) {
  TempDir dir;
  const std::string name = (dir.path() / "a\x1b[31m\xff.epd").string();
  const RunResult r = run_cli({"perft", "--epd", name});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("a\\x1b[31m\\xff.epd: No such file"), std::string::npos) << r.err;
  EXPECT_FALSE(has_raw_control_bytes(r.err)) << r.err;
}

TEST(OutsideText, ACorpusFenWithNulBytesIsShownEscapedInVerifysReport) {
  TempDir dir;
  const std::filesystem::path corpus = dir.path() / "corpus";
  std::filesystem::create_directories(corpus);
  for (const char* part : {"keys", "perft"})
    std::filesystem::copy(std::filesystem::path(ZV_CORPUS_DIR) / part, corpus / part,
                          std::filesystem::copy_options::recursive);
  const std::filesystem::path vectors = corpus / "keys" / "polyglot-vectors.tsv";
  std::filesystem::permissions(vectors, std::filesystem::perms::owner_write,
                               std::filesystem::perm_options::add);
  const char line[] = "r\0\0bqkbnr/8/8/8/8/8/8/8 w - - 0 1\t\t463b96181691fc9c\n";
  write_file(vectors, testkit::read_file(vectors) + std::string(line, sizeof line - 1));
  const RunResult r = run_cli({"verify", "--corpus", corpus.string(), "--max-nodes", "1000"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("fen 'r\\x00\\x00bqkbnr/8/"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\0'), std::string::npos) << r.out;
}

TEST(OutsideText, AFenErrorShowsValidUtf8AsItIsAndInvalidBytesEscaped) {
  const RunResult r = run_cli(
      {"key", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xc3\xa9\xff w KQkq - 0 1"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'\xc3\xa9\\xff'"), std::string::npos) << r.err;
}

TEST(SchemeFileInput, AByteOrderMarkIsSkipped) {
  TempDir dir;
  write_file(dir.path() / "bom.scheme", "\xef\xbb\xbfpsq P a1 1\n");
  const RunResult r = run_cli({"key", "--scheme", "file:" + (dir.path() / "bom.scheme").string()});
  EXPECT_EQ(r.err.find("unknown keyword"), std::string::npos) << r.err;
}

TEST(SchemeFileInput, AControlByteInAKeyIsShownEscaped) {
  TempDir dir;
  write_file(dir.path() / "nul.scheme", std::string("psq P a1 1\0\n", 12));
  const RunResult r = run_cli({"key", "--scheme", "file:" + (dir.path() / "nul.scheme").string()});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("'1\\x00'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace zobrist_verify
