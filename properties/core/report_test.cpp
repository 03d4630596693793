// Reproductions and reports: what a user pastes into a bug report and what CI reads.
#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <sstream>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/properties.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::properties {
namespace {

Counterexample sample_counterexample() {
  Counterexample c;
  c.route.fen = StartFen;
  c.route.moves = {"e2e4", "0000"};
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

// A pass with a warning, as zero-keys reports Polyglot's pawn key in pawnless positions.
PropertyResult sample_warning() {
  PropertyResult warn;
  warn.name = "zero-keys";
  warn.target = "reference:polyglot";
  warn.passed = true;
  warn.cases = 100;
  warn.warnings = {
      "the pawn key is 0 in every pawnless position checked (9 of 9, e.g. "
      "8/8/8/8/8/8/8/K1k5 w - - 0 1); harmful if your pawn table uses 0 as an "
      "empty slot <\"quoted\">"};
  return warn;
}

std::vector<PropertyResult> sample_results_with_warning() {
  std::vector<PropertyResult> results = sample_results();
  results.insert(results.begin() + 1, sample_warning());
  return results;
}

// Whether `text` is one JSON value and nothing else (RFC 8259's grammar; no semantics).
class JsonGrammar {
 public:
  explicit JsonGrammar(std::string_view text) : text_(text) {}
  bool valid() {
    space();
    if (!value()) return false;
    space();
    return at_ == text_.size();
  }

 private:
  bool value() {
    if (at_ >= text_.size()) return false;
    switch (text_[at_]) {
      case '{':
        return sequence('}', true);
      case '[':
        return sequence(']', false);
      case '"':
        return string();
      case 't':
        return word("true");
      case 'f':
        return word("false");
      case 'n':
        return word("null");
      default:
        return number();
    }
  }
  // An object ("key": value, ...) or an array (value, ...) after its opening bracket.
  bool sequence(char close, bool members) {
    ++at_;
    space();
    if (eat(close)) return true;
    for (;;) {
      space();
      if (members) {
        if (!string()) return false;
        space();
        if (!eat(':')) return false;
        space();
      }
      if (!value()) return false;
      space();
      if (eat(close)) return true;
      if (!eat(',')) return false;
    }
  }
  bool string() {
    if (!eat('"')) return false;
    while (at_ < text_.size()) {
      const char c = text_[at_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') continue;
      if (at_ >= text_.size()) return false;
      const char escape = text_[at_++];
      if (escape == 'u') {
        for (int i = 0; i < 4; ++i)
          if (at_ >= text_.size() || !std::isxdigit(static_cast<unsigned char>(text_[at_++])))
            return false;
      } else if (escape == '\0' || !std::strchr("\"\\/bfnrt", escape)) {
        return false;
      }
    }
    return false;
  }
  bool number() {
    eat('-');
    if (!digits()) return false;
    if (eat('.') && !digits()) return false;
    if (eat('e') || eat('E')) {
      if (!eat('+')) eat('-');
      if (!digits()) return false;
    }
    return true;
  }
  bool digits() {
    const std::size_t start = at_;
    while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) ++at_;
    return at_ > start;
  }
  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }
  bool eat(char c) {
    if (at_ >= text_.size() || text_[at_] != c) return false;
    ++at_;
    return true;
  }
  void space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
      ++at_;
  }
  std::string_view text_;
  std::size_t at_ = 0;
};

