// A baseline of accepted failures for a CI gate (`check --baseline FILE`): a previous `--json`
// report of check, or a short file written by hand. A failure the baseline covers is shown as
// KNOWN (never hidden) and does not fail the gate; a new one does; an entry that no failure of
// the run matches is reported as fixed since the baseline. docs/baseline.md describes the forms.
#pragma once

#include <string>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

struct BaselineEntry {
  std::string property;  // a property or row name ("en-passant", "refusals"), or "*" for any
  // From a JSON report: the failure's cause (failure_cause), matched whole; or, for a report
  // without causes, the words of its check, matched against the cause's words.
  std::string cause;
  bool words_only = false;
  // Written by hand: words that the failure's cause, what broke, features or note contain
  // (case-insensitive); empty: any failure of the property.
  std::string text;
  std::string where;  // "FILE:LINE" (hand-written) or "FILE: PROPERTY" (JSON), for the report
};

struct Baseline {
  std::string file;
  std::vector<BaselineEntry> entries;
};

// Reads a baseline: a JSON report of `check --json` (its failed and known rows: each
// counterexample, further ones included, or a row's note when it has none), or lines of
// "PROPERTY [WORDS...]" with "#" comments. An error names the file, the line and what is wrong.
Expected<Baseline> read_baseline(const std::string& path);
// The same from text already read; `file` names it in errors and entries.
Expected<Baseline> parse_baseline(const std::string& text, const std::string& file);

// Whether the baseline covers the failure `c` of `property` (a counterexample).
bool baseline_covers(const Baseline& baseline, const std::string& property,
                     const Counterexample& c);

// Marks each failed result whose every failure the baseline covers as known
// (PropertyResult::known), and returns the entries that matched no failure of a property the
// run checked ("fixed since the baseline"), as "PROPERTY: WHAT (WHERE)" lines.
std::vector<std::string> apply_baseline(const Baseline& baseline,
                                        std::vector<PropertyResult>& results);

}  // namespace zobrist_verify::properties
