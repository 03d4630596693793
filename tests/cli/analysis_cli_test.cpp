// The keys and collisions commands end to end: exit statuses 0, 1 and 2, the JSON fields the
// issue names, the JUnit and SVG files, and key lists.
#include <gtest/gtest.h>

#include "cli_runner.h"
#include "test_support.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::testkit {
namespace {

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// The keys as hex lines, one a line, as --key-list reads them.
std::string key_lines(std::vector<std::uint64_t> keys) {
  std::string text;
  char line[32];
  for (std::uint64_t key : keys) {
    std::snprintf(line, sizeof line, "%016llx\n", static_cast<unsigned long long>(key));
    text += line;
  }
  return text;
}

std::vector<std::uint64_t> mixed_keys(std::size_t count) {
  std::vector<std::uint64_t> keys;
  SplitMix64 rng(42);
  for (std::size_t i = 0; i < count; ++i) keys.push_back(rng.next());
  return keys;
}

// The tests' one whole default analysis of a built-in table (the others judge theirs with fewer
// samples: key_analysis_test).
TEST(KeysCommand, ABuiltInSchemePassesWithTheIssuesJsonFields) {
  const RunResult run = run_cli({"keys", "--scheme", "rustic", "--json"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  for (std::string_view field :
       {"\"keys\": 771", "\"rank\": 64", "\"min_hamming\": ", "\"max_bit_bias\": ",
        "\"smallest_dependency\": null", "\"passed\": true"})
    EXPECT_TRUE(contains(run.out, field)) << field << " in " << run.out;
}

TEST(KeysCommand, AKeyListWithAnXorTripleFailsAndNamesIt) {
  TempDir dir;
  std::vector<std::uint64_t> keys = mixed_keys(50);
  keys[30] = keys[4] ^ keys[17];
  write_file(dir.path() / "k.txt", key_lines(keys));
  const RunResult run = run_cli({"keys", "--key-list", (dir.path() / "k.txt").string(), "--json"});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(contains(run.out,
                       "\"smallest_dependency\": {\"size\": 3, \"indices\": [4, 17, 30], "
                       "\"names\": [\"key 4\", \"key 17\", \"key 30\"]"))
      << run.out;
  EXPECT_TRUE(contains(run.out, "\"passed\": false"));
}

// 300 keys have 44,850 pairs; a budget of 1,000 examines rows 0 to 3 only.
TEST(KeysCommand, ASearchCutByItsBudgetWarnsAndSaysHowFarItWent) {
  TempDir dir;
  std::vector<std::uint64_t> keys = mixed_keys(300);
  keys[299] = keys[200] ^ keys[250];
  write_file(dir.path() / "k.txt", key_lines(keys));
  const std::string list = (dir.path() / "k.txt").string();
  const RunResult text = run_cli({"keys", "--key-list", list, "--search-budget", "1000"});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(contains(text.out,
                       "WARN  none found in the part searched; search: exact for sizes 1 "
                       "and 2; size 3 cut after 1,000 of 44,850 key pairs"))
      << text.out;
  EXPECT_TRUE(contains(text.out, "keys: 3 passed, 0 failed, 1 warned")) << text.out;
  const RunResult json = run_cli({"keys", "--key-list", list, "--search-budget", "1000", "--json"});
  EXPECT_TRUE(contains(json.out, "\"triple_search\": {\"pairs_examined\": 1000, \"pairs\": 44850"))
      << json.out;
  EXPECT_TRUE(contains(json.out, "\"cut\": true}")) << json.out;
  // The whole search finds the triple.
  EXPECT_EQ(run_cli({"keys", "--key-list", list}).exit_code, 1);
}

TEST(KeysCommand, ATripleWithinTheSearchBudgetFailsTheList) {
  TempDir dir;
  std::vector<std::uint64_t> keys = mixed_keys(300);
  keys[250] = keys[1] ^ keys[100];
  write_file(dir.path() / "k.txt", key_lines(keys));
  const RunResult run =
      run_cli({"keys", "--key-list", (dir.path() / "k.txt").string(), "--search-budget", "1000"});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(contains(run.out, "3 keys XOR to zero: key 1 (1), key 100 (100), key 250 (250)"))
      << run.out;
  EXPECT_TRUE(contains(run.out, "size 3 cut after 1,000 of 44,850 key pairs")) << run.out;
}

// Every pair's Hamming distance is measured: past 200,000 keys that would take minutes.
TEST(KeysCommand, AKeyListOfMoreThanTwoHundredThousandKeysIsAUsageError) {
  TempDir dir;
  write_file(dir.path() / "k.txt", key_lines(mixed_keys(200'001)));
  const RunResult run = run_cli({"keys", "--key-list", (dir.path() / "k.txt").string()});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(contains(run.err,
                       "holds 200001 keys; keys analyses at most 200000 (the minimum "
                       "Hamming distance compares every pair of keys)"))
      << run.err;
}

// A short key list: the report's form is the claim (a built-in table's whole analysis takes
// seconds, and one is above).
TEST(KeysCommand, WritesJUnitWithOneCasePerCheck) {
  TempDir dir;
  write_file(dir.path() / "k.txt", key_lines(mixed_keys(100)));
  const std::string junit = (dir.path() / "keys.xml").string();
  const RunResult run =
      run_cli({"keys", "--key-list", (dir.path() / "k.txt").string(), "--junit", junit});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const std::string xml = read_file(junit);
  EXPECT_TRUE(contains(xml, "<testsuites name=\"zobrist-verify keys\" tests=\"4\" failures=\"0\""))
      << xml;
  EXPECT_TRUE(contains(xml, "name=\"dependency\""));
}

TEST(KeysCommand, UsageErrorsExitTwo) {
  TempDir dir;
  write_file(dir.path() / "bad.txt", "0123\nnot-hex\n");
  const RunResult bad = run_cli({"keys", "--key-list", (dir.path() / "bad.txt").string()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "error: " + (dir.path() / "bad.txt").string() + ":2: bad key"))
      << bad.err;
  EXPECT_EQ(run_cli({"keys", "--scheme", "nonesuch"}).exit_code, 2);
  EXPECT_EQ(run_cli({"keys", "--scheme", "polyglot", "--key-list", "x"}).exit_code, 2);
  const RunResult budget = run_cli({"keys", "--search-budget", "lots"});
  EXPECT_EQ(budget.exit_code, 2);
  EXPECT_TRUE(contains(budget.err, "--search-budget expects")) << budget.err;
  EXPECT_EQ(run_cli({"keys", "--key-list", (dir.path() / "missing").string()}).exit_code, 2);
}

TEST(CollisionsCommand, ASmallStudyPassesWithTheIssuesJsonFields) {
  const RunResult run = run_cli(
      {"collisions", "--scheme", "stockfish", "--positions", "20000", "--bits", "16-20", "--json"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "\"positions\": 20000")) << run.out;
  EXPECT_TRUE(contains(run.out, "{\"bits\": 16, \"mode\": \"low\", \"expected\": "));
  EXPECT_TRUE(contains(run.out, "{\"bits\": 20, \"mode\": \"tt\", \"expected\": "));
  for (std::string_view field : {"\"actual\": ", "\"ratio\": ", "\"p_value\": "})
    EXPECT_TRUE(contains(run.out, field)) << field;
  EXPECT_TRUE(run.out.ends_with("\"passed\": true}\n"));
  EXPECT_TRUE(run.err.empty()) << run.err;  // no progress bar when stderr is not a terminal
}

TEST(CollisionsCommand, TheSeedReproducesAStudyAndAnotherSeedChangesIt) {
  const auto study = [](const std::string& seed) {
    const RunResult run = run_cli(
        {"collisions", "--positions", "30000", "--bits", "16-30", "--seed", seed, "--json"});
    return run.out;
  };
  const auto widths = [](const std::string& out) { return out.substr(out.find("\"widths\"")); };
  const std::string first = study("0x1234");
  EXPECT_TRUE(contains(first, "\"seed\": \"0x0000000000001234\"")) << first;
  EXPECT_EQ(study("4660"), first);                  // 0x1234 in decimal
  EXPECT_NE(widths(study("4661")), widths(first));  // other games, other counts
}

TEST(CollisionsCommand, APolyglotKeyListStudiesLikeThePolyglotScheme) {
  auto published = zv_test::read_corpus_file("keys/polyglot-random64.txt");
  ASSERT_TRUE(published) << published.error();
  TempDir dir;
  write_file(dir.path() / "polyglot.txt", *published);
  const std::vector<std::string> common = {"--positions", "5000", "--bits", "10-30", "--json"};
  std::vector<std::string> by_list = {"collisions", "--key-list",
                                      (dir.path() / "polyglot.txt").string()};
  std::vector<std::string> by_scheme = {"collisions", "--scheme", "polyglot"};
  by_list.insert(by_list.end(), common.begin(), common.end());
  by_scheme.insert(by_scheme.end(), common.begin(), common.end());
  const RunResult list_run = run_cli(by_list), scheme_run = run_cli(by_scheme);
  ASSERT_EQ(list_run.exit_code, 0) << list_run.err;
  const auto widths = [](const std::string& out) { return out.substr(out.find("\"widths\"")); };
  EXPECT_EQ(widths(list_run.out), widths(scheme_run.out));
}

TEST(CollisionsCommand, KeysWithOnlyTwentyRandomBitsFailAndWriteTheirPlot) {
  TempDir dir;
  std::vector<std::uint64_t> keys = mixed_keys(781);
  for (std::uint64_t& key : keys) key &= 0xFFFFF00000000000ULL;  // 20 random bits of 64
  write_file(dir.path() / "weak.txt", key_lines(keys));
  const std::string svg = (dir.path() / "weak.svg").string();
  const std::string junit = (dir.path() / "weak.xml").string();
  const RunResult run =
      run_cli({"collisions", "--key-list", (dir.path() / "weak.txt").string(), "--positions",
               "20000", "--bits", "20-30", "--svg", svg, "--junit", junit});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(contains(run.out, "low 24 ")) << run.out;
  EXPECT_TRUE(contains(run.out, "FAIL"));
  EXPECT_TRUE(read_file(svg).starts_with("<svg"));
  const std::string xml = read_file(junit);
  EXPECT_TRUE(contains(xml, "<testsuites name=\"zobrist-verify collisions\" tests=\"33\""))
      << xml;  // 11 widths in three modes
  EXPECT_TRUE(contains(xml, "<failure message=\"expected "));
}

// Two equal keys, which the keys command's dependency row flags, fail collisions too, whatever
// the counts of its sample.
TEST(CollisionsCommand, AKeyListWithTwoEqualKeysFails) {
  TempDir dir;
  std::vector<std::uint64_t> keys = mixed_keys(781);
  keys[5] = keys[3];
  write_file(dir.path() / "equal.txt", key_lines(keys));
  const RunResult run = run_cli({"collisions", "--key-list", (dir.path() / "equal.txt").string(),
                                 "--positions", "2000", "--bits", "16-20"});
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(contains(run.out, "distinct keys ")) << run.out;
  EXPECT_TRUE(contains(run.out, "FAIL  equal keys: black pawn d1 (3), black pawn f1 (5)\n"))
      << run.out;
}

TEST(CollisionsCommand, UsageErrorsExitTwo) {
  TempDir dir;
  write_file(dir.path() / "short.txt", key_lines(mixed_keys(10)));
  const RunResult short_list =
      run_cli({"collisions", "--key-list", (dir.path() / "short.txt").string()});
  EXPECT_EQ(short_list.exit_code, 2);
  EXPECT_TRUE(contains(short_list.err, "781 keys; found 10")) << short_list.err;
  EXPECT_EQ(run_cli({"collisions", "--bits", "30-20"}).exit_code, 2);
  EXPECT_EQ(run_cli({"collisions", "--bits", "0-20"}).exit_code, 2);
  EXPECT_EQ(run_cli({"collisions", "--positions", "1"}).exit_code, 2);
  EXPECT_EQ(run_cli({"collisions", "--positions", "many"}).exit_code, 2);
  EXPECT_EQ(run_cli({"collisions", "--svg", "/nonexistent-dir/x.svg"}).exit_code, 2);
}

}  // namespace
}  // namespace zobrist_verify::testkit
