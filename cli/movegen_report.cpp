#include "movegen_report.h"

#include <cstdio>

#include "version.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/command_words.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::cli {

namespace {

// `route`'s words after a command's: --fen FEN, --moves m1 m2 (when it has moves), --depth D.
std::vector<std::string> route_words(std::vector<std::string> words, const Route& route,
                                     int depth) {
  words.insert(words.end(), {"--fen", route.fen});
  if (!route.moves.empty()) {
    words.push_back("--moves");
    words.insert(words.end(), route.moves.begin(), route.moves.end());
  }
  words.insert(words.end(), {"--depth", std::to_string(depth)});
  return words;
}

}  // namespace

std::string ask_again_command(const MovegenRerun& rerun, const Route& route, int depth) {
  return join_command_words(route_words(rerun.movegen_words, route, depth));
}

namespace {

std::string described(const Route& route) {
  std::string text = "fen '" + route.fen + "'" + (route.chess960 ? " (Chess960)" : "");
  if (!route.moves.empty()) text += " moves " + moves_text(route.moves);
  return text;
}

std::string listed(const std::vector<std::string>& moves) {
  return moves.empty() ? "(none)" : moves_text(moves);
}

// The perft command that shows the reference's side of a divergence.
std::string reference_command(const MovegenRerun& rerun, const Route& route, int depth) {
  std::vector<std::string> words = route_words({rerun.program, "perft"}, route, depth);
  words.push_back("--divide");
  if (route.chess960) words.push_back("--chess960");
  if (rerun.allow_unreachable) words.push_back("--allow-unreachable");
  return join_command_words(words);
}

// Each count its own: a position whose en-passant capture a pin forbids is not among those with a
// legal one, so it is not printed as a part of them.
std::string mix_text(const properties::MovegenMix& mix) {
  return "en passant " + std::to_string(mix.en_passant) + ", en passant barred by a pin " +
         std::to_string(mix.en_passant_pinned) + ", castling " + std::to_string(mix.castling) +
         ", promotion " + std::to_string(mix.promotion) + ", in check " +
         std::to_string(mix.check) + ", Chess960 " + std::to_string(mix.chess960) +
         ", no legal move " + std::to_string(mix.no_moves);
}

// "3 of 63 positions given (4.8%, more than 5% fails)".
std::string refusal_share(const properties::MovegenResult& r) {
  char share[64];
  std::snprintf(share, sizeof share, "%.1f%%, more than %.0f%% fails",
                r.given ? 100.0 * r.refused / r.given : 0.0, 100 * properties::RefusalLimit);
  return std::to_string(r.refused) + " of " + std::to_string(r.given) + " positions given (" +
         share + ")";
}

// The share on one line, then the first few refusals, each quoting the target.
std::string refusals_text(const properties::MovegenResult& r) {
  std::string text = refusal_share(r) + "\n";
  // A refusal quotes what was sent, lines and all (xboard's setboard, then usermoves): one line.
  for (const std::string& example : r.refusal_examples)
    text += "  refused: " + visible_text(example) + "\n";
  return text;
}

// The findings as text, shared by the text report and the JUnit failure.
std::string findings_text(const properties::MovegenResult& r, const MovegenRerun& rerun) {
  std::string text;
  if (r.too_many_refused())
    text +=
        "too many refused: " + refusal_share(r) + ": a target that tests nothing must not pass\n";
  for (std::size_t i = 0; i < r.first_divergences.size(); ++i) {
    const properties::MovegenDivergence& d = r.first_divergences[i];
    const DivideDifference& diff = d.difference;
    text += "divergence " + std::to_string(i + 1) +
            (d.shrunk ? " (shrunk): " : " (as found, not shrunk): ") + described(d.route) + "\n";
    if (!r.totals_only) {
      text += "  missing:  " + listed(diff.missing) + "\n";
      text += "  extra:    " + listed(diff.extra) + "\n";
    }
    if (!diff.duplicated.empty()) text += "  listed twice: " + listed(diff.duplicated) + "\n";
    for (const CountDifference& c : diff.counts)
      text += "  count:    " + c.move + " " + std::to_string(c.actual) + ", expected " +
              std::to_string(c.expected) + "\n";
    text += "  nodes:    " + std::to_string(diff.actual_nodes) + ", expected " +
            std::to_string(diff.expected_nodes) + "\n";
    if (d.descent) {
      Route deepest = d.route;
      deepest.moves.insert(deepest.moves.end(), d.descent->moves.begin(), d.descent->moves.end());
      text += "  descent:  " + describe(*d.descent) + "\n";
      if (!d.descent->moves.empty()) text += "  deepest:  " + described(deepest) + "\n";
      text += "  reference: " + reference_command(rerun, deepest, d.descent->depth) + "\n";
    } else {
      text += "  reference: " + reference_command(rerun, d.route, r.depth) + "\n";
    }
    text += "  again:     " + ask_again_command(rerun, d.route, r.depth) + "\n";
  }
  if (r.fault) {
    text += "fault at " + described(r.fault->route) + ": " + r.fault->message + "\n";
    if (!r.fault->route.fen.empty())
      text += "  again:     " + ask_again_command(rerun, r.fault->route, r.depth) + "\n";
  }
  return text;
}

}  // namespace

