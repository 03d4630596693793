// `zobrist-verify movegen`: fuzzes a UCI or xboard engine's move generator (its `go perft D`
// divide) or a plugin's (its legal_moves) against the reference, and reports every divergence
// shrunk.
#include <array>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "args.h"
#include "commands.h"
#include "door_table.h"
#include "doors.h"
#include "help_text.h"
#include "inputs.h"
#include "progress_line.h"
#include "suite_options.h"
#include "version.h"
#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/doors/command_words.h"
#include "zobrist_verify/doors/engine_perft.h"
#include "zobrist_verify/doors/plugin_perft.h"
#include "zobrist_verify/movegen_fuzz.h"
#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::cli {

namespace {

constexpr const char* MovegenUsage =
    R"(usage: zobrist-verify movegen (--engine "CMD ARGS" | --plugin PATH) [--positions N]
                               [--depth D] [--seed S] [--chess960] [--timeout MS]
                               [--protocol uci|xboard]
                               [--perft-command TEMPLATE] [--perft-total-pattern REGEX]
                               [--perft-end-pattern REGEX] [--in-flight N] [--no-isolation]
                               [--memory-limit SIZE] [--xfen] [--allow-unreachable] [--jobs N]
                               [--json] [--junit FILE]

Fuzzes a move generator against the reference. Positions come from the property suite's
generators: the compiled-in corpus (the tricky perft positions among them) first, then random
games weighted toward en passant (pinned too), castling, promotions and checks, each position sent
as a FEN and the last few moves to it. At each one the engine's `go perft D` divide ("move:
count" lines up to "Nodes searched:") or the plugin's legal_moves (deeper: its own moves, played)
is compared with the reference's. A divergence (moves missing, extra, listed twice, or counted
differently) is shrunk to the shortest route (a FEN and moves from it) that still shows one.
An engine with another perft command is asked with --perft-command; one that prints a total
only (--perft-total-pattern) is compared by totals, and a divergence is located by descent: for
each legal move, the engine's total at depth D-1 after it against the reference's, recursively,
down to the deepest position whose total differs, reported with the difference. A move is named
only where a child's total shows it: an extra (say, illegal) move of the engine, or one it is
missing, cannot be named from totals, and some engines stop reading `moves` at a move they do
not know (a divide names it). An engine that answers the perft command with a search ("info
depth ..." or "bestmove" lines: Toga II, GNU Chess) cannot be used (exit 2).
--protocol xboard speaks CECP version 2 as `check` does (an engine without ping=1 or setboard=1
cannot be used): "new", "force" and the variant once, then each position as "setboard FEN" and
its moves. xboard has no standard perft command, so --perft-command is required; without
--perft-end-pattern a "ping N" follows the perft command and the reply ends at "pong N" (an
engine that runs perft before reading its next line, as Sjaak II does). --chess960 needs an
engine that announces the fischerandom variant (exit 2 otherwise); CECP's error lines (Error,
Illegal move, illegal position) are refusals.
A position no legal game reaches (an impossible check, an en-passant square whose double push
could not have been played, castling rights no start allows, too much material) is withheld and
counted, never sent, unless --allow-unreachable (alias --allow-impossible-checks) is given.
The positions come in blocks (eight corpus positions, or one generated game), each the same
whatever runs it: with --jobs N, N engines (or N plugin workers) take blocks as they go, and the
blocks are put back together in order, so that the report is the one a single engine gives (the
lowest fault wins), timings aside. An engine whose answers depend on what it was asked before (a
crash after 300 positions) may fail elsewhere under another N. The first divergences are then
shrunk one after the other, by the engine this process started (a plugin: in a worker of its own).
A position the target refuses (a plugin's set_position fails; an engine answers with a line
whose first word, or the first after "info string", is error, illegal or invalid) is counted,
its message quoted, and the run goes on; as in `check`, more than 5% refused fails.

Exits 0 when every position agrees, 1 on a divergence, more than 5% of the positions given
refused, or a fault on a position (a crash, a hang past --timeout, output that is not a divide:
the run stops there), 2 on a usage error or a target that cannot be used at all (does not
start, fails the handshake, cannot answer perft on the start position, has no legal_moves).

