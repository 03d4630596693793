// `zobrist-verify movegen`: fuzzes a UCI or xboard engine's move generator (its `go perft D`
// divide) or a plugin's (its legal_moves) against the reference, and reports every divergence
// shrunk.
#include <algorithm>
#include <chrono>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>

#include "args.h"
#include "command_help.h"
#include "door_table.h"
#include "doors.h"
#include "inputs.h"
#include "interrupt_report.h"
#include "movegen_report.h"
#include "plugin_stdout.h"
#include "progress_line.h"
#include "suite_options.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/position_gate.h"
#include "zobrist_verify/movegen_fuzz.h"
#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::cli {

namespace {

// movegen's options: the parser's and the help's. The rerun command under a divergence keeps the
// options it keeps in this order (movegen_rerun), the doors' last.
constexpr std::string_view MovegenUsage[] = {
    "movegen {door} [--positions] [--depth] [--seed] [--allow-unreachable] [--chess960] "
    "[--timeout] [--jobs] [--progress] [--progress-every] [--json] [--junit]",
    "movegen {any-door} --fen [--moves] [--depth] [door options as above]",
};
constexpr OptionRef MovegenOptionList[] = {
    DoorOptionsHere,
    option("--positions"),
    option("--depth"),
    option("--fen"),
    option("--moves"),
    option("--seed"),
    option("--allow-unreachable"),
    option("--chess960"),
    option("--timeout"),
    option("--jobs"),
    option("--progress"),
    option("--progress-every"),
    option("--json"),
    option("--junit"),
};
constexpr CommandOptions MovegenCommand{MovegenUsage, MovegenOptionList, DoorUse::Movegen, true};

constexpr const char* MovegenProse =
    R"(Fuzzes a move generator against the reference. Positions come from the property suite's
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
--protocol xboard speaks CECP version 2 as `check` does (an engine without ping=1 or setboard=1,
or without normal chess among its variants, cannot be used): each position as GUIs send it,
"new", the variant, "force", "setboard FEN" and its moves (--no-new: the game set once). xboard
has no standard perft command, so --perft-command is required; without --perft-end-pattern a
"ping N" follows the perft command and the reply ends at "pong N" (an engine that runs perft
before reading its next line, as Sjaak II does). --chess960 needs an engine that announces the
fischerandom variant (exit 2 otherwise); CECP's error lines (Error, Illegal move, illegal
position) are refusals. A divide in another form (PyChess's long algebraic, SAN) is read through
--perft-divide-pattern.
A position no legal game reaches (an impossible check, an en-passant square whose double push
could not have been played, castling rights no start allows, too much material) is withheld and
counted, never sent, unless --allow-unreachable is given.
The positions come in blocks (eight corpus positions, or one generated game), each the same
whatever runs it: with --jobs N, N engines (or N plugin workers) take blocks as they go, and the
blocks are put back together in order, so that the report is the one a single engine gives (the
lowest fault wins), timings aside. The first divergences are then shrunk one after the other, by
the engine this process started (a plugin: in a worker of its own).
An engine's fault (a crash, a hang, a reply that is not a divide) or divergence is asked again
alone on a fresh engine, given 5 x --timeout, before it is believed: what recurs is the
position's (a divergence, or a fault on the position: the run stops there). What does not recur
is a fault of the engine as a program, counted under "engine faults" with what it had been sent
since it started (a crash after 300 positions) or the lines it printed out of step (a divide
that came after its answer to the fence), and the run goes on with the fresh engine; an engine
whose faults do not recur, each within 50 positions of its last start, 3 times in a row, cannot
be used (exit 2). A shrunk route is kept only if it diverges again on a fresh engine. Over xboard
an answer on a fresh engine is followed by one more ping: a line before its pong means the
engine's perft lines come after its answer to ping, a fault saying so.
A position the target refuses (a plugin's set_position fails; an engine answers with a line
whose first word, or the first after "info string", is error, illegal or invalid) is counted,
its message quoted, and the run goes on; as in `check`, more than 5% refused fails.

With --fen (and --moves) it asks that one position instead: the FEN is sent as written and the
moves in the door's notation, and the report is the same. Under every divergence and fault the
report prints, after "again:", the command that asks that one position alone, as it was sent
(its FEN and moves), with this run's door and options: it runs as it stands, pasted into a shell.

Stopped by SIGINT or SIGTERM (Ctrl-C, `timeout`), it prints the report of the positions compared
until then, its divergences as found (not shrunk), marked INTERRUPTED (JSON: "interrupted"), writes
--junit's report too, and ends by the signal; a second signal (a second or more after the first:
`timeout` delivers one stop twice) ends it at once.

