// Counterexamples, the aligned rows, and suite reports as text and JSON (JUnit XML:
// junit_report.cpp).
#include <algorithm>
#include <cstdio>
#include <ostream>

#include "core/report_parts.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::properties {

namespace {

std::string joined(const std::vector<std::string>& words, const char* separator) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

std::string joined_moves(const std::vector<std::string>& moves) {
  return joined(moves, " ");
}

struct Counts {
  int passed = 0, failed = 0, skipped = 0, warned = 0, known = 0, interrupted = 0;
};

Counts count(const std::vector<PropertyResult>& results) {
  Counts counts;
  for (const PropertyResult& r : results)
    (r.skipped              ? counts.skipped
     : unfinished(r)        ? counts.interrupted
     : !r.passed && r.known ? counts.known
     : !r.passed            ? counts.failed
     : warned(r)            ? counts.warned
                            : counts.passed) += 1;
  return counts;
}

Verdict verdict(const PropertyResult& r) {
  return r.skipped              ? Verdict::Skip
         : unfinished(r)        ? Verdict::Interrupted
         : !r.passed && r.known ? Verdict::Known
         : !r.passed            ? Verdict::Fail
         : warned(r)            ? Verdict::Warn
                                : Verdict::Pass;
}

const char* status(const PropertyResult& r) {
  return r.skipped              ? "skip"
         : unfinished(r)        ? "interrupted"
         : !r.passed && r.known ? "known"
         : !r.passed            ? "fail"
         : warned(r)            ? "warn"
                                : "pass";
}

std::string warning_lines(const PropertyResult& r) {
  std::string out;
  if (warned(r))
    for (const std::string& w : r.warnings) out += "  warning:   " + w + "\n";
  return out;
}

// When two or more properties of one target fail, the features all their counterexamples share:
// one cause often fails several properties, and the reader should see that it is one problem.
void write_shared_features(std::ostream& out, const std::vector<PropertyResult>& results) {
  std::vector<std::string> targets;
  for (const PropertyResult& r : results)
    if (std::find(targets.begin(), targets.end(), r.target) == targets.end())
      targets.push_back(r.target);
  for (const std::string& target : targets) {
    std::vector<const Counterexample*> failures;
    for (const PropertyResult& r : results)
      if (r.target == target && r.counterexample) failures.push_back(&*r.counterexample);
    if (failures.size() < 2) continue;
    std::vector<std::string> shared = failures.front()->features;
    for (const Counterexample* c : failures)
      std::erase_if(shared, [&](const std::string& f) {
        return std::find(c->features.begin(), c->features.end(), f) == c->features.end();
      });
    out << (target.empty() ? std::string() : target + ": ") << failures.size()
        << " properties failed; ";
    if (shared.empty())
      out << "their counterexamples share no position feature\n";
    else
      out << "every counterexample has: " << joined(shared, ", ") << " (perhaps one cause)\n";
  }
}

// What a failure_cause ("WORDS | STEP | FEATURES") names across properties: its cause features,
// else its step ("promotion"), else the words of its check (a relation between two positions).
std::string cause_label(const std::string& cause) {
  const std::size_t first = cause.find(" | ");
  const std::size_t second = first == std::string::npos ? first : cause.find(" | ", first + 3);
  if (second == std::string::npos) return cause;
  const std::string step = cause.substr(first + 3, second - first - 3);
  const std::string features = cause.substr(second + 3);
  return !features.empty() ? features : !step.empty() ? step : cause.substr(0, first);
}

// When a target's failures (distinct ones included) have more than one cause, or one cause in
// several properties: the causes, each with the properties it failed, so that a fix can be
// checked cause by cause.
void write_causes(std::ostream& out, const std::vector<PropertyResult>& results) {
  struct Cause {
    std::string target, label;
    std::vector<std::string> properties;
  };
  std::vector<Cause> causes;
  std::size_t failures = 0;
  for (const PropertyResult& r : results) {
    for (const Counterexample* c : counterexamples_of(r)) {
      if (c->cause.empty()) continue;
      ++failures;
      const std::string label = cause_label(c->cause);
      auto it = std::find_if(causes.begin(), causes.end(), [&](const Cause& k) {
        return k.target == r.target && k.label == label;
      });
      if (it == causes.end()) it = causes.insert(causes.end(), {r.target, label, {}});
      if (std::find(it->properties.begin(), it->properties.end(), r.name) == it->properties.end())
        it->properties.push_back(r.name);
    }
  }
  if (failures < 2) return;
  std::string target;
  for (std::size_t i = 0; i < causes.size(); ++i) {
    if (i == 0 || causes[i].target != target) {
      target = causes[i].target;
      out << (i ? "\n" : "") << (target.empty() ? std::string() : target + ": ")
          << "failures by cause:";
    }
    out << (i && causes[i - 1].target == target ? "; " : " ") << causes[i].label << " ("
        << joined(causes[i].properties, ", ") << ')';
  }
  out << '\n';
}

// "1 case", "100 cases".
std::string cases_text(int cases) {
  return std::to_string(cases) + (cases == 1 ? " case" : " cases");
}

// The one-line detail after PASS/FAIL/SKIP.
std::string detail(const PropertyResult& r) {
  char timing[32];
  std::snprintf(timing, sizeof timing, "%.2f s", r.seconds);
  if (r.skipped) return r.note;
  if (r.passed) return cases_text(r.cases) + ", " + timing;
  if (r.counterexample)
    return "after " + cases_text(r.cases) + ": " + r.counterexample->what +
           (r.further.empty()
                ? std::string()
                : " (and " + std::to_string(r.further.size()) + " more distinct failure" +
                      (r.further.size() == 1 ? "" : "s") + ")") +
           (r.interrupted ? "; " + r.note : std::string());
  return r.note;
}

std::string row_name(const PropertyResult& r) {
  return r.target.empty() ? r.name : r.target + " " + r.name;
}

}  // namespace