options:
  --engine "CMD ARGS"  the engine's command line, split into words as a shell would (quotes
                       respected) and run directly, without a shell
  --plugin PATH        a plugin (lib/include/zobrist_verify/doors/plugin.h) with legal_moves; it runs
                       in a forked worker, so that a crash or a hang is a fault on a position
  --positions N        positions given to the target, compared or refused (default: 1000)
  --depth D            perft depth, 1 to 4 (default: 1: the move sets themselves)
  --seed S             generator seed, decimal or hex with 0x (default: a fixed seed)
  --chess960           also Chess960 games; an engine gets UCI_Chess960 (xboard: "variant
                       fischerandom") and every castling move is then written king-takes-rook
                       (e1h1)
  --protocol P         with --engine: uci (the default) or xboard (CECP version 2; needs
                       --perft-command)
  --xfen               with --plugin: send Chess960 castling rights as X-FEN letters
  --timeout MS         the longest one position's divide may take (default: 10000); with
                       --engine the handshake and first isready (or ping) get max(10000, 5 x MS)
  --perft-command TEMPLATE
                       with --engine: the perft command, {depth} standing for the depth
                       (default: "go perft {depth}"; Ethereal 12 and Sjaak II: "perft {depth}")
  --perft-total-pattern REGEX
                       with --engine: the engine prints a total only, on the line this pattern
                       matches, in its one capture group; {depth} in it stands for the depth,
                       for an engine that prints one total per depth (Ethereal 12: '^([0-9]+)$';
                       Sjaak II: '^ *{depth} +([0-9]+) '). Patterns are RE2 syntax (no
                       look-around, no back-references; at most 4096 bytes, groups nested at
                       most 1000 deep; a line over 1024 bytes matches none), checked at every
                       depth from 1 to --depth before the engine starts
  --in-flight N        with --engine: perft requests sent before the replies to the earlier ones
                       are read, 1 to 1024 (default: 32; 1: one round trip per position). Any
                       answer that is not a complete reply agreeing with the reference is asked
                       again alone, on a fresh engine when the pipeline was broken off, and that
                       answer counts; xboard without --perft-end-pattern is asked one at a time
  --perft-end-pattern REGEX
                       with --engine: a line matching it ends a reply ({depth} as above); default:
                       a divide's "Nodes searched:" line, or the total's own line (xboard: the
                       "pong N" of a "ping N" sent after the perft command). isready cannot
                       fence engines that run perft on a search thread (Stockfish)
  --no-isolation       with --plugin: run it in this process (for gdb or a sanitizer; a crash
                       then ends the run, and a hang is not timed)
  --memory-limit SIZE  with --plugin: the most resident memory its worker may hold (4G, 512M,
                       65536K or bytes; 0: none; default: half of this machine's memory)
  --allow-unreachable  also send positions no legal game reaches
{jobs}
  --json               print {"target", "passed", "given", "positions" (compared), "refused",
                       "refusal_limit", "refusal_examples", "divergences", "withheld",
                       "pipeline_disagreements" (answers in flight that the same question
                       asked alone did not repeat), "first_pipeline_disagreement" (null or
                       its text), "seed", "depth", "totals_only", "seconds", "mix",
                       "first_divergences": [{"fen", "chess960", "moves", "shrunk" (false: as
                       found, the target faulted or stopped diverging first), "missing", "extra",
                       "duplicated", "counts", "nodes", "expected_nodes", "descent" (totals
                       only: null or {"moves", "depth", "nodes", "expected_nodes",
                       "children_agree", "stopped"})}],
                       "fault": null or {"fen", "chess960", "moves", "message"}}
  --junit FILE         also write the result as JUnit XML to FILE
  --help               print this help
)";

// The usage with the --jobs entry put in.
std::string movegen_usage() {
  std::string usage = MovegenUsage;
  usage.replace(usage.find("{jobs}\n"), 7,
                help_entry("  --jobs N", 23,
                           "compare the positions in N workers at once, a block at a time, each "
                           "with an engine of its own (--engine) or a plugin worker of its own "
                           "(default: 1); the report is the same for every N, timings aside",
                           96));
  return usage;
}

// movegen's own options; the doors' (door_table.h) are added by movegen_options().
constexpr OptionSpec MovegenOwnOptions[] = {
    {"--allow-unreachable", OptionKind::Flag},
    {"--allow-impossible-checks", OptionKind::Flag},
    {"--positions", OptionKind::Value},
    {"--depth", OptionKind::Value},
    {"--seed", OptionKind::Value},
    {"--chess960", OptionKind::Flag},
    {"--timeout", OptionKind::Value},
    {"--json", OptionKind::Flag},
    {"--junit", OptionKind::Value},
    {"--jobs", OptionKind::Value},
};

const std::vector<OptionSpec>& movegen_options() {
  static const std::vector<OptionSpec> options =
      with_door_options(MovegenOwnOptions, DoorUse::Movegen);
  return options;
}

// Checked in this order; the first broken rule is the error.
const std::vector<OptionRule>& movegen_rules() {
  static const std::string needs_message = "movegen needs one of " + door_choices();
  static const std::vector<OptionRule> rules = [] {
    std::vector<OptionRule> all{needs_any(door_options(), needs_message)};
    for (const OptionRule& rule : door_rules(DoorUse::Movegen)) all.push_back(rule);
    return all;
  }();
  return rules;
}

constexpr int MaxDepth = 4;
constexpr int DefaultTimeoutMs = 10'000;

std::string described(const Route& route) {
  std::string text = "fen '" + route.fen + "'" + (route.chess960 ? " (Chess960)" : "");
  if (!route.moves.empty()) text += " moves " + moves_text(route.moves);
  return text;
}

std::string listed(const std::vector<std::string>& moves) {
  return moves.empty() ? "(none)" : moves_text(moves);
}

// The perft command that shows the reference's side of a divergence.
std::string replay_command(const Route& route, int depth) {
  std::string command = "zobrist-verify perft --fen " + join_command_words({route.fen});
  if (!route.moves.empty()) command += " --moves " + moves_text(route.moves);
  return command + " --depth " + std::to_string(depth) + " --divide" +
         (route.chess960 ? " --chess960" : "");
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
  for (const std::string& example : r.refusal_examples) text += "  refused: " + example + "\n";
  return text;
}

// The findings as text, shared by the text report and the JUnit failure.
std::string findings_text(const properties::MovegenResult& r) {
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
      text += "  reference: " + replay_command(deepest, d.descent->depth) + "\n";
    } else {
      text += "  reference: " + replay_command(d.route, r.depth) + "\n";
    }
  }
  if (r.fault) text += "fault at " + described(r.fault->route) + ": " + r.fault->message + "\n";
  return text;
}

