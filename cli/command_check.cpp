#include <algorithm>
#include <deque>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "args.h"
#include "commands.h"
#include "door_table.h"
#include "doors.h"
#include "help_text.h"
#include "inputs.h"
#include "plugin_stdout.h"
#include "progress_line.h"
#include "suite_options.h"
#include "zobrist_verify/core/listed.h"
#include "zobrist_verify/game_properties.h"
#include "zobrist_verify/mutants/mutant_runs.h"
#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/properties.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::cli {

namespace {

constexpr const char* CheckUsage =
    R"(usage: zobrist-verify check [--game {game-names}] [--scheme NAME | --mutant NAME] [--cases N]
                             [--seed S] [--property NAME] [--json] [--junit FILE]
       zobrist-verify check --plugin PATH [--expect SCHEME] [--en-passant RULE] [--timeout MS]
                             [--no-isolation] [--memory-limit SIZE] [--xfen] [--no-chess960]
                             [--allow-unreachable] [--cases N] [--seed S] [--property NAME]
                             [--json] [--junit FILE]
       zobrist-verify check --engine "CMD ARGS" [--protocol uci|xboard] [--expect SCHEME]
                             [--en-passant RULE] [--key-command CMD] [--key-pattern REGEX]
                             [--fen-pattern REGEX] [--key-base 10|16] [--timeout MS]
                             [--transcript FILE] [--xfen] [--no-chess960]
                             [--allow-unreachable] [--cases N] [--seed S] [--property NAME]
                             [--json] [--junit FILE]

Runs the property suite (RapidCheck) and prints one line per property ("target property .......
PASS  detail"), the shrunk reproduction under each failure, and "check: N passed, M failed, K
skipped" (", W warned" appended when a property passed with a warning, shown as WARN with the
warning below its line; a warning never changes the exit status). Without a door it checks the
built-in reference hashing; --plugin checks a third party's hashing through a C ABI plugin
(lib/include/zobrist_verify/plugin.h), black-box: its en-passant rule (always, pseudo-legal,
legal, never, a split one such as fen=always,move=pseudo-legal, or unknown) and whether its key
depends on the halfmove clock are detected first and printed, and it is judged under them.
A split rule (one rule when a FEN is
set, another when a move is made) fails the en-passant property once, with the two routes to one
position and their two keys; every other property judges a position under the rule of the route
that reached it, so it fails only on another bug. Exits 0 if every
property holds, 1 if one fails (a crash, an abort or a hang of the plugin on a case included), 2
on a usage error or a plugin that cannot be used at all (not loadable, wrong ABI, fails on the
start position). --engine checks a running UCI engine the same way, through the key it prints
for each position (Stockfish's `d` by default); an engine that does not start, fails the "uci"
handshake or prints no key for the start position exits 2, and a crash, a hang or garbage on one
position fails that position. A reply with a line whose first word (after "info string", in any
case) begins with "error", "illegal" or "invalid", or showing another position than the one sent
(--fen-pattern), is a refusal of that FEN, counted as a plugin's are. A reply out of step with the
requests (a "readyok" with no key before it, two keys or two positions for one request) is a
fault: the engine is restarted, and at the start position it cannot be used (exit 2).
--protocol xboard speaks CECP version 2 instead: "xboard", "protover 2", each feature accepted
or rejected; an engine that does not announce ping=1 or setboard=1 cannot be used (exit 2, the
missing feature named). Each position goes as "setboard FEN" and its moves ("usermove" when the
engine asks for it), then the key command and "ping N"; the reply is read up to "pong N", so a
pong of another number is a fault. CECP's error lines (Error, Illegal move, illegal position,
tellusererror) refuse the position. Chess960 goes to an engine that announces the variant
fischerandom (castling as king takes rook); otherwise standard chess only, as the report says.

{other-games}
options:
)";