void print_movegen_text(std::ostream& out, const properties::MovegenResult& r,
                        const MovegenRerun& rerun) {
  const double rate = r.seconds > 0 ? r.positions / r.seconds : 0.0;
  out << "zobrist-verify " << Version << " movegen: " << r.target << ", seed " << hex_key(r.seed)
      << ", depth " << r.depth << (r.totals_only ? ", by totals (the engine prints no divide)" : "")
      << '\n'
      << "positions .... " << r.positions << " compared in " << std::fixed;
  out.precision(1);
  out << r.seconds << " s (" << std::int64_t(rate) << "/s)\n"
      << "mix .......... " << mix_text(r.mix) << '\n';
  if (r.withheld)
    out << "withheld ..... " << r.withheld
        << " positions that no legal game reaches, not sent (first: " << r.first_withheld << ")\n";
  if (r.refused) out << "refused ...... " << refusals_text(r);
  if (r.pipeline_disagreements)
    out << "in flight .... " << r.pipeline_disagreements
        << " answers with other requests in flight differed from the same question asked alone"
        << " (the one alone counted; every later position asked alone); first: "
        << r.first_pipeline_disagreement << '\n';
  if (r.engine_faults) {
    out << "engine faults  " << r.engine_faults << (r.engine_faults == 1 ? " fault" : " faults")
        << " of the engine as a program that a fresh engine asked the same alone did not repeat"
        << " (its answer alone counted):\n";
    for (const std::string& example : r.engine_fault_examples) out << "  " << example << '\n';
  }
  out << "divergences .. " << r.divergences << '\n' << findings_text(r, rerun) << "movegen: ";
  if (!r.interrupted.empty())
    out << "INTERRUPTED by " << r.interrupted
        << ": the positions compared until then, divergences as found (not shrunk)\n";
  else
    out << (r.passed() ? "PASS" : "FAIL") << '\n';
}

namespace {

std::string json_route(const Route& route) {
  return "\"fen\": " + properties::json_string(route.fen) +
         ", \"chess960\": " + (route.chess960 ? "true" : "false") +
         ", \"moves\": " + properties::json_list(route.moves);
}

// One divergence as JSON, with the command that asks its route again ("ask_again").
void print_json_divergence(std::ostream& out, const properties::MovegenDivergence& d, int depth,
                           const MovegenRerun& rerun) {
  out << "{" << json_route(d.route) << ", \"shrunk\": " << (d.shrunk ? "true" : "false")
      << ", \"missing\": " << properties::json_list(d.difference.missing)
      << ", \"extra\": " << properties::json_list(d.difference.extra)
      << ", \"duplicated\": " << properties::json_list(d.difference.duplicated)
      << ", \"counts\": [";
  for (std::size_t j = 0; j < d.difference.counts.size(); ++j) {
    const CountDifference& c = d.difference.counts[j];
    out << (j ? ", " : "") << "{\"move\": " << properties::json_string(c.move)
        << ", \"expected\": " << c.expected << ", \"actual\": " << c.actual << "}";
  }
  out << "], \"nodes\": " << d.difference.actual_nodes
      << ", \"expected_nodes\": " << d.difference.expected_nodes << ", \"descent\": ";
  if (d.descent)
    out << "{\"moves\": " << properties::json_list(d.descent->moves)
        << ", \"depth\": " << d.descent->depth << ", \"nodes\": " << d.descent->actual
        << ", \"expected_nodes\": " << d.descent->expected
        << ", \"children_agree\": " << (d.descent->children_agree ? "true" : "false")
        << ", \"stopped\": " << properties::json_string(d.descent->stopped) << "}";
  else
    out << "null";
  out << ", \"ask_again\": " << properties::json_string(ask_again_command(rerun, d.route, depth))
      << "}";
}

}  // namespace