void print_text(std::ostream& out, const properties::MovegenResult& r) {
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
  out << "divergences .. " << r.divergences << '\n'
      << findings_text(r) << "movegen: " << (r.passed() ? "PASS" : "FAIL") << '\n';
}

std::string json_route(const Route& route) {
  return "\"fen\": " + properties::json_string(route.fen) +
         ", \"chess960\": " + (route.chess960 ? "true" : "false") +
         ", \"moves\": " + properties::json_list(route.moves);
}

void print_json(std::ostream& out, const properties::MovegenResult& r) {
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
      << ", \"seed\": " << properties::json_string(hex_key(r.seed)) << ", \"depth\": " << r.depth
      << ", \"totals_only\": " << (r.totals_only ? "true" : "false")
      << ", \"seconds\": " << r.seconds << ", \"mix\": {\"en_passant\": " << m.en_passant
      << ", \"en_passant_pinned\": " << m.en_passant_pinned << ", \"castling\": " << m.castling
      << ", \"promotion\": " << m.promotion << ", \"check\": " << m.check
      << ", \"chess960\": " << m.chess960 << ", \"no_moves\": " << m.no_moves
      << "}, \"first_divergences\": [";
  for (std::size_t i = 0; i < r.first_divergences.size(); ++i) {
    const properties::MovegenDivergence& d = r.first_divergences[i];
    out << (i ? ", " : "") << "{" << json_route(d.route)
        << ", \"shrunk\": " << (d.shrunk ? "true" : "false")
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
          << ", \"stopped\": " << properties::json_string(d.descent->stopped) << "}}";
    else
      out << "null}";
  }
  out << "], \"fault\": ";
  if (r.fault)
    out << "{" << json_route(r.fault->route)
        << ", \"message\": " << properties::json_string(r.fault->message) << "}";
  else
    out << "null";
  out << "}\n";
}

