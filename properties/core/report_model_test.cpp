// The report model: one header and the results, written as text, JSON and JUnit XML that agree
// with each other; and the aligned rows every text report prints.
#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "text_patterns.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::properties {
namespace {

bool one_of(const char* set, char c) {
  return c != '\0' && std::strchr(set, c) != nullptr;
}

// Whether `text` is a well-formed XML 1.0 document: one root element, matching tags, quoted
// attributes, the five named entities and character references only, no control characters.
class XmlGrammar {
 public:
  explicit XmlGrammar(std::string_view text) : text_(text) {}
  bool valid() {
    if (text_.starts_with("<?xml")) {
      const auto end = text_.find("?>");
      if (end == std::string_view::npos) return false;
      at_ = end + 2;
    }
    space();
    if (!element()) return false;
    space();
    return at_ == text_.size();
  }

 private:
  bool element() {
    std::string_view name;
    if (!eat('<') || !xml_name(name)) return false;
    while (true) {
      const bool spaced = space();
      if (eat('/')) return eat('>');
      if (eat('>')) break;
      std::string_view attribute;
      if (!spaced || !xml_name(attribute) || !eat('=') || !eat('"')) return false;
      if (!characters('"')) return false;
      ++at_;
    }
    while (at_ < text_.size() && !text_.substr(at_).starts_with("</")) {
      if (text_[at_] == '<') {
        if (!element()) return false;
      } else if (!characters('<')) {
        return false;
      }
    }
    std::string_view closing;
    return eat('<') && eat('/') && xml_name(closing) && closing == name && (space(), eat('>'));
  }
  // Character data up to `stop` (left unread), with valid references; false at the end of text.
  bool characters(char stop) {
    while (at_ < text_.size() && text_[at_] != stop) {
      const char c = text_[at_];
      if (c == '<' || (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\r' && c != '\t'))
        return false;
      if (c == '&' && !reference()) return false;
      if (c != '&') ++at_;
    }
    return at_ < text_.size();
  }
  bool reference() {
    // A reference ends at the first ';' after it (none is inside one): only that much is matched.
    const std::size_t end = text_.find(';', at_);
    const auto match = testkit::match_at(std::string(text_.substr(at_, end - at_ + 1)), 0,
                                         "&(lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);");
    if (!match) return false;
    at_ += (*match)[0].size();
    return true;
  }
  bool xml_name(std::string_view& name) {
    const std::size_t start = at_;
    while (at_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[at_])) || one_of("_:.-", text_[at_])))
      ++at_;
    name = text_.substr(start, at_ - start);
    return !name.empty() && !std::isdigit(static_cast<unsigned char>(name.front()));
  }
  bool eat(char c) {
    if (at_ >= text_.size() || text_[at_] != c) return false;
    ++at_;
    return true;
  }
  bool space() {
    const std::size_t start = at_;
    while (at_ < text_.size() && one_of(" \n\r\t", text_[at_])) ++at_;
    return at_ > start;
  }
  std::string_view text_;
  std::size_t at_ = 0;
};

TEST(XmlGrammar, TellsWellFormedXmlFromNearMisses) {
  EXPECT_TRUE(
      XmlGrammar("<?xml version=\"1.0\"?>\n<a x=\"1 &amp; 2\"><b/>t&lt;<c></c></a>\n").valid());
  EXPECT_FALSE(XmlGrammar("<a><b></a></b>").valid());
  EXPECT_FALSE(XmlGrammar("<a x=\"<\"/>").valid());
  EXPECT_FALSE(XmlGrammar("<a>R&D</a>").valid());
  EXPECT_FALSE(XmlGrammar("<a/><b/>").valid());
  EXPECT_FALSE(XmlGrammar("<a>\x01</a>").valid());
}

PropertyResult result(std::string name, std::string target, bool passed) {
  PropertyResult r;
  r.name = std::move(name);
  r.target = std::move(target);
  r.passed = passed;
  r.cases = 20;
  return r;
}

ReportHeader reference_header() {
  ReportHeader header;
  header.version = "9.8.7";
  header.seed = 7;
  header.cases = 300;
  return header;
}

// A third party's run, with notes that need escaping in XML and JSON.
SuiteReport third_party_report() {
  ReportHeader header = reference_header();
  TargetSummary t;
  t.target = "plugin:toy <1.0> (./toy.so)";
  t.en_passant_rule = "legal";
  t.halfmove_dependent = true;
  t.judged_rule = "pseudo-legal";
  t.expected_scheme = "polyglot";
  t.where = "in-process (no isolation)";
  t.notes = {"en passant: \"legal\" & found by 12 probes", "refused 1 of 9 FENs, first: 8/8 w"};
  header.third_party = t;
  PropertyResult fail = result("castling", "plugin:toy", false);
  fail.note = "the target crashed <signal 11>";
  PropertyResult warn = result("zero-keys", "plugin:toy", true);
  warn.warnings = {"a pawn key of 0 & \"more\""};
  PropertyResult skip = result("pawn-and-material-keys", "plugin:toy", true);
  skip.skipped = true;
  skip.note = "skipped: no pawn key <none>";
  return {header, {result("reversibility", "plugin:toy", true), fail, warn, skip}};
}