Exits 0 when every position agrees, 1 on a divergence, more than 5% of the positions given
refused, an engine fault, or a fault on a position (a crash, a hang past --timeout, output that
is not a divide: the run stops there), 2 on a usage error or a target that cannot be used at all
(does not start or start again, fails the handshake, cannot answer perft on the start position,
has no legal_moves, faults again soon after every start).
)";

constexpr const char* MovegenTail = R"(
json:
  {"target", "passed", "given", "positions" (compared), "refused", "refusal_limit",
  "refusal_examples", "divergences", "withheld", "pipeline_disagreements" (answers in flight that
  the same question asked alone did not repeat), "first_pipeline_disagreement" (null or its
  text), "engine_faults" (faults a fresh engine did not repeat), "engine_fault_examples" (the
  first few, described), "seed", "depth", "totals_only", "seconds", "mix",
  "first_divergences": [{"fen", "chess960", "moves", "shrunk" (false: as found, the target
  faulted or stopped diverging first), "missing", "extra", "duplicated", "counts", "nodes",
  "expected_nodes", "descent" (totals only: null or {"moves", "depth", "nodes",
  "expected_nodes", "children_agree", "stopped"})}], "fault": null or {"fen", "chess960",
  "moves", "message"}, "interrupted" (only in a run stopped by a signal: "SIGINT" or
  "SIGTERM")}
)";

const std::vector<OptionSpec>& movegen_options() {
  static const std::vector<OptionSpec> options = option_specs(MovegenCommand);
  return options;
}

// Checked in this order; the first broken rule is the error.
const std::vector<OptionRule>& movegen_rules() {
  static const std::string needs_message = "movegen needs one of " + door_choices();
  static const std::vector<OptionRule> rules = [] {
    std::vector<OptionRule> all{needs_any(door_options(), needs_message)};
    for (const OptionRule& rule : door_rules(DoorUse::Movegen)) all.push_back(rule);
    all.push_back(goes_with("--moves", "--fen"));
    all.push_back(excludes("--fen", "--positions", "--fen asks one position"));
    all.push_back(excludes("--fen", "--seed", "--fen asks one position, drawn from no seed"));
    return all;
  }();
  return rules;
}

constexpr int MaxDepth = 4;
constexpr int DefaultTimeoutMs = 10'000;

// The one position --fen (and --moves) asks: the FEN as written ("startpos" spelled out), the
// moves as the reference read them. A FEN the standard reader refuses is read as Chess960 with
// --chess960; one no legal game reaches is refused unless --allow-unreachable.
Expected<Route> asked_route(const ParsedArgs& args) {
  std::string fen = args.joined("--fen");
  if (fen.empty()) return Error{"option --fen needs a FEN (or startpos)"};
  if (fen == "startpos") fen = StartFen;
  Game probe;
  const bool standard =
      probe.set(fen, polyglot_scheme(), FenOptions{.allow_unreachable = true}).empty();
  const bool chess960 = standard ? probe.position().is_chess960() : args.has("--chess960");
  if (chess960 && !args.has("--chess960"))
    return Error{"--fen '" + visible_text(fen) + "' is a Chess960 position: give --chess960 too"};
  Game game;
  if (auto played = set_up_game(game, fen, args.joined("--moves"), polyglot_scheme(),
                                FenOptions{.chess960 = chess960, .allow_unreachable = true});
      !played)
    return Error{played.error()};
  if (!allows_unreachable(args))
    if (std::optional<std::string> why = unreachable_reason(fen, chess960))
      return Error{"--fen '" + visible_text(fen) + "' is not sent: no legal game reaches it (" +
                   *why + "); --allow-unreachable sends it anyway"};
  Route route{fen, chess960, {}};
  for (Move m : game.moves()) route.moves.push_back(move_to_uci(m, chess960));
  return route;
}