Expected<Done> write_junit(OutputFile& junit, const properties::MovegenResult& r) {
  properties::PropertyResult row;
  row.name = "movegen";
  row.target = r.target;
  row.passed = r.passed();
  row.cases = r.positions;
  row.seconds = r.seconds;
  row.seed = r.seed;
  row.note = r.passed() ? std::to_string(r.positions) + " positions agree"
                        : std::to_string(r.divergences) + " divergences in " +
                              std::to_string(r.positions) + " positions\n" + findings_text(r);
  if (r.refused) row.note += "\nrefused " + refusals_text(r);
  properties::write_junit_report(junit.stream(), {row});
  return junit.finish();
}

}  // namespace

int run_movegen(std::span<const std::string> words) {
  auto args = parse_args(words, movegen_options());
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << movegen_usage();
    return ExitSuccess;
  }
  if (auto obeyed = check_option_rules(*args, movegen_options(), movegen_rules()); !obeyed)
    return report_usage_error(obeyed.error());

  properties::MovegenOptions options;
  if (auto text = args->value("--positions")) {
    auto n = parse_int_in_range(*text, "--positions", 1, 100'000'000);
    if (!n) return report_usage_error(n.error());
    options.positions = *n;
  }
  if (auto text = args->value("--depth")) {
    auto depth = parse_int_in_range(*text, "--depth", 1, MaxDepth);
    if (!depth) return report_usage_error(depth.error());
    options.depth = *depth;
  }
  if (auto text = args->value("--seed")) {
    auto seed = parse_count(*text, "--seed", true);
    if (!seed) return report_usage_error(seed.error());
    options.seed = *seed;
  }
  int timeout_ms = DefaultTimeoutMs;
  if (auto text = args->value("--timeout")) {
    auto ms = parse_int_in_range(*text, "--timeout", 1, 3'600'000);
    if (!ms) return report_usage_error(ms.error());
    timeout_ms = *ms;
  }
  auto jobs = jobs_option(*args, /*engine_or_plugin=*/true);
  if (!jobs) return report_usage_error(jobs.error());
  options.jobs = *jobs;
  if (options.jobs > 1 && args->has("--no-isolation"))
    return report_usage_error("--jobs " + std::to_string(options.jobs) +
                              " runs the plugin in workers, and --no-isolation runs it in this "
                              "process; leave --jobs out (or give 1)");
  options.chess960 = args->has("--chess960");
  options.allow_unreachable = allows_unreachable(*args);
  auto junit = open_output_option(*args, "--junit", "the JUnit report");
  if (!junit) return report_usage_error(junit.error());

  const ChosenDoor chosen = *chosen_door(*args);  // the rules ask for one
  const bool isolate = !args->has("--no-isolation");
  auto target = chosen.row->open_movegen(chosen.value, *args,
                                         MovegenOpening{.chess960 = options.chess960,
                                                        .isolate = isolate,
                                                        .timeout_ms = timeout_ms,
                                                        .deepest = options.depth});
  if (!target) return report_usage_error(target.error());

  properties::MovegenResult result;
  {
    ProgressLine progress;
    options.progress = [&](int done, int total) {
      if (progress.due())
        progress.show("movegen: " + std::to_string(done) + " / " + std::to_string(total) +
                      " positions");
    };
    if (target->runs_here && isolate)
      result = properties::run_movegen_isolated(target->door, options,
                                                std::chrono::milliseconds(timeout_ms));
    else
      result = properties::run_movegen(target->door, options);
  }
  if (target->close) target->close();

  if (args->has("--json"))
    print_json(std::cout, result);
  else
    print_text(std::cout, result);
  if (*junit) {
    if (auto written = write_junit(**junit, result); !written)
      return report_usage_error(written.error());
  }
  // A fault of the run itself (a worker's engine that would not start) is told after the
  // report and makes the run an error, not a verdict on the move generator.
  const std::vector<std::string> faults = properties::take_run_faults();
  for (const std::string& fault : faults) (void)report_usage_error(fault);
  if (!faults.empty()) return ExitUsage;
  return result.passed() ? ExitSuccess : ExitCheckFailed;
}

}  // namespace zobrist_verify::cli