std::string json_string(std::string_view text) {
  // Control characters and invalid UTF-8 first become \xNN (core/visible_text.h): strict JSON
  // readers take the report, and it shows them as the text report does.
  std::string out = "\"";
  for (char c : visible_text(text, LineBreaks::Keep)) {
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
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
  return out + '"';
}

const char* to_string(Comparison comparison) {
  switch (comparison) {
    case Comparison::SameKey:
      return "same-key";
    case Comparison::DifferentKeys:
      return "different-keys";
    case Comparison::TargetError:
      return "target-error";
    case Comparison::NoKeys:
      return "no-keys";
    case Comparison::TargetCrashed:
      return "target-crashed";
    case Comparison::TargetTimedOut:
      return "target-timed-out";
    case Comparison::TargetExited:
      return "target-exited";
    case Comparison::TargetMemoryLimit:
      return "target-memory-limit";
  }
  return "?";
}

std::string json_list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + json_string(items[i]);
  return out + ']';
}

std::string format_counterexample(const Counterexample& c) {
  std::string out;
  out += "  fen:       " + c.route.fen + (c.route.chess960 ? " (Chess960)" : "") + "\n";
  out += "  moves:     " +
         (c.route.moves.empty() ? std::string("(none)") : joined_moves(c.route.moves)) + "\n";
  out += "  ply:       " + std::to_string(c.ply) +
         (c.ply < 0 ? " (at its starting FEN, before any move)"
                    : " (move " + std::to_string(c.ply + 1) + ", " +
                          c.route.moves[std::size_t(c.ply)] + ")") +
         "\n";
  out += "  broke:     " + c.what + "\n";
  // Each position of a comparison between two, with the key the target gave it.
  for (std::size_t i = 0; i < c.positions.size(); ++i) {
    const ComparedPosition& p = c.positions[i];
    const std::string label = "  position " + std::to_string(i + 1) + ": ";
    out += label + p.route.fen + (p.route.chess960 ? " (Chess960)" : "") +
           (p.route.moves.empty() ? "" : " moves " + joined_moves(p.route.moves)) + "\n";
    out += std::string(label.size(), ' ') + "key " + hex_key_literal(p.key) + "\n";
  }
  switch (c.comparison) {
    case Comparison::SameKey:
      out += "  expected:  " + hex_key_literal(c.expected) + "\n";
      out += "  actual:    " + hex_key_literal(c.actual) + "\n";
      if (!c.terms.empty()) out += "  terms:     expected ^ actual = " + c.terms + "\n";
      break;
    case Comparison::DifferentKeys:
      out += c.difference.empty()
                 ? "  the two positions differ and have the same key\n"
                 : "  these positions differ only in " + c.difference + " and have the same key\n";
      break;
    case Comparison::TargetError:
      out += "  target:    " + c.target_error + "\n";
      break;
    case Comparison::TargetCrashed:
      out += "  crashed:   " + c.target_error + "\n";
      break;
    case Comparison::TargetTimedOut:
      out += "  timed out: " + c.target_error + "\n";
      break;
    case Comparison::TargetExited:
      out += "  exited:    " + c.target_error + "\n";
      break;
    case Comparison::TargetMemoryLimit:
      out += "  memory:    " + c.target_error + "\n";
      break;
    case Comparison::NoKeys:
      break;
  }
  if (!c.features.empty()) out += "  features:  " + joined(c.features, ", ") + "\n";
  if (!c.shrinking.empty()) out += "  shrinking: " + c.shrinking + "\n";
  if (!c.reproduce.empty()) out += "  reproduce: RC_PARAMS=\"" + c.reproduce + "\"\n";
  if (!c.replay.empty()) out += "  replay:    " + c.replay + "\n";
  return out;
}

