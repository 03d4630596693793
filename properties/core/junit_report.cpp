// Suite reports as JUnit XML: one <testsuite> per target, the run's header in each.
#include <map>
#include <ostream>
#include <sstream>
#include <utility>

#include "core/report_parts.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::properties {

namespace {

// XML 1.0 allows no control characters but tab, newline and carriage return, not even as
// character references: they and invalid UTF-8 become \xNN (core/visible_text.h) first.
std::string xml_escape(std::string_view text) {
  std::string out;
  for (char c : visible_text(text, LineBreaks::Keep)) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The header as name-value pairs, named as in the JSON report where it has them.
std::vector<std::pair<std::string, std::string>> header_properties(const ReportHeader& header) {
  std::vector<std::pair<std::string, std::string>> properties = {
      {"program", header.program},
      {"version", header.version},
      {"command", header.command},
      {"seed", hex_key(header.seed)},
      {"cases", std::to_string(header.cases)},
  };
  if (!header.third_party) return properties;
  const TargetSummary& t = *header.third_party;
  properties.insert(properties.end(),
                    {{"target", t.target},
                     {"en_passant_rule", t.en_passant_rule},
                     {"halfmove_dependent", t.halfmove_dependent ? "true" : "false"},
                     {"judged_en_passant_rule", t.judged_rule}});
  if (!t.expected_scheme.empty()) properties.emplace_back("expected_scheme", t.expected_scheme);
  if (!t.where.empty()) properties.emplace_back("where", t.where);
  // Numbered: readers such as Jenkins keep one value per property name.
  for (std::size_t i = 0; i < t.notes.size(); ++i)
    properties.emplace_back("note." + std::to_string(i + 1), t.notes[i]);
  return properties;
}

void write_properties(std::ostream& out, const ReportHeader& header) {
  out << "    <properties>\n";
  for (const auto& [name, value] : header_properties(header))
    out << "      <property name=\"" << xml_escape(name) << "\" value=\"" << xml_escape(value)
        << "\"/>\n";
  out << "    </properties>\n";
}

void write_testcase(std::ostream& out, const std::string& target, const PropertyResult& r) {
  out << "    <testcase classname=\"" << xml_escape(target) << "\" name=\"" << xml_escape(r.name)
      << "\" time=\"" << seconds_text(r.seconds) << "\"";
  if (r.passed && !r.skipped && !warned(r)) {
    out << "/>\n";
    return;
  }
  out << ">\n";
  if (warned(r)) {
    // JUnit has no warning status: the case passes, and CI tools show its output.
    out << "      <system-out>";
    for (const std::string& w : r.warnings) out << "warning: " << xml_escape(w) << '\n';
    out << "</system-out>\n";
  } else if (r.skipped || unfinished(r)) {
    // A row a signal stopped (unfinished): nothing was judged, so neither a failure nor an error;
    // the run's own end by the signal is what a CI job sees.
    out << "      <skipped message=\"" << xml_escape(r.note) << "\"/>\n";
  } else if (r.known) {
    // A baseline's accepted failure: JUnit has no such status; skipped keeps the gate green and
    // shows the failure.
    out << "      <skipped message=\""
        << xml_escape("known failure (baseline): " +
                      (r.counterexample ? r.counterexample->what : r.note))
        << "\"/>\n";
    out << "      <system-out>" << xml_escape(r.counterexample ? failure_blocks(r) : r.note)
        << "</system-out>\n";
  } else {
    const std::string message = r.counterexample ? r.counterexample->what : r.note;
    out << "      <failure message=\"" << xml_escape(message) << "\">"
        << xml_escape(r.counterexample ? failure_blocks(r) : r.note) << "</failure>\n";
  }
  out << "    </testcase>\n";
}

// The Ant schema's order: <properties>, the test cases, then the suite's <system-out>.
void write_testsuite(std::ostream& out, const std::string& target,
                     const std::vector<const PropertyResult*>& rows, const ReportHeader* header) {
  int failures = 0, skipped = 0;
  double seconds = 0;
  for (const PropertyResult* r : rows) {
    failures += !r->passed && !r->known && !unfinished(*r);
    skipped += r->skipped || (!r->passed && r->known) || unfinished(*r);
    seconds += r->seconds;
  }
  out << "  <testsuite name=\"" << xml_escape(target) << "\" tests=\"" << rows.size()
      << "\" failures=\"" << failures << "\" errors=\"0\" skipped=\"" << skipped << "\" time=\""
      << seconds_text(seconds) << "\">\n";
  if (header) write_properties(out, *header);
  for (const PropertyResult* r : rows) write_testcase(out, target, *r);
  if (header) {
    std::ostringstream head;
    write_text_head(head, *header);
    out << "    <system-out>" << xml_escape(head.str()) << "</system-out>\n";
  }
  out << "  </testsuite>\n";
}

void write_junit(std::ostream& out, const std::vector<PropertyResult>& results,
                 std::string_view suites_name, const ReportHeader* header) {
  // One suite per target, in the order the targets first appear.
  std::vector<std::string> order;
  std::map<std::string, std::vector<const PropertyResult*>> by_target;
  for (const PropertyResult& r : results) {
    if (!by_target.contains(r.target)) order.push_back(r.target);
    by_target[r.target].push_back(&r);
  }
  int total = 0, failures = 0, skipped = 0;
  double seconds = 0;
  for (const PropertyResult& r : results) {
    ++total;
    failures += !r.passed && !r.known && !unfinished(r);
    skipped += r.skipped || (!r.passed && r.known) || unfinished(r);
    seconds += r.seconds;
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites name=\"" << xml_escape(suites_name) << "\" tests=\"" << total
      << "\" failures=\"" << failures << "\" skipped=\"" << skipped << "\" time=\""
      << seconds_text(seconds) << "\">\n";
  for (const std::string& target : order) write_testsuite(out, target, by_target[target], header);
  out << "</testsuites>\n";
}

}  // namespace

void write_junit_report(std::ostream& out, const std::vector<PropertyResult>& results,
                        std::string_view suites_name) {
  write_junit(out, results, suites_name, nullptr);
}

void write_junit_report(std::ostream& out, const SuiteReport& report) {
  if (!report.header) return write_junit(out, report.results, "zobrist-verify check", nullptr);
  const ReportHeader& header = *report.header;
  write_junit(out, report.results, header.program + " " + header.command, &header);
}

}  // namespace zobrist_verify::properties
