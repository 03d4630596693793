// Reproductions and reports: what a user pastes into a bug report and what CI reads.
#include <gtest/gtest.h>

#include <sstream>

#include "zobrist_verify/game.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {
namespace {

Counterexample sample_counterexample() {
  Counterexample c;
  c.start_fen = StartFen;
  c.moves = {"e2e4", "0000"};
  c.ply = 1;
  c.what = "key: after make_move vs a fresh set_position";
  c.expected = 0x0123456789abcdefULL;
  c.actual = 0xfedcba9876543210ULL;
  c.reproduce = "reproduce=ABC";
  return c;
}

std::vector<PropertyResult> sample_results() {
  PropertyResult pass;
  pass.name = "castling";
  pass.target = "reference:polyglot";
  pass.passed = true;
  pass.cases = 100;
  PropertyResult fail;
  fail.name = "side-to-move";
  fail.target = "reference:polyglot";
  fail.cases = 3;
  fail.counterexample = sample_counterexample();
  PropertyResult skip;
  skip.name = "reversibility";
  skip.target = "plugin \"x\" <y>";
  skip.passed = true;
  skip.skipped = true;
  skip.note = "skipped: the target cannot unmake moves";
  return {pass, fail, skip};
}

TEST(FormatCounterexample, ShowsFenMovesPlyKeysAndReproduceLine) {
  const std::string text = format_counterexample(sample_counterexample());
  EXPECT_NE(text.find(StartFen), std::string::npos);
  EXPECT_NE(text.find("e2e4 0000"), std::string::npos);
  EXPECT_NE(text.find("ply:       1 (move 2, 0000)"), std::string::npos);
  EXPECT_NE(text.find("0x0123456789abcdef"), std::string::npos);
  EXPECT_NE(text.find("0xfedcba9876543210"), std::string::npos);
  EXPECT_NE(text.find("RC_PARAMS=\"reproduce=ABC\""), std::string::npos);
}

TEST(FormatCounterexample, StartPositionFailureSaysSo) {
  Counterexample c = sample_counterexample();
  c.moves.clear();
  c.ply = -1;
  EXPECT_NE(format_counterexample(c).find("(at the start position)"), std::string::npos);
}

TEST(TextReport, EndsWithTheSummaryLineCiReads) {
  std::ostringstream out;
  write_text_report(out, sample_results());
  const std::string text = out.str();
  EXPECT_NE(text.find("\ncheck: 2 passed, 1 failed\n"), std::string::npos) << text;
}

TEST(TextReport, AlignsVerdictsInOneColumn) {
  std::ostringstream out;
  write_text_report(out, sample_results());
  std::istringstream lines(out.str());
  std::vector<std::size_t> columns;
  for (std::string line; std::getline(lines, line);) {
    if (line.find(" ..") == std::string::npos) continue;  // not a property line
    for (const char* verdict : {". PASS", ". FAIL", ". SKIP"})
      if (const auto at = line.find(verdict); at != std::string::npos) columns.push_back(at);
  }
  ASSERT_EQ(columns.size(), 3u);
  EXPECT_EQ(columns[0], columns[1]);
  EXPECT_EQ(columns[1], columns[2]);
}

TEST(JsonReport, HasPassedPropertiesAndTheCounterexample) {
  std::ostringstream out;
  write_json_report(out, sample_results());
  const std::string json = out.str();
  EXPECT_EQ(json.rfind("{\"passed\": false, \"properties\": [", 0), 0u) << json;
  EXPECT_NE(json.find("\"name\": \"side-to-move\""), std::string::npos);
  EXPECT_NE(json.find("\"cases\": 3"), std::string::npos);
  EXPECT_NE(json.find("\"moves\": [\"e2e4\", \"0000\"]"), std::string::npos);
  EXPECT_NE(json.find("\"ply\": 1"), std::string::npos);
  EXPECT_NE(json.find("\"expected\": \"0123456789abcdef\""), std::string::npos);
  EXPECT_NE(json.find("\"actual\": \"fedcba9876543210\""), std::string::npos);
  EXPECT_NE(json.find("\"target\": \"plugin \\\"x\\\" <y>\""), std::string::npos);
}

TEST(JsonReport, PassesWhenEveryPropertyPasses) {
  std::vector<PropertyResult> results = sample_results();
  results.erase(results.begin() + 1);
  std::ostringstream out;
  write_json_report(out, results);
  EXPECT_EQ(out.str().rfind("{\"passed\": true", 0), 0u);
}

TEST(JunitReport, CountsFailuresAndSkipsAndEscapesNames) {
  std::ostringstream out;
  write_junit_report(out, sample_results());
  const std::string xml = out.str();
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", 0), 0u);
  EXPECT_NE(xml.find("tests=\"3\" failures=\"1\" skipped=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testsuite name=\"reference:polyglot\" tests=\"2\" failures=\"1\""),
            std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"plugin &quot;x&quot; &lt;y&gt;\""), std::string::npos);
  EXPECT_NE(xml.find("<failure message=\"key: after make_move vs a fresh set_position\">"),
            std::string::npos);
  EXPECT_NE(xml.find("<skipped message="), std::string::npos);
  EXPECT_NE(xml.find("</testsuites>"), std::string::npos);
}

TEST(Contract, ListsEightNumberedPropertiesEachWithABrokenExample) {
  const auto& properties = all_properties();
  ASSERT_EQ(properties.size(), 8u);
  for (std::size_t i = 0; i < properties.size(); ++i) {
    EXPECT_EQ(properties[i].contract.rfind(std::to_string(i + 1) + ". ", 0), 0u)
        << properties[i].contract;
    EXPECT_FALSE(properties[i].broken_example.empty()) << properties[i].name;
    EXPECT_TRUE(is_property_name(properties[i].name));
  }
}

}  // namespace
}  // namespace zobrist_verify::properties
