// The report model: what a run was (its header) and what it found (the property results), the one
// thing the text, JSON and JUnit writers read; and the aligned-row printer ("name ....... PASS
// detail", as in SMHasher) that every text report of the project prints its rows with.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// The head of a report: the program and command that ran, the seed and the cases per property,
// and for a third party's target what run_third_party found out about it.
struct ReportHeader {
  std::string program = "zobrist-verify";
  std::string version;               // "0.1.0"
  std::string command = "check";     // names the JUnit <testsuites>: "zobrist-verify check"
  std::uint64_t seed = DefaultSeed;  // the seed the run used (never 0)
  int cases = 0;                     // RapidCheck cases per property
  bool move_routes_only = false;     // SuiteOptions::move_routes_only: said in the head
  // With move_routes_only: the rows that still judge the FEN reader (fen_reader_properties).
  std::vector<std::string> fen_reader_rows;
  std::optional<TargetSummary> third_party;
};

// One run's report. Without a header the writers print the results alone, as they always did for
// a library user's run_suite.
struct SuiteReport {
  std::optional<ReportHeader> header;
  std::vector<PropertyResult> results;
  // With a baseline (check --baseline): its file, and its entries that no failure matched.
  std::string baseline = {};
  std::vector<std::string> fixed_since_baseline = {};
  // The signal that stopped the run ("SIGINT", "SIGTERM"), its rows those found until then
  // (zobrist_verify/suite_watch.h); empty for a run that ended.
  std::string interrupted = {};
};

// Text: the head, then write_text_report's rows, reproductions and summary line. The head is
// "PROGRAM VERSION COMMAND: [TARGET, ]seed HEX, N cases per property[, WHERE]"; for a third party
// also "conventions: en passant RULE, halfmove clock dependent|independent; judged under the RULE
// rule, exact keys of SCHEME|black box" and each note indented on a line of its own. With
// move_routes_only, a line "move routes only: ...; rows that judge the FEN reader: ROW, ..."
// follows the first.
void write_text_report(std::ostream& out, const SuiteReport& report);
// With a baseline (SuiteReport::baseline): "baseline: FILE ..." and a line for each of its entries
// that no failure matched; nothing without one. write_text_report(SuiteReport) prints them after
// the head.
void write_baseline_lines(std::ostream& out, const SuiteReport& report);
// The head alone, for a command that shows it before a long run and the rows after it.
void write_text_head(std::ostream& out, const ReportHeader& header);
// For a run stopped by a signal, the last line: "check: INTERRUPTED by SIGINT before 8 of 11
// properties ended"; nothing for a run that ended. write_text_report(SuiteReport) prints it.
void write_interrupted_line(std::ostream& out, const SuiteReport& report);
// JSON: write_json_report's object; for a third party with "target", "en_passant_rule",
// "halfmove_dependent", "judged_en_passant_rule" and "notes" after "passed"; with
// move_routes_only, "move_routes_only": true and "fen_reader_rows" before "counts"; for a run
// stopped by a signal, "interrupted": "SIGINT" after "passed" (false) and the count of its
// INTERRUPTED rows in "counts" ("interrupted", status "interrupted").
void write_json_report(std::ostream& out, const SuiteReport& report);
// JUnit XML: write_junit_report's suites, named "PROGRAM COMMAND". With a header, every
// <testsuite> starts with <properties> (program, version, command, seed, cases; for a third party
// also target, en_passant_rule, halfmove_dependent, judged_en_passant_rule, expected_scheme and
// where when set, note.1, note.2, ...) and ends with a <system-out> holding the text head, which
// Jenkins shows on the suite's page and on each test case without output of its own.
void write_junit_report(std::ostream& out, const SuiteReport& report);

// One row of an aligned report.
enum class Verdict : std::uint8_t { Pass, Fail, Skip, Warn, Known, Interrupted };
// "PASS", "FAIL", "SKIP", "WARN", "KNOWN", "INTERRUPTED"
const char* to_string(Verdict verdict);

struct ReportRow {
  std::string name;
  Verdict verdict = Verdict::Fail;
  std::string detail;  // after the verdict, on the row's line (counts and timing, or what broke)
  std::string below;   // whole lines printed under the row: a reproduction, warnings
};

// Each row as "name ....... VERDICT  detail" (no two spaces and detail when it is empty), the
// dots running to one column, at least `min_width` from the start of the line, so that the
// verdicts line up; then the row's `below`.
void write_aligned_rows(std::ostream& out, const std::vector<ReportRow>& rows,
                        std::size_t min_width);

}  // namespace zobrist_verify::properties