std::string text_of(const SuiteReport& report) {
  std::ostringstream out;
  write_text_report(out, report);
  return out.str();
}
std::string json_of(const SuiteReport& report) {
  std::ostringstream out;
  write_json_report(out, report);
  return out.str();
}
std::string junit_of(const SuiteReport& report) {
  std::ostringstream out;
  write_junit_report(out, report);
  return out.str();
}

std::string xml_unescape(std::string text) {
  for (const auto& [entity, c] :
       {std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"}, std::pair{"&quot;", "\""},
        std::pair{"&apos;", "'"}, std::pair{"&amp;", "&"}})
    for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at))
      text.replace(at++, std::strlen(entity), c);
  return text;
}

// Every `<property name="NAME" value="..."/>` of the first <properties>, unescaped, in order.
std::vector<std::pair<std::string, std::string>> junit_properties(const std::string& xml) {
  const auto start = xml.find("<properties>"), end = xml.find("</properties>");
  if (start == std::string::npos || end == std::string::npos) return {};
  std::vector<std::pair<std::string, std::string>> found;
  for (const auto& property : testkit::search_all(
           xml.substr(start, end - start), "<property name=\"([^\"]*)\" value=\"([^\"]*)\"/>"))
    found.emplace_back(xml_unescape(property[1]), xml_unescape(property[2]));
  return found;
}

std::string junit_property(const std::string& xml, const std::string& name) {
  for (const auto& [key, value] : junit_properties(xml))
    if (key == name) return value;
  return "(absent)";
}

// A JSON string field at the top level of the report (the properties come after it), unescaped
// enough for the samples: \" and \\ only.
std::string json_field(const std::string& json, const std::string& name) {
  const std::string head = json.substr(0, json.find("\"properties\""));
  const auto match =
      testkit::search(head, "\"" + name + "\": (\"((?:[^\"\\\\]|\\\\.)*)\"|true|false)");
  if (!match) return "(absent)";
  if ((*match)[1].front() != '"') return (*match)[1];  // true or false
  return testkit::replace_all((*match)[2], "\\\\(.)", "$1");
}

TEST(ReportHead, OfAReferenceRunNamesTheProgramTheSeedAndTheCases) {
  std::ostringstream out;
  write_text_head(out, reference_header());
  EXPECT_EQ(out.str(),
            "zobrist-verify 9.8.7 check: seed 0000000000000007, 300 cases per property\n");
}

TEST(ReportHead, OfAThirdPartyNamesTheTargetWhereItRanItsConventionsAndNotes) {
  std::ostringstream out;
  write_text_head(out, *third_party_report().header);
  EXPECT_EQ(out.str(),
            "zobrist-verify 9.8.7 check: plugin:toy <1.0> (./toy.so), seed 0000000000000007, 300 "
            "cases per property, in-process (no isolation)\n"
            "conventions: en passant legal, halfmove clock dependent; judged under the "
            "pseudo-legal rule, exact keys of polyglot\n"
            "  en passant: \"legal\" & found by 12 probes\n"
            "  refused 1 of 9 FENs, first: 8/8 w\n");
}

TEST(ReportHead, OfABlackBoxSaysSo) {
  SuiteReport report = third_party_report();
  report.header->third_party->expected_scheme.clear();
  std::ostringstream out;
  write_text_head(out, *report.header);
  EXPECT_NE(out.str().find("judged under the pseudo-legal rule, black box\n"), std::string::npos)
      << out.str();
}

TEST(TextReportModel, OfTheModelIsItsHeadThenTheRowsOfItsResults) {
  const SuiteReport report = third_party_report();
  std::ostringstream head, rows;
  write_text_head(head, *report.header);
  write_text_report(rows, report.results);
  EXPECT_EQ(text_of(report), head.str() + rows.str());
  EXPECT_EQ(text_of({std::nullopt, report.results}), rows.str());
}

TEST(JsonReportModel, OfAReferenceRunIsTheResultsAlone) {
  SuiteReport report = third_party_report();
  report.header->third_party.reset();
  std::ostringstream results;
  write_json_report(results, report.results);
  EXPECT_EQ(json_of(report), results.str());
}

TEST(JunitReportModel, WithoutAHeaderHasNoPropertiesAndNoSuiteOutput) {
  const std::string xml = junit_of({std::nullopt, third_party_report().results});
  EXPECT_EQ(xml.find("<properties>"), std::string::npos) << xml;
  EXPECT_EQ(xml.find("<system-out>zobrist-verify"), std::string::npos) << xml;
  std::ostringstream plain;
  write_junit_report(plain, third_party_report().results);
  EXPECT_EQ(xml, plain.str());
}

