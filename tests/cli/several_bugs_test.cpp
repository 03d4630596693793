// Several bugs at once (issue 40): distinct failures per property, each with its own replay line,
// and a baseline of accepted failures for a CI gate, on plugins that plant two catalogue mutants
// in one build (tests/plugins/mutant_plugin.cpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.h"

namespace {

using namespace zobrist_verify::testkit;
using Json = nlohmann::json;

std::string mutant_plugin(const std::string& variant) {
  return std::string(ZV_PLUGIN_DIR) + "/zv_mutant_" + variant + ".so";
}

const std::string NullMoveAndPromotion =
    mutant_plugin("null-move-keeps-ep-key+promotion-keeps-pawn-in-key");
const std::string EnPassantSplit = mutant_plugin("ep-always-when-set-from-fen");
const std::string SplitAndCornerCapture =
    mutant_plugin("ep-always-when-set-from-fen+rook-capture-keeps-right");

// A file in the test's temporary folder, removed when the test ends.
class TempFile {
 public:
  explicit TempFile(const std::string& name)
      : path_(std::string(::testing::TempDir()) + "zv-" + std::to_string(::getpid()) + "-" + name) {
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }
  void write(const std::string& text) const { std::ofstream(path_) << text; }

 private:
  std::string path_;
};

const Json* row(const Json& report, const std::string& property) {
  for (const Json& r : report["properties"])
    if (r["name"] == property) return &r;
  return nullptr;
}

// Every counterexample of a row: the first, then the further ones.
std::vector<Json> counterexamples(const Json& r) {
  std::vector<Json> all;
  if (r.contains("counterexample")) all.push_back(r["counterexample"]);
  if (r.contains("further"))
    for (const Json& c : r["further"]) all.push_back(c);
  return all;
}

bool has_feature(const Json& c, const std::string& feature) {
  for (const Json& f : c["features"])
    if (f == feature) return true;
  return false;
}

TEST(DistinctFailures, TwoPlantedBugsOfDifferentKindsAreBothShownInOneRunEachWithItsReplay) {
  const RunResult r = run_cli({"check", "--plugin", NullMoveAndPromotion, "--property",
                               "incremental-equals-full", "--json"});
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  const Json report = Json::parse(r.out);
  const Json* incremental = row(report, "incremental-equals-full");
  ASSERT_NE(incremental, nullptr) << r.out;
  const std::vector<Json> found = counterexamples(*incremental);
  bool null_move = false, promotion = false;
  for (const Json& c : found) {
    null_move |= has_feature(c, "null move") &&
                 c["moves"].back() == "0000";  // the step that broke is the null move
    promotion |= has_feature(c, "promotion") && c["moves"].back().get<std::string>().size() == 5;
    EXPECT_NE(c["replay"].get<std::string>().find(" replay "), std::string::npos) << c.dump();
    EXPECT_FALSE(c["cause"].get<std::string>().empty()) << c.dump();
  }
  EXPECT_TRUE(null_move) << r.out;
  EXPECT_TRUE(promotion) << r.out;
  EXPECT_LE(found.size(), 3u) << r.out;
}

TEST(DistinctFailures, TheTextNumbersEachFurtherFailureAndGroupsThemByCause) {
  const RunResult r = run_cli({"check", "--plugin", NullMoveAndPromotion, "--property",
                               "incremental-equals-full,side-to-move"});
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("  distinct failure 2 of "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("failures by cause: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("null move (incremental-equals-full"), std::string::npos) << r.out;
}

TEST(DistinctFailures, DistinctOneShowsTheFirstFailureOnly) {
  const RunResult r = run_cli({"check", "--plugin", NullMoveAndPromotion, "--property",
                               "incremental-equals-full", "--distinct", "1", "--json"});
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  const Json report = Json::parse(r.out);
  const Json* incremental = row(report, "incremental-equals-full");
  ASSERT_NE(incremental, nullptr);
  EXPECT_EQ(counterexamples(*incremental).size(), 1u) << r.out;
}

TEST(Baseline, TakenFromASplitRulePluginItPassesThatPluginWithTheSplitShownAsKnown) {
  const TempFile baseline("split.json");
  const RunResult taken = run_cli({"check", "--plugin", EnPassantSplit, "--json"});
  ASSERT_EQ(taken.exit_code, 1) << taken.out << taken.err;
  baseline.write(taken.out);
  const RunResult r = run_cli({"check", "--plugin", EnPassantSplit, "--baseline", baseline.path()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(" en-passant ....................... KNOWN  after 0 cases: split: "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(", 1 known\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("fixed since the baseline"), std::string::npos) << r.out;
}

TEST(Baseline, ACastlingBugAddedFailsTheGateNamingOnlyTheNewFailures) {
  const TempFile baseline("split-only.json");
  baseline.write(run_cli({"check", "--plugin", EnPassantSplit, "--json"}).out);
  const RunResult r = run_cli({"check", "--plugin", SplitAndCornerCapture, "--property",
                               "en-passant,castling", "--baseline", baseline.path(), "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const Json report = Json::parse(r.out);
  EXPECT_EQ(report["passed"], false);
  EXPECT_EQ((*row(report, "en-passant"))["status"], "known") << r.out;
  const Json& castling = *row(report, "castling");
  EXPECT_EQ(castling["status"], "fail") << r.out;
  bool corner = false;
  for (const Json& c : counterexamples(castling))
    corner |= has_feature(c, "capture on a rook's home square");
  EXPECT_TRUE(corner) << r.out;
  EXPECT_EQ(report["counts"]["known"], 1) << r.out;
  EXPECT_EQ(report["counts"]["failed"], 1) << r.out;
}

TEST(Baseline, AFailureThatNoLongerOccursIsReportedAsFixedSinceTheBaseline) {
  const TempFile baseline("two-bugs.json");
  baseline.write(run_cli({"check", "--plugin", SplitAndCornerCapture, "--property",
                          "en-passant,castling", "--json"})
                     .out);
  const RunResult r = run_cli({"check", "--plugin", EnPassantSplit, "--property",
                               "en-passant,castling", "--baseline", baseline.path()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\n  fixed since the baseline: castling: "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("fixed since the baseline: en-passant"), std::string::npos) << r.out;
}

TEST(Baseline, AHandWrittenLineNamesAPropertyAndWordsOfItsFailure) {
  const TempFile baseline("hand.txt");
  baseline.write("# accepted: our FEN reader keys every en-passant square\nen-passant   split\n");
  const RunResult known = run_cli({"check", "--plugin", EnPassantSplit, "--property", "en-passant",
                                   "--baseline", baseline.path()});
  EXPECT_EQ(known.exit_code, 0) << known.out << known.err;
  EXPECT_NE(known.out.find(" KNOWN "), std::string::npos) << known.out;
  // Words that no failure holds cover nothing.
  const TempFile other("other.txt");
  other.write("en-passant pinned\n");
  const RunResult unknown = run_cli({"check", "--plugin", EnPassantSplit, "--property",
                                     "en-passant", "--baseline", other.path()});
  EXPECT_EQ(unknown.exit_code, 1) << unknown.out;
  EXPECT_NE(
      unknown.out.find("fixed since the baseline: en-passant: pinned (" + other.path() + ":1)"),
      std::string::npos)
      << unknown.out;
}

TEST(Baseline, ABaselineThatCannotBeReadIsAUsageErrorSayingWhereAndWhy) {
  const RunResult missing = run_cli({"check", "--baseline", "/nonexistent/zv-baseline.json"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot read the baseline /nonexistent/zv-baseline.json"),
            std::string::npos)
      << missing.err;
  const TempFile bad_line("bad.txt");
  bad_line.write("en-passant split\ncastlng corner\n");
  const RunResult line = run_cli({"check", "--baseline", bad_line.path()});
  EXPECT_EQ(line.exit_code, 2);
  EXPECT_NE(line.err.find(bad_line.path() + ":2: 'castlng' is no property"), std::string::npos)
      << line.err;
  const TempFile bad_json("bad.json");
  bad_json.write("{\"properties\": [");
  const RunResult json = run_cli({"check", "--baseline", bad_json.path()});
  EXPECT_EQ(json.exit_code, 2);
  EXPECT_NE(json.err.find("is not JSON that can be read"), std::string::npos) << json.err;
}

}  // namespace