// The options after --scheme, whose entry lists the schemes from their tables (scheme_choices).
constexpr const char* CheckUsageAfterScheme =
    R"(  --mutant NAME     check a mutant of the catalogue (`zobrist-verify mutants`) instead of the
                    reference, as `mutants` judges it: shows what a caught bug's report
                    looks like
  --plugin PATH     check the hashing of the plugin (a shared library exporting zv_plugin_entry)
  --engine "CMD"    check a UCI (or, with --protocol xboard, an xboard) engine: CMD is split
                    into words as a shell would (quotes respected) and run directly, without a
                    shell
  --expect SCHEME   with --plugin or --engine: its keys must also equal this scheme's exactly
                    (a --scheme name; for stockfish the raw key through a plugin, the printed
                    key, clock folded in from 14, through an engine), under the scheme's
                    en-passant rule
  --en-passant RULE with a door: judge under this rule (always, pseudo-legal, legal, never)
                    instead of the detected one or --expect's; `never` accepts a target that
                    never hashes the en-passant square; fen=RULE,move=RULE declares a split
                    rule: detection is skipped, the en-passant property still fails (one
                    position, two keys by route) and the others are judged under the split
  --timeout MS      with --plugin: the longest one call may take before the case counts as a
                    hang (default: 10000); with --engine: every deadline of the engine derives
                    from it: one reply and one write get MS (default: 2000), the handshake and
                    the first isready (or ping) max(10000, 5 x MS), a reply that timed out is
                    asked again alone on a fresh engine with 5 x MS, and only a second timeout
                    is a hang
  --protocol P      with --engine: uci (the default) or xboard (CECP version 2)
  --key-command CMD with --engine: the command that makes it print its key (default: d); the
                    door sends "isready" after it and reads the reply up to "readyok" (over
                    xboard: "ping N", and up to "pong N")
  --key-pattern RE  with --engine: a regular expression in RE2 syntax with one capture group,
                    the key (default: ^Key: *([^ ]*) *$, Stockfish's "Key:" line; Glaurung
                    2.2's bare decimal key line: ^(-?[0-9]+)$). RE2 has no look-around and no
                    back-references; a pattern is at most 4096 bytes with groups nested at most
                    1000 deep, and a line longer than 1024 bytes matches no pattern
  --key-base 10|16  with --engine: the base the keys are written in. Without it the base is
                    told once, from the start position's key: a letter a-f or a 0x prefix is
                    hex, more than 16 digits decimal; 2 to 16 digits alone read in both, and
                    the engine cannot be used until --key-base says which. The report says how
                    keys were read. Either base takes a leading '-' (a negative value as its
                    64-bit two's complement, as Java, C# and %lld print keys) and no padding;
                    hex takes a 0x prefix; a value outside 64 bits is a fault naming the line
  --fen-pattern RE  with --engine: the same for the FEN of the position the engine holds
                    (default: ^Fen: *(.*[^ ]) *$, from Stockfish's `d`); it is compared as a
                    position (placement, side to move, castling rights in either notation, the
                    en-passant square, which may be left out when no capture uses it; not the
                    clocks) with the position sent, and a different one is a refusal
  --transcript FILE with --engine: also write every line sent to the engine to FILE
  --no-isolation    with --plugin: run it in this process (for gdb or a sanitizer; a crash then
                    ends the run)
  --memory-limit SIZE  with --plugin: the most resident memory its worker may hold (4G, 512M,
                    65536K or bytes; 0: none; default: half of this machine's memory); a worker
                    past it is killed and its case fails as "exceeded the memory limit"
  --xfen            with --plugin or --engine: send Chess960 castling rights as X-FEN letters
                    (KQkq where they name the outermost rook) instead of Shredder letters (HAha,
                    the rooks' files), in every FEN of the run; reports show each FEN as the
                    target got it. Either way the head of the report says whether a Chess960
                    target reads X-FEN letters ("reads X-FEN castling letters: yes|no", with the
                    position, both FENs and both keys or the refusal)
  --no-chess960     send no Chess960 position, even to a target that offers Chess960 (a plugin's
                    chess960 flag, an engine's UCI_Chess960): standard chess only
  --allow-unreachable
                    with a door: also send positions no legal game reaches (impossible checks,
                    an en-passant square whose double push could not have been played, castling
                    rights no start allows, too much material); by default they are withheld,
                    counted and never sent
  --cases N         RapidCheck cases per property (default: 100; property 4 checks
                    100000 * max(1, N / 100) positions in one case, N / 100 rounded down)
  --seed S          RapidCheck seed, decimal or hex with 0x (default: a fixed seed)
  --property NAME   run only these properties (comma-separated names, see below); a name that
                    is no property of the games the run checks (castling with --game uttt,
                    go:symmetry with a chess door) is a usage error, as nothing would run; a
                    property the target cannot run (reversibility on an engine, which has no
                    unmake) is shown as SKIP and does not change the exit status
{jobs}  --json            print {"passed": bool, "counts": {"passed", "failed", "skipped", "warned"},
                    "properties": [{"name", "target", "status" (pass, warn, fail or skip),
                    "cases", "warnings", "counterexample":
                    {"fen", "moves", "ply", "comparison", "expected", "actual", "positions",
                    ...}}]}; with --plugin also "target", "en_passant_rule",
                    "halfmove_dependent"; with --engine the notes also give how many positions
                    the engine answered and how its keys were read
  --junit FILE      also write the results as JUnit XML to FILE (a warning passes, its text in
                    the test case's <system-out>); each suite carries the head of the text
                    report (seed, cases, a door's target and conventions) as <properties> and
                    in its own <system-out>
  --help            print this help

RC_PARAMS="reproduce=..." (printed under a failure) replays that failure; other RC_PARAMS
settings (seed, max_success, noshrink) override the options above.

properties:
)";

// check's own options; the doors' (door_table.h) are added by check_options().
constexpr OptionSpec CheckOwnOptions[] = {
    {"--allow-unreachable", OptionKind::Flag},
    {"--game", OptionKind::Value},
    {"--scheme", OptionKind::Value},
    {"--expect", OptionKind::Value},
    {"--en-passant", OptionKind::Value},
    {"--timeout", OptionKind::Value},
    {"--mutant", OptionKind::Value},
    {"--cases", OptionKind::Value},
    {"--seed", OptionKind::Value},
    {"--jobs", OptionKind::Value},
    {"--property", OptionKind::Value},
    {"--no-chess960", OptionKind::Flag},
    {"--json", OptionKind::Flag},
    {"--junit", OptionKind::Value},
};

const std::vector<OptionSpec>& check_options() {
  static const std::vector<OptionSpec> options = with_door_options(CheckOwnOptions, DoorUse::Keys);
  return options;
}

// Checked in this order, once the values are read; the first broken rule is the error. Every door
// is a chess door, excludes --scheme and --mutant, and takes the third-party options.
const std::vector<OptionRule>& check_rules() {
  static const std::vector<OptionRule> rules = [] {
    std::vector<OptionRule> all;
    for (const DoorRow& door : door_table())
      all.push_back(excludes_unless("--game", "chess", door.option, door.chess_why));
    all.push_back(excludes_unless("--game", "chess", "--scheme", "--scheme is a chess door"));
    all.push_back(excludes_unless("--game", "chess", "--expect", "--expect is a chess door"));
    all.push_back(excludes_unless("--game", "chess", "--mutant", "--mutant is a chess door"));
    all.push_back(
        excludes_unless("--game", "chess", "--no-chess960", "--no-chess960 is a chess option"));
    for (const OptionRule& rule : door_rules(DoorUse::Keys)) all.push_back(rule);
    for (const DoorRow& door : door_table()) {
      all.push_back(excludes(door.option, "--scheme"));
      all.push_back(excludes(door.option, "--mutant"));
    }
    for (std::string_view option : {"--expect", "--en-passant", "--timeout", "--allow-unreachable"})
      all.push_back(goes_with_any(option, door_options()));
    all.push_back(excludes("--mutant", "--scheme", "a mutant has its scheme"));
    return all;
  }();
  return rules;
}

// CheckUsage with the games of the catalogue put in.
std::string check_usage() {
  std::string names, runs;
  std::vector<std::string> others;
  for (const properties::GameEntry& game : properties::game_catalogue()) {
    names += (names.empty() ? "" : "|") + game.name;
    if (!game.runs.empty()) others.push_back(game.runs);
  }
  std::string usage = CheckUsage;
  usage.replace(usage.find("{game-names}"), 12, names);
  const std::string other_games =
      others.empty() ? std::string()
                     : wrap_text(
                           "Without --game (and without a chess door: --scheme, --mutant, "
                           "--plugin) it also runs the properties of the other seed "
                           "systems: " +
                               listed(others, "and") + ".",
                           0, 96);
  usage.replace(usage.find("{other-games}"), 13, other_games);
  return usage + help_entry("  --game GAME", 20,
                            properties::game_choices() +
                                ": run that game's properties only; --plugin, --scheme, --mutant "
                                "and --expect are chess doors and go with chess only",
                            96);
}

// Every game's properties, chess first.
std::vector<properties::PropertyInfo> every_property() {
  std::vector<properties::PropertyInfo> all;
  for (const properties::GameEntry& game : properties::game_catalogue()) {
    std::vector<properties::PropertyInfo> its = game.properties();
    all.insert(all.end(), its.begin(), its.end());
  }
  return all;
}

// CheckUsageAfterScheme with the --jobs entry put in.
std::string after_scheme_usage() {
  std::string usage = CheckUsageAfterScheme;
  usage.replace(usage.find("{jobs}"), 6,
                jobs_help("the properties (each property on each scheme, game or target a "
                          "piece of its own)",
                          true));
  return usage;
}

void print_usage() {
  std::cout << check_usage()
            << help_entry(
                   "  --scheme NAME", 20,
                   scheme_choices() + " (default: the built-in schemes, one after the other)", 96)
            << after_scheme_usage();
  for (const properties::PropertyInfo& p : every_property()) {
    std::cout << "  " << p.name << '\n' << wrap_text(p.contract, 6, 96);
  }
}

Expected<std::vector<std::string>> property_names(const std::string& list) {
  std::vector<std::string> names;
  const std::vector<properties::PropertyInfo> all = every_property();
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    if (std::none_of(all.begin(), all.end(),
                     [&](const properties::PropertyInfo& p) { return p.name == name; })) {
      std::string known;
      for (const properties::PropertyInfo& p : all) known += (known.empty() ? "" : ", ") + p.name;
      return Error{"unknown property '" + name + "' (choose from " + known + ")"};
    }
    names.push_back(name);
  }
  if (names.empty()) return Error{"--property needs at least one property name"};
  return names;
}

// The games a run checks: the one --game names; chess alone with a chess door (--plugin,
// --engine, --scheme, --mutant); else every game of the catalogue.
std::vector<const properties::GameEntry*> games_checked(const ParsedArgs& args) {
  std::vector<const properties::GameEntry*> games;
  const std::optional<std::string> game = args.value("--game");
  const bool chess_only = chosen_door(args) || args.has("--scheme") || args.has("--mutant");
  for (const properties::GameEntry& each : properties::game_catalogue())
    if (game ? *game == each.name : !chess_only || each.name == "chess") games.push_back(&each);
  return games;
}

// A --property name that no game of the run has would pass vacuously (nothing run): a usage
// error that lists the names that do apply.
Expected<Done> properties_apply(const std::vector<std::string>& names,
                                const std::vector<const properties::GameEntry*>& games) {
  std::vector<std::string> apply, game_names;
  for (const properties::GameEntry* game : games) {
    game_names.push_back(game->name);
    for (const properties::PropertyInfo& p : game->properties()) apply.push_back(p.name);
  }
  for (const std::string& name : names) {
    if (std::find(apply.begin(), apply.end(), name) != apply.end()) continue;
    std::string known;
    for (const std::string& each : apply) known += (known.empty() ? "" : ", ") + each;
    return Error{"property '" + name + "' does not apply to " + listed(game_names, "or") +
                 (games.size() == 1 ? ", the game" : ", the games") +
                 " this run checks, so nothing would run (choose from " + known + ")"};
  }
  return Done{};
}

// check with a door (the door table): the property suite on a third party's keys, judged under
// its detected conventions. A door whose code would run here (a plugin) runs in forked workers
// unless --no-isolation; an engine is a process of its own already.
// The target's faults as a program that no position repeated: one failing row, since the
// properties did not fail for them (their positions were answered by a fresh engine).
void add_fault_row(properties::ThirdPartyRun& run, const std::string& target,
                   const std::vector<std::string>& faults) {
  if (faults.empty()) return;
  properties::PropertyResult row;
  row.name = "engine-faults";
  row.target = target;
  for (const std::string& fault : faults) row.note += (row.note.empty() ? "" : "; ") + fault;
  run.results.push_back(std::move(row));
}

int check_door(const ChosenDoor& chosen, const ParsedArgs& args,
               const properties::SuiteOptions& suite) {
  properties::ThirdPartyOptions door_options;
  door_options.suite = suite;
  if (suite.jobs > 1 && args.has("--transcript"))
    return report_usage_error("--jobs " + std::to_string(suite.jobs) +
                              " with --transcript: a transcript records the lines sent to one "
                              "engine, and each of the N workers talks to an engine of its own; "
                              "leave --jobs out (or give 1)");
  if (suite.jobs > 1 && args.has("--no-isolation"))
    return report_usage_error("--jobs " + std::to_string(suite.jobs) +
                              " with --no-isolation: the plugin runs in this process, one "
                              "property after the other; leave --jobs out (or give 1)");
  std::optional<KeyScheme> expected;
  if (auto read = read_door_options(args, door_options, expected); !read)
    return report_usage_error(read.error());
  auto junit = open_output_option(args, "--junit", "the JUnit report");
  if (!junit) return report_usage_error(junit.error());
  auto door = chosen.row->open_keys(chosen.value, args, program_path());
  if (!door) return report_usage_error(door.error());
  if (!door->runs_here) door_options.suite.isolate = false;
  properties::ThirdPartyRun run;
  {
    const PluginStdoutAside aside(door->runs_here && !door_options.suite.isolate);
    std::optional<PolledProgress> progress;
    if (door->progress) progress.emplace(door->progress);
    run = properties::run_third_party(door->target, door->description, door_options);
  }
  if (!run.unusable && door->notes)
    for (std::string& note : door->notes()) run.summary.notes.push_back(std::move(note));
  if (std::optional<std::string> why = door->unusable ? door->unusable() : std::nullopt) {
    // The target could not be used to the end: the run's error, not a verdict on its keys.
    if (door->close) (void)door->close();
    return report_usage_error(*why);
  }
  if (!run.unusable && door->faults) add_fault_row(run, door->target.name, door->faults());
  Expected<Done> closed = door->close ? door->close() : Done{};
  const int status =
      report_third_party(run, door_options, args.has("--json"), *junit, door->runs_in);
  // A transcript that could not be written is told once, after the report, and the run is not
  // a success.
  if (!closed) return report_usage_error(closed.error());
  return status;
}

// Prints the report (text without its head, which was printed before the run; or JSON), writes
// it to `junit` when given, and returns the exit status.
int report_results(const properties::SuiteReport& report, bool json,
                   std::optional<OutputFile>& junit) {
  if (json)
    properties::write_json_report(std::cout, report);
  else
    properties::write_text_report(std::cout, report.results);
  if (junit) {
    properties::write_junit_report(junit->stream(), report);
    if (auto written = junit->finish(); !written) return report_usage_error(written.error());
  }
  for (const properties::PropertyResult& r : report.results)
    if (!r.passed) return ExitCheckFailed;
  return ExitSuccess;
}

// check without a door: the reference hashing of --scheme (every built-in scheme without it) or
// a --mutant, and the other games' properties unless --game or a chess option narrows the run.
int check_reference(const ParsedArgs& args, const properties::SuiteOptions& options) {
  const std::optional<std::string> game = args.value("--game");
  const properties::MutantInfo* mutant = nullptr;
  if (auto name = args.value("--mutant")) {
    for (const properties::MutantInfo& m : properties::mutants())
      if (m.name == *name) mutant = &m;
    if (!mutant)
      return report_usage_error("unknown mutant '" + *name +
                                "' (`zobrist-verify mutants` lists them)");
  }
  // The scheme lives here for the whole run; the target points at it.
  std::optional<KeyScheme> scheme;
  if (auto name = args.value("--scheme")) {
    auto read = scheme_from_name(*name);
    if (!read) return report_usage_error(read.error());
    scheme = std::move(*read);
  }
  auto junit = open_output_option(args, "--junit", "the JUnit report");
  if (!junit) return report_usage_error(junit.error());

  const bool json = args.has("--json");
  properties::SuiteReport report{check_report_header(options), {}};
  // The head at once: a long run shows its seed from the start.
  if (!json) properties::write_text_head(std::cout, *report.header);
  // Every property on every target is a unit of its own: with --jobs they run side by side, and
  // the report is the same.
  std::vector<properties::SuiteUnit> units;
  if (mutant) {
    units = properties::suite_units(properties::mutant_target(*mutant), options);
  } else if (scheme) {
    units = properties::suite_units(properties::reference_target(*scheme), options);
  } else {
    // Every game of the catalogue, or the one --game names.
    for (const properties::GameEntry& each : properties::game_catalogue()) {
      if (game && *game != each.name) continue;
      std::vector<properties::SuiteUnit> its = each.units(options);
      units.insert(units.end(), its.begin(), its.end());
    }
  }
  {
    // On a terminal, after two seconds: how many of the properties have ended, in every worker.
    std::atomic<std::size_t> finished{0};
    PolledProgress progress([&finished, total = units.size(), jobs = options.jobs] {
      return "check: " + std::to_string(finished.load()) + " of " + std::to_string(total) +
             " properties done" + (jobs > 1 ? ", " + std::to_string(jobs) + " at once" : "");
    });
    report.results = properties::run_units(units, options.jobs, &finished);
  }
  return report_results(report, json, *junit);
}

}  // namespace

int run_check(std::span<const std::string> words) {
  auto args = parse_args(words, check_options());
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    print_usage();
    return ExitSuccess;
  }

  auto parsed_options = suite_options(*args);
  if (!parsed_options) return report_usage_error(parsed_options.error());
  properties::SuiteOptions options = *parsed_options;
  if (auto text = args->value("--property")) {
    auto names = property_names(*text);
    if (!names) return report_usage_error(names.error());
    options.only = *names;
  }
  options.chess960 = !args->has("--no-chess960");
  auto jobs = jobs_option(*args, chosen_door(*args).has_value());
  if (!jobs) return report_usage_error(jobs.error());
  options.jobs = *jobs;
  // --game: a row of the game catalogue; without it every game runs unless a chess door is given.
  const std::optional<std::string> game = args->value("--game");
  if (game && !properties::find_game(*game))
    return report_usage_error("unknown game '" + *game + "' for --game (choose " +
                              properties::game_choices() + ")");
  if (auto obeyed = check_option_rules(*args, check_options(), check_rules()); !obeyed)
    return report_usage_error(obeyed.error());
  if (auto apply = properties_apply(options.only, games_checked(*args)); !apply)
    return report_usage_error(apply.error());

  const int status = chosen_door(*args) ? check_door(*chosen_door(*args), *args, options)
                                        : check_reference(*args, options);
  // A fault of the run itself (a worker killed from outside, twice) is told after the report,
  // and makes the run an error, not a verdict on the target.
  const std::vector<std::string> faults = properties::take_run_faults();
  for (const std::string& fault : faults) (void)report_usage_error(fault);
  return faults.empty() ? status : ExitUsage;
}

}  // namespace zobrist_verify::cli