TEST(JunitReportModel, WithAHeaderStaysWellFormed) {
  SuiteReport reference = third_party_report();
  reference.header->third_party.reset();
  for (const SuiteReport& report : {third_party_report(), reference}) {
    const std::string xml = junit_of(report);
    EXPECT_TRUE(XmlGrammar(xml).valid()) << xml;
  }
}

TEST(JunitReportModel, EverySuiteOpensWithThePropertiesAndClosesWithTheTextHead) {
  SuiteReport report = third_party_report();
  report.results.push_back(result("castling", "plugin:other", true));
  const std::string xml = junit_of(report);
  std::ostringstream head;
  write_text_head(head, *report.header);
  const std::string system_out = "<system-out>" + head.str() + "</system-out>";
  std::size_t suites = 0;
  for (auto at = xml.find("<testsuite "); at != std::string::npos;
       at = xml.find("<testsuite ", at + 1), ++suites) {
    const std::string suite = xml.substr(at, xml.find("</testsuite>", at) - at);
    const auto properties = suite.find("<properties>"), first_case = suite.find("<testcase");
    ASSERT_NE(properties, std::string::npos) << suite;
    EXPECT_LT(properties, first_case) << suite;
    const auto out = suite.rfind("<system-out>");
    ASSERT_NE(out, std::string::npos) << suite;
    EXPECT_GT(out, suite.rfind("<testcase")) << suite;
    const auto out_end = suite.find("</system-out>", out) + std::strlen("</system-out>");
    EXPECT_EQ(xml_unescape(suite.substr(out, out_end - out)), system_out) << suite;
  }
  EXPECT_EQ(suites, 2u) << xml;
  EXPECT_NE(xml.find("<testsuites name=\"zobrist-verify check\""), std::string::npos) << xml;
}

TEST(JunitReportModel, NumbersTheNotesSoThatEachKeepsAPropertyOfItsOwn) {
  const std::string xml = junit_of(third_party_report());
  EXPECT_EQ(junit_property(xml, "note.1"), "en passant: \"legal\" & found by 12 probes");
  EXPECT_EQ(junit_property(xml, "note.2"), "refused 1 of 9 FENs, first: 8/8 w");
  EXPECT_EQ(junit_property(xml, "note.3"), "(absent)");
}

// The header's values read back from each form must be the same values.
TEST(ReportModel, TextJsonAndJunitAgreeOnTheHeader) {
  const SuiteReport report = third_party_report();
  const std::string text = text_of(report), json = json_of(report), xml = junit_of(report);
  const auto head = testkit::match_at(
      text, 0,
      "^(\\S+) (\\S+) (\\S+): (.*), seed ([0-9a-f]{16}), ([0-9]+) cases per property, (.*)\n"
      "conventions: en passant (\\S+), halfmove clock (\\S+); judged under the (\\S+) rule, "
      "exact keys of (\\S+)\n"
      "  (.*)\n  (.*)\n");
  ASSERT_TRUE(head) << text;
  const testkit::Groups& t = *head;

  EXPECT_EQ(junit_property(xml, "program"), t[1]);
  EXPECT_EQ(junit_property(xml, "version"), t[2]);
  EXPECT_EQ(junit_property(xml, "command"), t[3]);
  EXPECT_EQ(junit_property(xml, "seed"), t[5]);
  EXPECT_EQ(junit_property(xml, "cases"), t[6]);
  EXPECT_EQ(junit_property(xml, "where"), t[7]);
  EXPECT_EQ(junit_property(xml, "expected_scheme"), t[11]);
  const std::vector<std::pair<std::string, std::string>> shared = {
      {"target", t[4]},
      {"en_passant_rule", t[8]},
      {"halfmove_dependent", t[9] == "dependent" ? "true" : "false"},
      {"judged_en_passant_rule", t[10]}};
  for (const auto& [name, from_text] : shared) {
    EXPECT_EQ(json_field(json, name), from_text) << name;
    EXPECT_EQ(junit_property(xml, name), from_text) << name;
  }
  for (int i : {1, 2}) {
    EXPECT_EQ(junit_property(xml, "note." + std::to_string(i)), t[11 + i]);
    EXPECT_NE(json.find(json_string(t[11 + i])), std::string::npos) << json;
  }
}

TEST(AlignedRows, LineUpTheVerdictsAtTheWiderOfTheMinimumAndTheLongestName) {
  std::ostringstream out;
  write_aligned_rows(out,
                     {{"a", Verdict::Pass, "3 cases", ""},
                      {"a much longer name", Verdict::Warn, "", "  warning: below\n"}},
                     10);
  EXPECT_EQ(out.str(),
            "a .................... PASS  3 cases\n"
            "a much longer name ... WARN\n"
            "  warning: below\n");
  std::ostringstream narrow;
  write_aligned_rows(narrow, {{"ab", Verdict::Fail, "x", ""}, {"c", Verdict::Skip, "", ""}}, 8);
  EXPECT_EQ(narrow.str(), "ab ..... FAIL  x\nc ...... SKIP\n");
}

}  // namespace
}  // namespace zobrist_verify::properties
