// Counterexamples and suite reports as text, JSON and JUnit XML.
#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>

#include "position_tools.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

namespace {

std::string xml_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
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
        // XML 1.0 allows no control characters but tab, newline and carriage return.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\r' || c == '\t') out += c;
    }
  }
  return out;
}

std::string joined_moves(const Counterexample& c) {
  std::string out;
  for (const std::string& m : c.moves) out += (out.empty() ? "" : " ") + m;
  return out;
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds);
  return text;
}

std::string hex_digits(Key key) {
  return hex(key).substr(2);
}

// The one-line detail after PASS/FAIL/SKIP.
std::string detail(const PropertyResult& r) {
  char timing[32];
  std::snprintf(timing, sizeof timing, "%.2f s", r.seconds);
  if (r.skipped) return r.note;
  if (r.passed) return std::to_string(r.cases) + " cases, " + timing;
  if (r.counterexample)
    return "after " + std::to_string(r.cases) + " cases: " + r.counterexample->what;
  return r.note;
}

std::string row_name(const PropertyResult& r) {
  return r.target.empty() ? r.name : r.target + " " + r.name;
}

}  // namespace

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escape[8];
          std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(c));
          out += escape;
        } else {
          out += c;
        }
    }
  }
  return out + '"';
}

std::string format_counterexample(const Counterexample& c) {
  std::string out;
  out += "  fen:       " + c.start_fen + (c.chess960 ? " (Chess960)" : "") + "\n";
  out += "  moves:     " + (c.moves.empty() ? std::string("(none)") : joined_moves(c)) + "\n";
  out += "  ply:       " + std::to_string(c.ply) +
         (c.ply < 0
              ? " (at the start position)"
              : " (move " + std::to_string(c.ply + 1) + ", " + c.moves[std::size_t(c.ply)] + ")") +
         "\n";
  out += "  broke:     " + c.what + "\n";
  out += "  expected:  " + hex(c.expected) + "\n";
  out += "  actual:    " + hex(c.actual) + "\n";
  if (!c.reproduce.empty()) out += "  reproduce: RC_PARAMS=\"" + c.reproduce + "\"\n";
  return out;
}

void write_text_report(std::ostream& out, const std::vector<PropertyResult>& results) {
  // Dots run to a common column so that PASS and FAIL line up, as in SMHasher.
  std::size_t width = 48;
  for (const PropertyResult& r : results) width = std::max(width, row_name(r).size() + 4);
  int passed = 0, failed = 0;
  for (const PropertyResult& r : results) {
    const std::string name = row_name(r);
    const char* verdict = r.skipped ? "SKIP" : r.passed ? "PASS" : "FAIL";
    out << name << ' ' << std::string(width - name.size() - 1, '.') << ' ' << verdict;
    if (const std::string d = detail(r); !d.empty()) out << "  " << d;
    out << '\n';
    if (r.counterexample) out << format_counterexample(*r.counterexample);
    (r.passed ? passed : failed) += 1;
  }
  out << "check: " << passed << " passed, " << failed << " failed\n";
}

void write_json_report(std::ostream& out, const std::vector<PropertyResult>& results) {
  const bool all_passed =
      std::all_of(results.begin(), results.end(), [](const PropertyResult& r) { return r.passed; });
  out << "{\"passed\": " << (all_passed ? "true" : "false") << ", \"properties\": [";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const PropertyResult& r = results[i];
    out << (i ? ",\n  " : "\n  ") << "{\"name\": " << json_string(r.name)
        << ", \"target\": " << json_string(r.target)
        << ", \"passed\": " << (r.passed ? "true" : "false")
        << ", \"skipped\": " << (r.skipped ? "true" : "false") << ", \"cases\": " << r.cases
        << ", \"seconds\": " << seconds_text(r.seconds) << ", \"seed\": " << r.seed
        << ", \"note\": " << json_string(r.note);
    if (r.counterexample) {
      const Counterexample& c = *r.counterexample;
      out << ", \"counterexample\": {\"fen\": " << json_string(c.start_fen)
          << ", \"chess960\": " << (c.chess960 ? "true" : "false") << ", \"moves\": [";
      for (std::size_t m = 0; m < c.moves.size(); ++m)
        out << (m ? ", " : "") << json_string(c.moves[m]);
      out << "], \"ply\": " << c.ply << ", \"what\": " << json_string(c.what)
          << ", \"expected\": " << json_string(hex_digits(c.expected))
          << ", \"actual\": " << json_string(hex_digits(c.actual))
          << ", \"reproduce\": " << json_string(c.reproduce) << '}';
    }
    out << '}';
  }
  out << (results.empty() ? "]}\n" : "\n]}\n");
}

void write_junit_report(std::ostream& out, const std::vector<PropertyResult>& results) {
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
    failures += !r.passed;
    skipped += r.skipped;
    seconds += r.seconds;
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites name=\"zobrist-verify check\" tests=\"" << total << "\" failures=\""
      << failures << "\" skipped=\"" << skipped << "\" time=\"" << seconds_text(seconds) << "\">\n";
  for (const std::string& target : order) {
    const auto& rows = by_target[target];
    int suite_failures = 0, suite_skipped = 0;
    double suite_seconds = 0;
    for (const PropertyResult* r : rows) {
      suite_failures += !r->passed;
      suite_skipped += r->skipped;
      suite_seconds += r->seconds;
    }
    out << "  <testsuite name=\"" << xml_escape(target) << "\" tests=\"" << rows.size()
        << "\" failures=\"" << suite_failures << "\" errors=\"0\" skipped=\"" << suite_skipped
        << "\" time=\"" << seconds_text(suite_seconds) << "\">\n";
    for (const PropertyResult* r : rows) {
      out << "    <testcase classname=\"" << xml_escape(target) << "\" name=\""
          << xml_escape(r->name) << "\" time=\"" << seconds_text(r->seconds) << "\"";
      if (r->passed && !r->skipped) {
        out << "/>\n";
        continue;
      }
      out << ">\n";
      if (r->skipped) {
        out << "      <skipped message=\"" << xml_escape(r->note) << "\"/>\n";
      } else {
        const std::string message = r->counterexample ? r->counterexample->what : r->note;
        out << "      <failure message=\"" << xml_escape(message) << "\">"
            << xml_escape(r->counterexample ? format_counterexample(*r->counterexample) : r->note)
            << "</failure>\n";
      }
      out << "    </testcase>\n";
    }
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

}  // namespace zobrist_verify::properties