const char* to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::Pass:
      return "PASS";
    case Verdict::Fail:
      return "FAIL";
    case Verdict::Skip:
      return "SKIP";
    case Verdict::Warn:
      return "WARN";
    case Verdict::Known:
      return "KNOWN";
    case Verdict::Interrupted:
      return "INTERRUPTED";
  }
  return "?";
}

void write_aligned_rows(std::ostream& out, const std::vector<ReportRow>& rows,
                        std::size_t min_width) {
  // Dots run to a common column so that PASS and FAIL line up, as in SMHasher.
  std::size_t width = min_width;
  for (const ReportRow& row : rows) width = std::max(width, row.name.size() + 4);
  for (const ReportRow& row : rows) {
    out << row.name << ' ' << std::string(width - row.name.size() - 1, '.') << ' '
        << to_string(row.verdict);
    if (!row.detail.empty()) out << "  " << row.detail;
    out << '\n' << row.below;
  }
}

void write_baseline_lines(std::ostream& out, const SuiteReport& report) {
  if (report.baseline.empty()) return;
  out << "baseline: " << report.baseline
      << " (a failure it lists is KNOWN and does not fail the run)\n";
  for (const std::string& fixed : report.fixed_since_baseline)
    out << "  fixed since the baseline: " << fixed << '\n';
}

void write_text_head(std::ostream& out, const ReportHeader& header) {
  const TargetSummary* third_party = header.third_party ? &*header.third_party : nullptr;
  out << header.program << (header.version.empty() ? "" : " " + header.version) << ' '
      << header.command << ": " << (third_party ? third_party->target + ", " : std::string())
      << "seed " << hex_key(header.seed) << ", " << header.cases << " cases per property"
      << (third_party && !third_party->where.empty() ? ", " + third_party->where : std::string())
      << '\n';
  if (header.move_routes_only)
    out << "move routes only: no position reached by moves is compared with a fresh set_position "
           "of it; rows that judge the FEN reader: "
        << (header.fen_reader_rows.empty() ? "none" : joined(header.fen_reader_rows, ", ")) << '\n';
  if (!third_party) return;
  const TargetSummary& t = *third_party;
  // A run stopped before the target's conventions were found has no line for them.
  if (!t.judged_rule.empty())
    out << "conventions: en passant " << t.en_passant_rule << ", halfmove clock "
        << (t.halfmove_dependent ? "dependent" : "independent") << "; judged under the "
        << t.judged_rule << " rule"
        << (t.expected_scheme.empty() ? std::string(", black box")
                                      : ", exact keys of " + t.expected_scheme)
        << '\n';
  for (const std::string& note : t.notes) out << "  " << note << '\n';
}

void write_text_report(std::ostream& out, const std::vector<PropertyResult>& results) {
  std::vector<ReportRow> rows;
  for (const PropertyResult& r : results)
    rows.push_back({row_name(r), verdict(r), detail(r), failure_blocks(r) + warning_lines(r)});
  write_aligned_rows(out, rows, 48);
  write_shared_features(out, results);
  write_causes(out, results);
  const Counts counts = count(results);
  out << "check: " << counts.passed << " passed, " << counts.failed << " failed, " << counts.skipped
      << " skipped";
  // Only when some row warned, so that a run without warnings prints the line it always did.
  if (counts.warned) out << ", " << counts.warned << " warned";
  if (counts.known) out << ", " << counts.known << " known";
  if (counts.interrupted) out << ", " << counts.interrupted << " interrupted";
  out << '\n';
}