// What a position's own command keeps of this run's: every option given but those that choose
// the positions (--fen, --moves, --positions, --seed), --depth (given with the position) and
// those about this run's outputs, workers and pipeline, which one position does not use.
MovegenRerun movegen_rerun(const ParsedArgs& args) {
  constexpr std::string_view Dropped[] = {
      "--fen",      "--moves",          "--positions", "--seed",  "--depth",
      "--jobs",     "--in-flight",      "--json",      "--junit", "--transcript",
      "--progress", "--progress-every", "--help"};
  MovegenRerun rerun{program_path(), {program_path(), "movegen"}, allows_unreachable(args)};
  for (const OptionSpec& spec : movegen_options()) {
    if (!args.has(spec.name) ||
        std::find(std::begin(Dropped), std::end(Dropped), spec.name) != std::end(Dropped))
      continue;
    rerun.movegen_words.emplace_back(spec.name);
    for (const std::string& value : args.values(spec.name)) rerun.movegen_words.push_back(value);
  }
  return rerun;
}

// --positions, --depth, --seed, --jobs, --chess960, --allow-unreachable and --fen read into the
// run's options.
Expected<properties::MovegenOptions> read_movegen_options(const ParsedArgs& args) {
  properties::MovegenOptions options;
  if (auto text = args.value("--positions")) {
    auto n = parse_int_in_range(*text, "--positions", 1, 100'000'000);
    if (!n) return Error{n.error()};
    options.positions = *n;
  }
  if (auto text = args.value("--depth")) {
    auto depth = parse_int_in_range(*text, "--depth", 1, MaxDepth);
    if (!depth) return Error{depth.error()};
    options.depth = *depth;
  }
  if (auto text = args.value("--seed")) {
    auto seed = parse_count(*text, "--seed", true);
    if (!seed) return Error{seed.error()};
    options.seed = *seed;
  }
  auto jobs = jobs_option(args, /*engine_or_plugin=*/true);
  if (!jobs) return Error{jobs.error()};
  options.jobs = *jobs;
  if (options.jobs > 1 && args.has("--transcript"))
    return Error{"--jobs " + std::to_string(options.jobs) +
                 " with --transcript: a transcript records the lines sent to one engine, and "
                 "each of the N workers talks to an engine of its own; leave --jobs out (or give "
                 "1)"};
  if (options.jobs > 1 && args.has("--no-isolation"))
    return Error{"--jobs " + std::to_string(options.jobs) +
                 " runs the plugin in workers, and --no-isolation runs it in this process; leave "
                 "--jobs out (or give 1)"};
  options.chess960 = args.has("--chess960");
  options.allow_unreachable = allows_unreachable(args);
  if (args.has("--fen")) {
    auto route = asked_route(args);
    if (!route) return Error{route.error()};
    options.only = std::move(*route);
    options.positions = 1;
  }
  return options;
}

// Runs `run` with options.progress and options.partial set: a progress line (on a terminal, or
// every 10 s with --progress, as often as --progress-every says) and, when SIGINT or SIGTERM
// stops the run, `print` of the result so far, marked interrupted.
properties::MovegenResult run_reported(
    const properties::MovegenDoor& door, properties::MovegenOptions options,
    std::chrono::seconds progress_lines,
    const std::function<Expected<Done>(const properties::MovegenResult&)>& print,
    const std::function<properties::MovegenResult(const properties::MovegenOptions&)>& run) {
  ProgressLine progress(progress_lines);
  std::mutex so_far_mutex;
  properties::MovegenResult so_far;
  so_far.target = door.name;
  so_far.seed = options.seed ? options.seed : properties::DefaultSeed;
  so_far.depth = options.depth;
  so_far.totals_only = !door.divide;
  const auto start = std::chrono::steady_clock::now();
  options.partial = [&](const properties::MovegenResult& partial) {
    const std::lock_guard lock(so_far_mutex);
    so_far = partial;
  };
  options.progress = [&](int done, int total) {
    if (!progress.due()) return;
    const std::lock_guard lock(so_far_mutex);
    progress.show("movegen: " + std::to_string(done) + " / " + std::to_string(total) +
                  " positions, " + std::to_string(so_far.divergences) + " divergences");
  };
  const InterruptReport interrupt([&](const std::string& signal) {
    progress.clear();
    const std::lock_guard lock(so_far_mutex);
    so_far.interrupted = signal;
    so_far.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (auto written = print(so_far); !written) (void)report_usage_error(written.error());
    std::cout.flush();
  });
  return run(options);
}

}  // namespace

