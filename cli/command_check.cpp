#include <algorithm>
#include <deque>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "args.h"
#include "command_help.h"
#include "door_table.h"
#include "doors.h"
#include "help_text.h"
#include "inputs.h"
#include "interrupt_report.h"
#include "plugin_stdout.h"
#include "progress_line.h"
#include "suite_options.h"
#include "zobrist_verify/baseline.h"
#include "zobrist_verify/core/listed.h"
#include "zobrist_verify/doors/orphans.h"
#include "zobrist_verify/game_properties.h"
#include "zobrist_verify/mutants/mutant_runs.h"
#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/properties.h"
#include "zobrist_verify/report.h"
#include "zobrist_verify/suite_watch.h"

namespace zobrist_verify::cli {

namespace {

// check's options: the parser's and the help's.
constexpr std::string_view CheckUsage[] = {
    "check [--game] [--scheme | --mutant] [--move-routes-only] [--cases] [--seed] [--property] "
    "[--distinct] [--baseline] [--jobs] [--progress] [--progress-every] [--json] [--junit]",
    "check {door} [--expect] [--en-passant] [--timeout] [--no-chess960] [--allow-unreachable] "
    "[--move-routes-only] [--cases] [--seed] [--property] [--distinct] [--baseline] [--jobs] "
    "[--progress] [--progress-every] [--json] [--junit]",
};
constexpr OptionRef CheckOptionList[] = {
    option("--game"),        option("--scheme"),           option("--mutant"),   DoorOptionsHere,
    option("--no-chess960"), option("--move-routes-only"), option("--cases"),    option("--seed"),
    option("--property"),    option("--distinct"),         option("--baseline"), option("--jobs"),
    option("--progress"),    option("--progress-every"),   option("--json"),     option("--junit"),
};
// Checked in this order (check_rules).
constexpr OptionRef CheckDoorBound[] = {option("--expect"), option("--en-passant"),
                                        option("--timeout"), option("--allow-unreachable")};
constexpr CommandOptions CheckCommand{CheckUsage, CheckOptionList, DoorUse::Keys, false,
                                      CheckDoorBound};

constexpr const char* CheckProse =
    R"(Runs the property suite (RapidCheck) and prints one line per property ("target property .......
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
that reached it, so it fails only on another bug. After a failure the property's budget is
searched for up to --distinct N failures of other causes, each shown; the last lines group them by
cause. Exits 0 if every property holds (a failure --baseline lists shows as KNOWN and counts as
holding), 1 if one fails (a crash, an abort or a hang of the plugin on a case included), 2
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
or rejected; an engine that does not announce ping=1 or setboard=1, or whose variants do not
include normal chess, cannot be used (exit 2, the reason named). Each position goes as GUIs send
it: "new", the variant ("variant fischerandom" for Chess960), "force" (--no-new: the game set
once), "setboard FEN" and its moves ("usermove" when the engine asks for it), then the key
command and "ping N"; the reply is read up to "pong N", so a
pong of another number is a fault. CECP's error lines (Error, Illegal move, illegal position,
tellusererror) refuse the position. Chess960 goes to an engine that announces the variant
fischerandom (castling as king takes rook); otherwise standard chess only, as the report says.
With --jobs N the properties run side by side: each property on each scheme, game or target is a
piece of its own.
A progress line on stderr (on a terminal after 2 s, redrawn; with --progress a line every 10 s
anywhere, with --progress-every SECONDS that often) counts the properties done and, while one runs
at a time, names it with its cases passed (then an engine's positions answered). Stopped by SIGINT
or SIGTERM (Ctrl-C, `timeout`), it prints the rows of the properties that ended, a failure found
and shrunk before the search for others was cut short as a failure (not one in a --jobs worker of
the reference or an engine), and every other property as INTERRUPTED with how far it got (JSON:
"interrupted"; --junit: skipped, since nothing was judged), then ends by the signal; a second
signal (a second or more after the first: `timeout` delivers one stop twice) ends it at once.

{other-games})";

constexpr const char* CheckTail = R"(
RC_PARAMS="reproduce=..." (printed under a failure) replays that failure; other RC_PARAMS
settings (seed, max_success, noshrink) override the options above. --junit writes a test case a
property (a warning passes, its text in the test case's <system-out>); each suite carries the head
of the text report (seed, cases, a door's target and conventions) as <properties> and in its own
<system-out>.

json:
  {"passed": bool, "counts": {"passed", "failed", "skipped", "warned"}, "properties": [{"name",
  "target", "status" (pass, warn, fail or skip), "cases", "warnings", "counterexample": {"fen",
  "moves", "ply", "comparison", "expected", "actual", "positions", ...}}]}; with --plugin also
  "target", "en_passant_rule", "halfmove_dependent"; with --engine the notes also give how many
  positions the engine answered and how its keys were read; in a run stopped by a signal also
  "interrupted" ("SIGINT" or "SIGTERM") after "passed" (false), and the rows that did not end
  with status "interrupted", counted in "counts" as "interrupted"

properties:
)";

const std::vector<OptionSpec>& check_options() {
  static const std::vector<OptionSpec> options = option_specs(CheckCommand);
  return options;
}

// Checked in this order, once the values are read; the first broken rule is the error. Every door
// is a chess door, excludes --scheme and --mutant, and takes the third-party options.
const std::vector<OptionRule>& check_rules() {
  static const std::vector<OptionRule> rules = [] {
    std::vector<OptionRule> all;
    for (const DoorRow& door : door_table())
      all.push_back(excludes_unless("--game", "chess", door.option->name, door.chess_why));
    all.push_back(excludes_unless("--game", "chess", "--scheme", "--scheme is a chess door"));
    all.push_back(excludes_unless("--game", "chess", "--expect", "--expect is a chess door"));
    all.push_back(excludes_unless("--game", "chess", "--mutant", "--mutant is a chess door"));
    all.push_back(
        excludes_unless("--game", "chess", "--no-chess960", "--no-chess960 is a chess option"));
    all.push_back(excludes_unless("--game", "chess", "--move-routes-only",
                                  "--move-routes-only is a chess option"));
    for (const OptionRule& rule : door_rules(DoorUse::Keys)) all.push_back(rule);
    for (const DoorRow& door : door_table()) {
      all.push_back(excludes(door.option->name, "--scheme"));
      all.push_back(excludes(door.option->name, "--mutant"));
    }
    for (const OptionRule& rule : door_bound_rules(CheckCommand)) all.push_back(rule);
    all.push_back(excludes("--mutant", "--scheme", "a mutant has its scheme"));
    return all;
  }();
  return rules;
}

// check's prose with the games of the catalogue put in.
std::string check_prose() {
  std::vector<std::string> others;
  for (const properties::GameEntry& game : properties::game_catalogue())
    if (!game.runs.empty()) others.push_back(game.runs);
  std::string prose = CheckProse;
  const std::string other_games =
      others.empty() ? std::string()
                     : wrap_text(
                           "Without --game (and without a chess door: --scheme, --mutant, "
                           "--plugin) it also runs the properties of the other seed "
                           "systems: " +
                               listed(others, "and") + ".",
                           0, 96);
  prose.replace(prose.find("{other-games}"), 13, other_games);
  return prose;
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

void print_usage() {
  std::cout << command_help(CheckCommand, check_prose(), CheckTail);
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

// "check: 3 of 11 properties done; zero-keys: 37 of 300 cases passed" (the property at work is
// named when one runs at a time), ", 2 at once" with --jobs 2, then "; " and what `door` returns
// when given (an engine's positions answered).
std::string progress_text(const properties::SuiteWatch::Now& now, int jobs,
                          const std::function<std::string()>& door) {
  std::string text = "check: " + std::to_string(now.done) + " of " + std::to_string(now.total) +
                     " properties done" +
                     (jobs > 1 ? ", " + std::to_string(jobs) + " at once" : "");
  if (!now.property.empty())
    text += "; " + now.property + ": " +
            (now.shrink_steps
                 ? "shrinking a failure (" + std::to_string(now.shrink_steps) + " steps tried)"
                 : std::to_string(now.cases) + " of " + std::to_string(now.budget) +
                       (now.budget == 1 ? " case passed" : " cases passed"));
  if (door) text += "; " + door();
  return text;
}

// What check shows while its suite runs, from the suite's watch: a progress line on stderr (on a
// terminal after two seconds; --progress: every 10 s anywhere, or as --progress-every says) and, on
// the first SIGINT or SIGTERM, `report` given the signal's name once the line is wiped; then every
// child is killed and reaped (workers, engines, what they left to this subreaper: no zombie
// outlives the run), and the run ends by the signal (InterruptReport).
class RunWatch {
 public:
  RunWatch(const properties::SuiteWatch& watch, int jobs, std::chrono::seconds lines,
           std::function<std::string()> door, std::function<void(const std::string&)> report)
      : progress_([&watch, jobs, door] { return progress_text(watch.now(), jobs, door); }, lines),
        interrupt_([this, report = std::move(report)](const std::string& signal) {
          progress_.finish();
          report(signal);
          std::cout.flush();
          (void)end_leftover_children();
        }) {}

 private:
  PolledProgress progress_;
  InterruptReport interrupt_;
};

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

// What `watch` saw of a run `signal` stopped, the rows that did not end given the run's seed as
// those that ended have it.
properties::SuiteWatch::SoFar seen_so_far(const properties::SuiteWatch& watch,
                                          const std::string& signal,
                                          const properties::SuiteOptions& options) {
  properties::SuiteWatch::SoFar so_far = watch.so_far(signal);
  for (properties::PropertyResult& row : so_far.rows)
    if (row.interrupted && !row.seed)
      row.seed = options.seed ? options.seed : properties::DefaultSeed;
  return so_far;
}

// The run a signal stopped, from what `watch` saw: the head (or, before the target's conventions
// were found, its name alone) and the rows until then.
properties::ThirdPartyRun stopped_run(const properties::SuiteWatch& watch,
                                      const std::string& description, const std::string& signal,
                                      const properties::SuiteOptions& options) {
  properties::SuiteWatch::SoFar so_far = seen_so_far(watch, signal, options);
  properties::ThirdPartyRun run;
  if (so_far.head) {
    run.summary = std::move(*so_far.head);
  } else {
    run.summary.target = description;
    run.summary.notes.push_back("stopped before its conventions were found");
  }
  run.results = std::move(so_far.rows);
  return run;
}

int check_door(const ChosenDoor& chosen, const ParsedArgs& args,
               const properties::SuiteOptions& suite) {
  properties::SuiteWatch watch;
  properties::ThirdPartyOptions door_options;
  door_options.suite = suite;
  door_options.suite.watch = &watch;
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
  const bool json = args.has("--json");
  properties::ThirdPartyRun run;
  {
    PluginStdoutAside aside(door->runs_here && !door_options.suite.isolate);
    // On the first SIGINT or SIGTERM: the report of the properties found until then.
    const RunWatch during(watch, suite.jobs, *progress_lines_option(args), door->progress,
                          [&](const std::string& signal) {
                            aside.end();
                            (void)report_third_party(
                                stopped_run(watch, door->description, signal, suite), door_options,
                                json, *junit, door->runs_in, signal);
                          });
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
  const int status = report_third_party(run, door_options, json, *junit, door->runs_in);
  // A transcript that could not be written is told once, after the report, and the run is not
  // a success.
  if (!closed) return report_usage_error(closed.error());
  return status;
}

// Prints the report (text without its head, which was printed before the run; or JSON), writes
// it to `junit` when given, and returns the exit status.
int report_results(properties::SuiteReport& report, const properties::SuiteOptions& options,
                   bool json, std::optional<OutputFile>& junit) {
  apply_baseline_option(report, options);
  if (json) {
    properties::write_json_report(std::cout, report);
  } else {
    properties::write_baseline_lines(std::cout, report);
    properties::write_text_report(std::cout, report.results);
    properties::write_interrupted_line(std::cout, report);
  }
  if (junit) {
    properties::write_junit_report(junit->stream(), report);
    if (auto written = junit->finish(); !written) return report_usage_error(written.error());
  }
  for (const properties::PropertyResult& r : report.results)
    if (!r.passed && !r.known) return ExitCheckFailed;
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
  properties::SuiteReport report;
  report.header = check_report_header(options);
  // The head at once: a long run shows its seed from the start.
  if (!json) properties::write_text_head(std::cout, *report.header);
  // Every property on every target is a unit of its own: with --jobs they run side by side, and
  // the report is the same.
  properties::SuiteWatch watch;
  properties::SuiteOptions watched = options;
  watched.watch = &watch;
  std::vector<properties::SuiteUnit> units;
  if (mutant) {
    units = properties::suite_units(properties::mutant_target(*mutant), watched);
  } else if (scheme) {
    units = properties::suite_units(properties::reference_target(*scheme), watched);
  } else {
    // Every game of the catalogue, or the one --game names.
    for (const properties::GameEntry& each : properties::game_catalogue()) {
      if (game && *game != each.name) continue;
      std::vector<properties::SuiteUnit> its = each.units(watched);
      units.insert(units.end(), its.begin(), its.end());
    }
  }
  std::vector<properties::PropertyResult> results;
  {
    // A progress line on a terminal after two seconds (--progress: every 10 s anywhere), and on
    // the first SIGINT or SIGTERM the report of the properties found until then.
    const RunWatch during(watch, options.jobs, *progress_lines_option(args), nullptr,
                          [&](const std::string& signal) {
                            properties::SuiteReport so_far = report;
                            so_far.results = seen_so_far(watch, signal, options).rows;
                            so_far.interrupted = signal;
                            (void)report_results(so_far, options, json, *junit);
                          });
    results = properties::run_units(units, options.jobs, &watch);
  }
  report.results = std::move(results);
  return report_results(report, options, json, *junit);
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
  options.move_routes_only = args->has("--move-routes-only");
  if (auto text = args->value("--distinct")) {
    auto distinct = parse_int_in_range(*text, "--distinct", 1, 100);
    if (!distinct) return report_usage_error(distinct.error());
    options.distinct = *distinct;
  }
  if (auto file = args->value("--baseline")) {
    auto baseline = properties::read_baseline(*file);
    if (!baseline) return report_usage_error(baseline.error());
    options.baseline = std::make_shared<const properties::Baseline>(std::move(*baseline));
  }
  auto jobs = jobs_option(*args, chosen_door(*args).has_value());
  if (!jobs) return report_usage_error(jobs.error());
  options.jobs = *jobs;
  if (auto every = progress_lines_option(*args); !every) return report_usage_error(every.error());
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