void write_interrupted_line(std::ostream& out, const SuiteReport& report) {
  if (report.interrupted.empty()) return;
  const auto stopped = std::count_if(report.results.begin(), report.results.end(),
                                     [](const PropertyResult& r) { return r.interrupted; });
  out << "check: INTERRUPTED by " << report.interrupted;
  if (stopped)
    out << " before " << stopped << " of " << report.results.size() << " properties ended\n";
  else
    out << " once every property had ended\n";
}

void write_text_report(std::ostream& out, const SuiteReport& report) {
  if (report.header) write_text_head(out, *report.header);
  write_baseline_lines(out, report);
  write_text_report(out, report.results);
  write_interrupted_line(out, report);
}

namespace {

// One counterexample as a JSON object.
void write_json_counterexample(std::ostream& out, const Counterexample& c) {
  out << "{\"fen\": " << json_string(c.route.fen)
      << ", \"chess960\": " << (c.route.chess960 ? "true" : "false")
      << ", \"moves\": " << json_list(c.route.moves);
  out << ", \"ply\": " << c.ply << ", \"what\": " << json_string(c.what) << ", \"comparison\": \""
      << to_string(c.comparison) << '"';
  if (c.comparison == Comparison::SameKey)
    out << ", \"expected\": " << json_string(hex_key(c.expected))
        << ", \"actual\": " << json_string(hex_key(c.actual));
  if (!c.positions.empty()) {
    out << ", \"positions\": [";
    for (std::size_t p = 0; p < c.positions.size(); ++p) {
      const ComparedPosition& position = c.positions[p];
      out << (p ? ", " : "") << "{\"fen\": " << json_string(position.route.fen)
          << ", \"chess960\": " << (position.route.chess960 ? "true" : "false")
          << ", \"moves\": " << json_list(position.route.moves)
          << ", \"key\": " << json_string(hex_key(position.key)) << '}';
    }
    out << ']';
  }
  if (c.comparison == Comparison::DifferentKeys)
    out << ", \"difference\": " << json_string(c.difference);
  if (c.comparison == Comparison::TargetError || c.comparison == Comparison::TargetCrashed ||
      c.comparison == Comparison::TargetTimedOut || c.comparison == Comparison::TargetExited ||
      c.comparison == Comparison::TargetMemoryLimit)
    out << ", \"target_error\": " << json_string(c.target_error);
  if (!c.replay.empty()) out << ", \"replay\": " << json_string(c.replay);
  if (!c.shrinking.empty()) out << ", \"shrinking\": " << json_string(c.shrinking);
  out << ", \"features\": " << json_list(c.features)
      << ", \"reproduce\": " << json_string(c.reproduce);
  if (!c.cause.empty()) out << ", \"cause\": " << json_string(c.cause);
  if (!c.terms.empty()) out << ", \"terms\": " << json_string(c.terms);
  out << '}';
}

// The JSON object of write_json_report, with a third party's summary after "passed" when given.
void write_json(std::ostream& out, const std::vector<PropertyResult>& results,
                const TargetSummary* summary, const SuiteReport* report = nullptr) {
  const ReportHeader* header = report && report->header ? &*report->header : nullptr;
  // Known failures (a baseline's) do not fail the run.
  const bool interrupted = report && !report->interrupted.empty();
  const bool all_passed =
      !interrupted && std::all_of(results.begin(), results.end(),
                                  [](const PropertyResult& r) { return r.passed || r.known; });
  const Counts counts = count(results);
  out << "{\"passed\": " << (all_passed ? "true" : "false");
  if (interrupted) out << ", \"interrupted\": " << json_string(report->interrupted);
  if (summary) {
    out << ", \"target\": " << json_string(summary->target)
        << ", \"en_passant_rule\": " << json_string(summary->en_passant_rule)
        << ", \"halfmove_dependent\": " << (summary->halfmove_dependent ? "true" : "false")
        << ", \"judged_en_passant_rule\": " << json_string(summary->judged_rule)
        << ", \"notes\": " << json_list(summary->notes);
  }
  if (header && header->move_routes_only)
    out << ", \"move_routes_only\": true, \"fen_reader_rows\": "
        << json_list(header->fen_reader_rows);
  if (report && !report->baseline.empty())
    out << ", \"baseline\": {\"file\": " << json_string(report->baseline)
        << ", \"fixed\": " << json_list(report->fixed_since_baseline) << '}';
  out << ", \"counts\": {\"passed\": " << counts.passed << ", \"failed\": " << counts.failed
      << ", \"skipped\": " << counts.skipped << ", \"warned\": " << counts.warned;
  if (counts.known) out << ", \"known\": " << counts.known;
  if (counts.interrupted) out << ", \"interrupted\": " << counts.interrupted;
  out << "}, \"properties\": [";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const PropertyResult& r = results[i];
    out << (i ? ",\n  " : "\n  ") << "{\"name\": " << json_string(r.name)
        << ", \"target\": " << json_string(r.target) << ", \"status\": \"" << status(r) << '"'
        << ", \"passed\": " << (r.passed ? "true" : "false")
        << ", \"skipped\": " << (r.skipped ? "true" : "false") << ", \"cases\": " << r.cases
        << ", \"seconds\": " << seconds_text(r.seconds) << ", \"seed\": " << r.seed
        << ", \"note\": " << json_string(r.note)
        << ", \"warnings\": " << json_list(warned(r) ? r.warnings : std::vector<std::string>{});
    if (r.counterexample) {
      out << ", \"counterexample\": ";
      write_json_counterexample(out, *r.counterexample);
    }
    if (!r.further.empty()) {
      out << ", \"further\": [";
      for (std::size_t f = 0; f < r.further.size(); ++f) {
        out << (f ? ", " : "");
        write_json_counterexample(out, r.further[f]);
      }
      out << ']';
    }
    out << '}';
  }
  out << (results.empty() ? "]}\n" : "\n]}\n");
}

}  // namespace

