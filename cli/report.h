// The verification report of `verify`, `keys` and `collisions`: rows built as data first, printed
// last as aligned text (properties' write_aligned_rows, as `check` prints its rows) or as JSON.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/properties.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::cli {

using properties::ReportRow;

class Report {
 public:
  // The detail is kept on one line so that the text report stays aligned.
  void add(std::string name, bool passed, std::string detail);
  // A row that passed only in part (a search cut by its budget): WARN, counted apart from the
  // passed and failed rows; it does not fail the report.
  void add_warning(std::string name, std::string detail);
  void append(const Report& other);
  const std::vector<ReportRow>& rows() const { return rows_; }
  bool passed() const;
  int failed_count() const;

  // One aligned line a row, then "verify: N passed, M failed" (another command's name for
  // `summary`), and ", K warned" when a row warned.
  void print_text(std::ostream& out, std::string_view summary = "verify") const;
  // {"passed": bool, "sections": [{"name": ..., "passed": ..., "detail": ...}, ...]}
  void print_json(std::ostream& out) const;

 private:
  int count(properties::Verdict verdict) const;
  std::vector<ReportRow> rows_;  // each PASS, FAIL or WARN
};

// The text as a JSON string literal, quotes included (written once, in the properties' reports).
using properties::json_string;

}  // namespace zobrist_verify::cli