TEST(JsonGrammar, TellsJsonFromNearMisses) {
  EXPECT_TRUE(JsonGrammar(R"({"a": [1, -2.5e3, "x\n", true, null], "b": {}})").valid());
  EXPECT_FALSE(JsonGrammar(R"({"a": [1, 2,]})").valid());
  EXPECT_FALSE(JsonGrammar(R"({"a": "x"} {})").valid());
  EXPECT_FALSE(JsonGrammar("{\"a\": \"tab\there\"}").valid());
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

// Ply -1 is the case's own FEN, not chess's start position: the words must not say "start
// position".
TEST(FormatCounterexample, AFailureBeforeAnyMoveIsAtItsStartingFen) {
  Counterexample c = sample_counterexample();
  c.route.moves.clear();
  c.ply = -1;
  const std::string text = format_counterexample(c);
  EXPECT_NE(text.find("ply:       -1 (at its starting FEN, before any move)"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("start position"), std::string::npos) << text;
}

TEST(TextReport, EndsWithTheSummaryLineCountingSkipsApart) {
  std::ostringstream out;
  write_text_report(out, sample_results());
  const std::string text = out.str();
  EXPECT_NE(text.find("\ncheck: 1 passed, 1 failed, 1 skipped\n"), std::string::npos) << text;
}

Counterexample should_differ_counterexample() {
  Counterexample c;
  c.route.fen = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1";
  c.ply = -1;
  c.what = "en-passant term on c6 is absent but the pseudo-legal rule says it is present";
  c.comparison = Comparison::DifferentKeys;
  c.positions = {{{"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", false, {}}, 0x1111222233334444ULL},
                 {{"8/8/8/KPp4r/8/8/8/4k3 w - - 0 1", false, {}}, 0x1111222233334444ULL}};
  c.difference = "the en-passant square c6";
  return c;
}

TEST(FormatCounterexample, ShouldDifferShowsBothPositionsAndTheirKeysNotExpectedAndActual) {
  const std::string text = format_counterexample(should_differ_counterexample());
  EXPECT_NE(text.find("position 1: 8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1"), std::string::npos) << text;
  EXPECT_NE(text.find("position 2: 8/8/8/KPp4r/8/8/8/4k3 w - - 0 1"), std::string::npos) << text;
  EXPECT_NE(text.find("key 0x1111222233334444"), std::string::npos) << text;
  EXPECT_NE(text.find("these positions differ only in the en-passant square c6 and have the same "
                      "key"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("expected:"), std::string::npos) << text;
  EXPECT_EQ(text.find("actual:"), std::string::npos) << text;
}

TEST(FormatCounterexample, TargetErrorShowsTheTargetsMessageInsteadOfKeys) {
  Counterexample c = sample_counterexample();
  c.comparison = Comparison::TargetError;
  c.target_error = "illegal move e1g1: king in check";
  const std::string text = format_counterexample(c);
  EXPECT_NE(text.find("target:    illegal move e1g1: king in check"), std::string::npos) << text;
  EXPECT_EQ(text.find("0x0123456789abcdef"), std::string::npos) << text;
  EXPECT_EQ(text.find("expected:"), std::string::npos) << text;
}

TEST(TextReport, NamesTheFeaturesThatSeveralFailuresShare) {
  std::vector<PropertyResult> results = sample_results();
  results[1].counterexample->features = {"en-passant square set", "pinned en passant", "check"};
  PropertyResult other = results[1];
  other.name = "en-passant";
  other.counterexample = should_differ_counterexample();
  other.counterexample->features = {"Chess960", "pinned en passant", "en-passant square set"};
  results.push_back(other);
  std::ostringstream out;
  write_text_report(out, results);
  EXPECT_NE(out.str().find("reference:polyglot: 2 properties failed; every counterexample has: "
                           "en-passant square set, pinned en passant"),
            std::string::npos)
      << out.str();
}

TEST(TextReport, PutsEachReproductionUnderItsOwnLine) {
  std::vector<PropertyResult> results = sample_results();
  PropertyResult other = results[1];
  other.name = "en-passant";
  other.counterexample = should_differ_counterexample();
  results.insert(results.begin() + 2, other);
  std::ostringstream out;
  write_text_report(out, results);
  const std::string text = out.str();
  const auto first_row = text.find("side-to-move ...");
  const auto second_row = text.find("en-passant ...");
  ASSERT_NE(first_row, std::string::npos);
  ASSERT_NE(second_row, std::string::npos);
  EXPECT_LT(first_row, text.find("0xfedcba9876543210"));
  EXPECT_LT(text.find("0xfedcba9876543210"), second_row);
  EXPECT_LT(second_row, text.find("position 1: 8/8/8/KPp4r"));
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
  EXPECT_EQ(json.rfind("{\"passed\": false, \"counts\": {\"passed\": 1, \"failed\": 1, "
                       "\"skipped\": 1, \"warned\": 0}, \"properties\": [",
                       0),
            0u)
      << json;
  EXPECT_NE(json.find("\"status\": \"pass\""), std::string::npos);
  EXPECT_NE(json.find("\"status\": \"fail\""), std::string::npos);
  EXPECT_NE(json.find("\"status\": \"skip\""), std::string::npos);
  EXPECT_NE(json.find("\"comparison\": \"same-key\""), std::string::npos);
  EXPECT_NE(json.find("\"name\": \"side-to-move\""), std::string::npos);
  EXPECT_NE(json.find("\"cases\": 3"), std::string::npos);
  EXPECT_NE(json.find("\"moves\": [\"e2e4\", \"0000\"]"), std::string::npos);
  EXPECT_NE(json.find("\"ply\": 1"), std::string::npos);
  EXPECT_NE(json.find("\"expected\": \"0123456789abcdef\""), std::string::npos);
  EXPECT_NE(json.find("\"actual\": \"fedcba9876543210\""), std::string::npos);
  EXPECT_NE(json.find("\"target\": \"plugin \\\"x\\\" <y>\""), std::string::npos);
}

TEST(JsonReport, ShouldDifferHasPositionsWithTheirKeysAndNoExpectedOrActual) {
  std::vector<PropertyResult> results = sample_results();
  results[1].counterexample = should_differ_counterexample();
  std::ostringstream out;
  write_json_report(out, results);
  const std::string json = out.str();
  EXPECT_NE(json.find("\"comparison\": \"different-keys\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"positions\": [{\"fen\": \"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1\", "
                      "\"chess960\": false, \"moves\": [], \"key\": \"1111222233334444\"}, "
                      "{\"fen\": \"8/8/8/KPp4r/8/8/8/4k3 w - - 0 1\""),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"difference\": \"the en-passant square c6\""), std::string::npos);
  EXPECT_EQ(json.find("\"expected\""), std::string::npos) << json;
}

TEST(JsonReport, TargetErrorCarriesTheTargetsMessage) {
  std::vector<PropertyResult> results = sample_results();
  results[1].counterexample->comparison = Comparison::TargetError;
  results[1].counterexample->target_error = "bad move";
  std::ostringstream out;
  write_json_report(out, results);
  EXPECT_NE(out.str().find("\"target_error\": \"bad move\""), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("\"expected\""), std::string::npos) << out.str();
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

TEST(TextReport, AWarningPassesAsWarnWithItsMessageUnderItsLine) {
  std::ostringstream out;
  write_text_report(out, sample_results_with_warning());
  const std::string text = out.str();
  const auto row = text.find("reference:polyglot zero-keys ...");
  ASSERT_NE(row, std::string::npos) << text;
  EXPECT_NE(text.find(" WARN  100 cases, 0.00 s\n  warning:   the pawn key is 0 in every pawnless "
                      "position checked (9 of 9, e.g. 8/8/8/8/8/8/8/K1k5 w - - 0 1); harmful",
                      row),
            std::string::npos)
      << text;
}

TEST(TextReport, CountsWarnedRowsApartAtTheEndOfTheSummaryLine) {
  std::ostringstream out;
  write_text_report(out, sample_results_with_warning());
  EXPECT_NE(out.str().find("\ncheck: 1 passed, 1 failed, 1 skipped, 1 warned\n"), std::string::npos)
      << out.str();
}

TEST(TextReport, AlignsWarnWithTheOtherVerdicts) {
  std::ostringstream out;
  write_text_report(out, sample_results_with_warning());
  std::istringstream lines(out.str());
  std::vector<std::size_t> columns;
  for (std::string line; std::getline(lines, line);)
    for (const char* verdict : {". PASS", ". FAIL", ". SKIP", ". WARN"})
      if (const auto at = line.find(verdict); at != std::string::npos) columns.push_back(at);
  ASSERT_EQ(columns.size(), 4u);
  for (std::size_t column : columns) EXPECT_EQ(column, columns.front());
}

TEST(JsonReport, AWarningHasStatusWarnItsMessagesAndACount) {
  std::ostringstream out;
  write_json_report(out, sample_results_with_warning());
  const std::string json = out.str();
  EXPECT_EQ(json.rfind("{\"passed\": false, \"counts\": {\"passed\": 1, \"failed\": 1, "
                       "\"skipped\": 1, \"warned\": 1}, ",
                       0),
            0u)
      << json;
  EXPECT_NE(json.find("\"status\": \"warn\", \"passed\": true"), std::string::npos) << json;
  EXPECT_NE(json.find("\"warnings\": [\"the pawn key is 0 in every pawnless position checked"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("empty slot <\\\"quoted\\\">\"]"), std::string::npos) << json;
  EXPECT_NE(
      json.find("\"status\": \"pass\", \"passed\": true, \"skipped\": false, \"cases\": 100, "),
      std::string::npos)
      << json;
}

TEST(JsonReport, ParsesWithAndWithoutWarnings) {
  for (const auto& results : {sample_results(), sample_results_with_warning()}) {
    std::ostringstream out;
    write_json_report(out, results);
    EXPECT_TRUE(JsonGrammar(out.str()).valid()) << out.str();
    TargetSummary summary;
    summary.target = "plugin:x";
    summary.en_passant_rule = summary.judged_rule = "legal";
    summary.notes = {"note \"one\""};
    ReportHeader header;
    header.third_party = summary;
    std::ostringstream with_summary;
    SuiteReport report;
    report.header = header;
    report.results = results;
    write_json_report(with_summary, report);
    EXPECT_TRUE(JsonGrammar(with_summary.str()).valid()) << with_summary.str();
  }
}

TEST(JsonReport, AWarnedRunStillPasses) {
  std::vector<PropertyResult> results = {sample_warning()};
  std::ostringstream out;
  write_json_report(out, results);
  EXPECT_EQ(out.str().rfind("{\"passed\": true", 0), 0u) << out.str();
}

TEST(JunitReport, AWarningPassesWithItsMessageInSystemOut) {
  std::ostringstream out;
  write_junit_report(out, sample_results_with_warning());
  const std::string xml = out.str();
  EXPECT_NE(xml.find("tests=\"4\" failures=\"1\" skipped=\"1\""), std::string::npos) << xml;
  const auto testcase = xml.find("<testcase classname=\"reference:polyglot\" name=\"zero-keys\"");
  ASSERT_NE(testcase, std::string::npos) << xml;
  const auto end = xml.find("</testcase>", testcase);
  const std::string body = xml.substr(testcase, end - testcase);
  EXPECT_NE(body.find("<system-out>warning: the pawn key is 0 in every pawnless position"),
            std::string::npos)
      << body;
  EXPECT_NE(body.find("empty slot &lt;&quot;quoted&quot;&gt;\n</system-out>"), std::string::npos)
      << body;
  EXPECT_EQ(body.find("<failure"), std::string::npos) << body;
  EXPECT_EQ(body.find("<skipped"), std::string::npos) << body;
}

TEST(Contract, ListsNumberedPropertiesEachWithABrokenExample) {
  const auto& properties = all_properties();
  ASSERT_GT(properties.size(), 1u);
  for (std::size_t i = 0; i < properties.size(); ++i) {
    EXPECT_EQ(properties[i].contract.rfind(std::to_string(i + 1) + ". ", 0), 0u)
        << properties[i].contract;
    EXPECT_FALSE(properties[i].broken_example.empty()) << properties[i].name;
    EXPECT_TRUE(is_property_name(properties[i].name));
  }
}

}  // namespace
}  // namespace zobrist_verify::properties
