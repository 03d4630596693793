// The aligned-row printer ("name ....... PASS  detail", as in SMHasher) that every text report of
// the project prints its rows with: `check`'s properties and the rows of `verify`, `keys` and
// `collisions`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace zobrist_verify::properties {

// One row of an aligned report.
enum class Verdict : std::uint8_t { Pass, Fail, Skip, Warn };
const char* to_string(Verdict verdict);  // "PASS", "FAIL", "SKIP", "WARN"

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
