#include "report.h"

#include <algorithm>
#include <ostream>

#include "args.h"
#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify::cli {

// A row's name and detail may quote outside text (a file name, a corpus FEN): control bytes and
// invalid UTF-8 are shown as \xNN, in the text report as in the JSON.
void Report::add(std::string name, bool passed, std::string detail) {
  rows_.push_back({visible_text(name),
                   passed ? properties::Verdict::Pass : properties::Verdict::Fail,
                   visible_text(one_line(detail)), ""});
}

void Report::add_warning(std::string name, std::string detail) {
  rows_.push_back(
      {visible_text(name), properties::Verdict::Warn, visible_text(one_line(detail)), ""});
}

void Report::append(const Report& other) {
  rows_.insert(rows_.end(), other.rows_.begin(), other.rows_.end());
}

bool Report::passed() const {
  return failed_count() == 0;
}

int Report::count(properties::Verdict verdict) const {
  return int(std::count_if(rows_.begin(), rows_.end(),
                           [verdict](const ReportRow& r) { return r.verdict == verdict; }));
}

int Report::failed_count() const {
  return int(rows_.size()) - count(properties::Verdict::Pass) - count(properties::Verdict::Warn);
}

void Report::print_text(std::ostream& out, std::string_view summary) const {
  properties::write_aligned_rows(out, rows_, 40);
  const int warned = count(properties::Verdict::Warn);
  out << summary << ": " << count(properties::Verdict::Pass) << " passed, " << failed_count()
      << " failed";
  // Only when a row warned, so that a run without warnings prints the line it always did.
  if (warned) out << ", " << warned << " warned";
  out << '\n';
}

void Report::print_json(std::ostream& out) const {
  out << "{\"passed\": " << (passed() ? "true" : "false") << ", \"sections\": [";
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const ReportRow& row = rows_[i];
    out << (i ? ",\n  " : "\n  ") << "{\"name\": " << json_string(row.name)
        << ", \"passed\": " << (row.verdict != properties::Verdict::Fail ? "true" : "false")
        << (row.verdict == properties::Verdict::Warn ? ", \"warned\": true" : "")
        << ", \"detail\": " << json_string(row.detail) << '}';
  }
  out << (rows_.empty() ? "]}\n" : "\n]}\n");
}

}  // namespace zobrist_verify::cli