void write_json_report(std::ostream& out, const std::vector<PropertyResult>& results) {
  write_json(out, results, nullptr);
}

void write_json_report(std::ostream& out, const SuiteReport& report) {
  write_json(out, report.results,
             report.header && report.header->third_party ? &*report.header->third_party : nullptr,
             &report);
}

TargetTally total_tally(const std::vector<PropertyResult>& results) {
  TargetTally total;
  for (const PropertyResult& r : results) {
    total.fens_given += r.tally.fens_given;
    total.fens_refused += r.tally.fens_refused;
    total.moves_given += r.tally.moves_given;
    total.moves_refused += r.tally.moves_refused;
    total.fens_withheld += r.tally.fens_withheld;
    for (const std::string& e : r.tally.withheld_examples)
      if (total.withheld_examples.size() < 5) total.withheld_examples.push_back(e);
    for (const std::string& e : r.tally.examples)
      if (total.examples.size() < 5) total.examples.push_back(e);
  }
  return total;
}

std::string withheld_note(const TargetTally& tally) {
  std::string note = "withheld " + std::to_string(tally.fens_withheld) + " position" +
                     (tally.fens_withheld == 1 ? "" : "s") + " that no legal game reaches";
  if (!tally.withheld_examples.empty()) note += " (first: " + tally.withheld_examples.front() + ")";
  return note;
}

std::string refusal_note(const TargetTally& tally) {
  return "refused " + std::to_string(tally.fens_refused) + " of " +
         std::to_string(tally.fens_given) + " FENs and " + std::to_string(tally.moves_refused) +
         " of " + std::to_string(tally.moves_given) + " moves" +
         (tally.examples.empty() ? "" : ", first: " + tally.examples.front());
}

std::optional<PropertyResult> refusal_failure(const std::string& target, const TargetTally& t,
                                              double limit) {
  auto share = [](std::uint64_t part, std::uint64_t whole) {
    return whole ? double(part) / double(whole) : 0.0;
  };
  if (share(t.fens_refused, t.fens_given) <= limit &&
      share(t.moves_refused, t.moves_given) <= limit)
    return std::nullopt;
  char text[200];
  std::snprintf(text, sizeof text,
                "the target refused %llu of %llu FENs (%.1f%%) and %llu of %llu moves (%.1f%%), "
                "more than %.0f%%: a target that tests nothing must not pass",
                static_cast<unsigned long long>(t.fens_refused),
                static_cast<unsigned long long>(t.fens_given),
                100 * share(t.fens_refused, t.fens_given),
                static_cast<unsigned long long>(t.moves_refused),
                static_cast<unsigned long long>(t.moves_given),
                100 * share(t.moves_refused, t.moves_given), 100 * limit);
  PropertyResult result;
  result.name = "refusals";
  result.target = target;
  result.note = text;
  for (const std::string& e : t.examples) result.note += "; refused: " + e;
  return result;
}

}  // namespace zobrist_verify::properties