int run_movegen(std::span<const std::string> words) {
  auto args = parse_args(words, movegen_options());
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(MovegenCommand, MovegenProse, MovegenTail);
    return ExitSuccess;
  }
  if (auto obeyed = check_option_rules(*args, movegen_options(), movegen_rules()); !obeyed)
    return report_usage_error(obeyed.error());
  auto read = read_movegen_options(*args);
  if (!read) return report_usage_error(read.error());
  properties::MovegenOptions options = std::move(*read);
  int timeout_ms = DefaultTimeoutMs;
  if (auto text = args->value("--timeout")) {
    auto ms = parse_int_in_range(*text, "--timeout", 1, 3'600'000);
    if (!ms) return report_usage_error(ms.error());
    timeout_ms = *ms;
  }
  auto junit = open_output_option(*args, "--junit", "the JUnit report");
  if (!junit) return report_usage_error(junit.error());
  const auto progress_lines = progress_lines_option(*args);
  if (!progress_lines) return report_usage_error(progress_lines.error());

  const ChosenDoor chosen = *chosen_door(*args);  // the rules ask for one
  const bool isolate = !args->has("--no-isolation");
  // Its plugin's stdout (loaded by open_movegen when it runs here) is kept out of the report.
  std::optional<PluginStdoutAside> aside;
  if (!isolate && args->has("--plugin")) aside.emplace(true);
  auto target = chosen.row->open_movegen(chosen.value, *args,
                                         MovegenOpening{.chess960 = options.chess960,
                                                        .isolate = isolate,
                                                        .timeout_ms = timeout_ms,
                                                        .deepest = options.depth});
  if (!target) return report_usage_error(target.error());

  const MovegenRerun rerun = movegen_rerun(*args);
  const auto print = [&](const properties::MovegenResult& result) -> Expected<Done> {
    if (args->has("--json"))
      print_movegen_json(std::cout, result, rerun);
    else
      print_movegen_text(std::cout, result, rerun);
    return *junit ? write_movegen_junit(**junit, result, rerun) : Expected<Done>(Done{});
  };
  const properties::MovegenResult result =
      run_reported(target->door, std::move(options), *progress_lines, print,
                   [&](const properties::MovegenOptions& with_hooks) {
                     if (target->runs_here && isolate)
                       return properties::run_movegen_isolated(
                           target->door, with_hooks, std::chrono::milliseconds(timeout_ms));
                     return properties::run_movegen(target->door, with_hooks);
                   });
  Expected<Done> closed = target->close ? target->close() : Done{};
  aside.reset();

  if (auto written = print(result); !written) return report_usage_error(written.error());
  // A fault of the run itself (a worker's engine that would not start) is told after the
  // report and makes the run an error, not a verdict on the move generator.
  const std::vector<std::string> faults = properties::take_run_faults();
  for (const std::string& fault : faults) (void)report_usage_error(fault);
  if (!faults.empty()) return ExitUsage;
  // A target that cannot be used at all is an error of the run, after the report that says why.
  if (result.fault && result.fault->unusable)
    return report_usage_error(result.target + ": " + result.fault->message);
  // A transcript that could not be written is told after the report, and the run is no success.
  if (!closed) return report_usage_error(closed.error());
  return result.passed() ? ExitSuccess : ExitCheckFailed;
}

}  // namespace zobrist_verify::cli