void print_movegen_json(std::ostream& out, const properties::MovegenResult& r,
                        const MovegenRerun& rerun) {
  const properties::MovegenMix& m = r.mix;
  out << "{\"target\": " << properties::json_string(r.target)
      << ", \"passed\": " << (r.passed() ? "true" : "false") << ", \"given\": " << r.given
      << ", \"positions\": " << r.positions << ", \"refused\": " << r.refused
      << ", \"refusal_limit\": " << properties::RefusalLimit
      << ", \"refusal_examples\": " << properties::json_list(r.refusal_examples)
      << ", \"divergences\": " << r.divergences << ", \"withheld\": " << r.withheld
      << ", \"pipeline_disagreements\": " << r.pipeline_disagreements
      << ", \"first_pipeline_disagreement\": "
      << (r.pipeline_disagreements ? properties::json_string(r.first_pipeline_disagreement)
                                   : std::string("null"))
      << ", \"engine_faults\": " << r.engine_faults
      << ", \"engine_fault_examples\": " << properties::json_list(r.engine_fault_examples)
      << ", \"seed\": " << properties::json_string(hex_key(r.seed)) << ", \"depth\": " << r.depth
      << ", \"totals_only\": " << (r.totals_only ? "true" : "false")
      << ", \"seconds\": " << r.seconds << ", \"mix\": {\"en_passant\": " << m.en_passant
      << ", \"en_passant_pinned\": " << m.en_passant_pinned << ", \"castling\": " << m.castling
      << ", \"promotion\": " << m.promotion << ", \"check\": " << m.check
      << ", \"chess960\": " << m.chess960 << ", \"no_moves\": " << m.no_moves
      << "}, \"first_divergences\": [";
  for (std::size_t i = 0; i < r.first_divergences.size(); ++i) {
    out << (i ? ", " : "");
    print_json_divergence(out, r.first_divergences[i], r.depth, rerun);
  }
  out << "], \"fault\": ";
  if (r.fault)
    out << "{" << json_route(r.fault->route)
        << ", \"message\": " << properties::json_string(r.fault->message) << ", \"ask_again\": "
        << (r.fault->route.fen.empty()
                ? std::string("null")
                : properties::json_string(ask_again_command(rerun, r.fault->route, r.depth)))
        << "}";
  else
    out << "null";
  if (!r.interrupted.empty())
    out << ", \"interrupted\": " << properties::json_string(r.interrupted);
  out << "}\n";
}

Expected<Done> write_movegen_junit(OutputFile& junit, const properties::MovegenResult& r,
                                   const MovegenRerun& rerun) {
  properties::PropertyResult row;
  row.name = "movegen";
  row.target = r.target;
  row.passed = r.passed();
  row.cases = r.positions;
  row.seconds = r.seconds;
  row.seed = r.seed;
  row.note = r.passed()
                 ? std::to_string(r.positions) + " positions agree"
                 : std::to_string(r.divergences) + " divergences in " +
                       std::to_string(r.positions) + " positions\n" + findings_text(r, rerun);
  if (!r.interrupted.empty())
    row.note = "interrupted by " + r.interrupted + " after " + std::to_string(r.positions) +
               " positions, with " + std::to_string(r.divergences) + " divergences until then\n" +
               findings_text(r, rerun);
  if (r.refused) row.note += "\nrefused " + refusals_text(r);
  if (r.engine_faults) {
    row.note += "\nengine faults: " + std::to_string(r.engine_faults);
    for (const std::string& example : r.engine_fault_examples) row.note += "\n  " + example;
  }
  properties::write_junit_report(junit.stream(), {row}, "zobrist-verify movegen");
  return junit.finish();
}

}  // namespace zobrist_verify::cli
