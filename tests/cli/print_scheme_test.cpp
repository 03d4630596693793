// `key --print-scheme` (issue 42, section 5): any scheme printed in the key-scheme-file format,
// which reads back as a file: scheme with the same keys. The keys expected are published ones:
// each built-in scheme's start-position key (its verification value, from a source outside this
// project, in builtin_schemes()) and Polyglot's Random64 table.
#include <gtest/gtest.h>

#include "cli_runner.h"

#include <string>
#include <vector>

#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace {

using namespace zobrist_verify::testkit;
namespace zv = zobrist_verify;

// The table a scheme hashes with and its conventions; the name aside.
void expect_same_keys(const zv::KeyScheme& actual, const zv::KeyScheme& expected) {
  EXPECT_TRUE(actual.psq == expected.psq);
  EXPECT_EQ(actual.castling_keying, expected.castling_keying);
  EXPECT_EQ(actual.castling, expected.castling);
  EXPECT_EQ(actual.castling_rook, expected.castling_rook);
  EXPECT_EQ(actual.en_passant, expected.en_passant);
  EXPECT_EQ(actual.en_passant_none, expected.en_passant_none);
  EXPECT_EQ(actual.side_white, expected.side_white);
  EXPECT_EQ(actual.side_black, expected.side_black);
  EXPECT_EQ(actual.no_pawns, expected.no_pawns);
  EXPECT_EQ(actual.en_passant_rule, expected.en_passant_rule);
  EXPECT_EQ(actual.fold_rule50_into_printed_key, expected.fold_rule50_into_printed_key);
  EXPECT_EQ(actual.defines_pawn_key, expected.defines_pawn_key);
  EXPECT_EQ(actual.defines_material_key, expected.defines_material_key);
}

// Keys after moves that change every term: castling rights, an en-passant square, a capture.
const std::vector<std::string> KeyedLine = {"--moves", "e2e4", "d7d5", "e4e5",
                                            "f7f5",    "e1e2", "g8f6", "e5f6"};

TEST(CliPrintScheme, EveryBuiltinSchemeReadsBackAsAFileSchemeWithItsPublishedStartKey) {
  TempDir dir;
  for (const zv::BuiltinScheme& builtin : zv::builtin_schemes()) {
    const std::string name(builtin.name);
    const RunResult printed = run_cli({"key", "--scheme", name, "--print-scheme"});
    ASSERT_EQ(printed.exit_code, 0) << name << ": " << printed.err;
    const fs::path file = dir.path() / (name + ".scheme");
    write_file(file, printed.out);

    const std::string as_file = "file:" + file.string();
    const RunResult start = run_cli({"key", "--scheme", as_file});
    EXPECT_EQ(start.out, zv::hex_key(builtin.start_key) + "\n") << name << ": " << start.err;

    std::vector<std::string> from_file = {"key", "--scheme", as_file, "--all"};
    std::vector<std::string> from_builtin = {"key", "--scheme", name, "--all"};
    from_file.insert(from_file.end(), KeyedLine.begin(), KeyedLine.end());
    from_builtin.insert(from_builtin.end(), KeyedLine.begin(), KeyedLine.end());
    const RunResult line_from_file = run_cli(from_file);
    EXPECT_EQ(line_from_file.exit_code, 0) << name << ": " << line_from_file.err;
    EXPECT_EQ(line_from_file.out, run_cli(from_builtin).out) << name;

    const auto read_back = zv::load_scheme_file(file.string());
    ASSERT_TRUE(read_back) << name << ": " << read_back.error();
    EXPECT_EQ(read_back->name, name);
    expect_same_keys(*read_back, builtin.scheme());
  }
}

TEST(CliPrintScheme, PolyglotIsPrintedAsItsPublishedRandom64Keys) {
  const RunResult r = run_cli({"key", "--print-scheme"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(
      r.out.starts_with("# zobrist-verify key scheme; format: docs/key-scheme-file.md\n"
                        "name polyglot\nrule pseudo-legal\nfold_rule50 no\n"))
      << r.out;
  // Random64[72] (a white pawn on a2), [768] (White's O-O) and [780] (White to move).
  EXPECT_NE(r.out.find("\npsq P a2 14acbaf4777d5776\n"), std::string::npos);
  EXPECT_NE(r.out.find("\ncastling 1 31d71dce64b2c310\n"), std::string::npos);
  EXPECT_NE(r.out.find("\nside white f8d626aaaf278509\n"), std::string::npos);
}

// The README's sample: Rustic's first keys (ChaCha20 from [125; 32], as Rustic Alpha 2 on draws
// them).
TEST(CliPrintScheme, RusticStartsAsTheReadmeShows) {
  const RunResult r = run_cli({"key", "--scheme", "rustic", "--print-scheme"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(
      r.out.starts_with("# zobrist-verify key scheme; format: docs/key-scheme-file.md\n"
                        "name rustic\nrule always\nfold_rule50 no\npawn_key no\nmaterial_key no\n"
                        "psq P a1 8fca6770e9bbc313\npsq P b1 742264cc04e46d1d\n"))
      << r.out;
}

TEST(CliPrintScheme, ASeededAndAFileSchemeArePrintedToo) {
  TempDir dir;
  const RunResult seeded = run_cli({"key", "--scheme", "seed:12345", "--print-scheme"});
  ASSERT_EQ(seeded.exit_code, 0) << seeded.err;
  EXPECT_NE(seeded.out.find("\nname seed:12345\n"), std::string::npos) << seeded.out;
  // A path with a blank: the name line stays one word.
  const fs::path file = dir.path() / "my seed.scheme";
  write_file(file, seeded.out);
  const RunResult again = run_cli({"key", "--scheme", "file:" + file.string(), "--print-scheme"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("\nname file:" + dir.path().string() + "/my_seed.scheme\n"),
            std::string::npos)
      << again.out;
  const auto read_back = zv::parse_scheme_text(again.out, "unused");
  ASSERT_TRUE(read_back) << read_back.error();
  expect_same_keys(*read_back, zv::seeded_scheme(12345));
}

TEST(CliPrintScheme, APositionBesideItIsAUsageError) {
  for (const std::string option : {"--fen", "--moves", "--all", "--chess960"}) {
    std::vector<std::string> args = {"key", "--print-scheme", option};
    if (option == "--fen") args.push_back("startpos");
    if (option == "--moves") args.push_back("e2e4");
    const RunResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << option;
    EXPECT_EQ(r.err, "error: --print-scheme and " + option +
                         " exclude each other (the table is the same for every position)\n");
    EXPECT_TRUE(r.out.empty()) << option;
  }
}

TEST(CliPrintScheme, AnUnknownSchemeIsAUsageError) {
  const RunResult r = run_cli({"key", "--scheme", "nonesuch", "--print-scheme"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.err.starts_with("error: unknown scheme 'nonesuch'")) << r.err;
  EXPECT_TRUE(r.out.empty());
}

}  // namespace
