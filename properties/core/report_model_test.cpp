// The report model: one header and the results, written as text and JSON; and the aligned rows
// every text report prints.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "zobrist_verify/report.h"

namespace zobrist_verify::properties {
namespace {

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

TEST(TextReport, OfTheModelIsItsHeadThenTheRowsOfItsResults) {
  const SuiteReport report = third_party_report();
  std::ostringstream head, rows;
  write_text_head(head, *report.header);
  write_text_report(rows, report.results);
  EXPECT_EQ(text_of(report), head.str() + rows.str());
  EXPECT_EQ(text_of({std::nullopt, report.results}), rows.str());
}

TEST(JsonReport, OfAReferenceRunIsTheResultsAlone) {
  SuiteReport report = third_party_report();
  report.header->third_party.reset();
  std::ostringstream results;
  write_json_report(results, report.results);
  EXPECT_EQ(json_of(report), results.str());
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
