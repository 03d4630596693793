#include "zobrist_verify/third_party.h"

#include <algorithm>
#include <string_view>

#include "chess/conventions.h"
#include "chess/expected_keys.h"
#include "chess/fens_as_sent.h"
#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "chess/xfen_probe.h"
#include "isolation/isolation.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/suite_watch.h"

namespace zobrist_verify::properties {

namespace {

constexpr std::string_view FirstPositionKey = "key ";

// The target's key of the start position; a target that cannot even take the start position
// cannot be used at all (exit 2), and the error says why.
Expected<Key> first_position_key(const Target& target, std::chrono::milliseconds timeout,
                                 bool isolate) {
  auto work = [&](CallWatch* watch) -> std::string {
    const Target watched = watched_target(target, watch);
    std::unique_ptr<HashUnderTest> hash = new_instance(watched);
    if (!hash) return "it gave no instance";
    if (Expected<Done> done = hash->set_position(StartFen, false); !done)
      return "it refused the start position: " + done.error();
    Expected<Key> key = hash->key();
    if (!key) return "it gave no key for the start position: " + key.error();
    return std::string(FirstPositionKey) + hex_key(*key);
  };
  std::string answer;
  if (isolate) {
    const ChildRun run = run_in_child([&](CallWatch& w) { return work(&w); }, timeout);
    if (run.end != ChildRun::End::Finished)
      return Error{"it " + fault_words(run, " on the start position")};
    answer = run.output;
  } else {
    answer = work(nullptr);
  }
  if (!answer.starts_with(FirstPositionKey)) return Error{answer};
  Expected<Key> key = parse_hex_key(std::string_view(answer).substr(FirstPositionKey.size()));
  if (!key) return Error{"its key of the start position was not passed on: " + key.error()};
  return *key;
}

std::string describe(const Route& route) {
  return route.moves.empty() ? route.fen : route.fen + " moves " + moves_text(route.moves);
}

PropertyResult failed_row(const std::string& name, const std::string& target,
                          const std::string& note) {
  PropertyResult r;
  r.name = name;
  r.target = target;
  r.note = note;
  return r;
}

}  // namespace

namespace {

// The target's conventions, found in a worker when isolated (a probe may be the position that
// crashes the target); a target that dies there gets a failing "conventions" row in `extra`.
Conventions find_conventions(const Target& target, std::chrono::milliseconds timeout, bool isolate,
                             std::vector<PropertyResult>& extra) {
  if (!isolate) return detect_conventions(target);
  const ChildRun run = run_in_child(
      [&](CallWatch& w) {
        return encode_conventions(detect_conventions(watched_target(target, &w)));
      },
      timeout);
  if (run.end == ChildRun::End::Finished)
    if (std::optional<Conventions> decoded = decode_conventions(run.output)) return *decoded;
  Conventions conventions;
  conventions.summary =
      "not decided: the target " +
      fault_words(run, run.call ? " on " + describe(run.call->route) : std::string(), std::nullopt,
                  "a probe");
  extra.push_back(failed_row("conventions", target.name, conventions.summary));
  return conventions;
}

// The rules to judge under: --en-passant (one rule or a split one), else a split the probes
// found, else the scheme's expected (`expect`, unless its table was found under another rule),
// else the one detected (never fails the en-passant property unless --en-passant never accepts
// it; unknown fails it and is judged as pseudo-legal meanwhile). The FEN rule is set for a split
// only.
void judge_under(Target& target, const ThirdPartyOptions& options, const KeyScheme* expect,
                 const Conventions& found) {
  target.en_passant_fen_rule.reset();
  if (options.en_passant) {
    target.en_passant_rule = *options.en_passant;
    target.en_passant_fen_rule = options.en_passant_fen;
  } else if (found.fen_rule && found.move_rule) {
    target.en_passant_rule = *found.move_rule;
    target.en_passant_fen_rule = found.fen_rule;
  } else if (expect) {
    target.en_passant_rule = expect->en_passant_rule;
  } else {
    target.en_passant_rule = found.en_passant_rule.value_or(EnPassantRule::PseudoLegal);
  }
  if (!splits_en_passant(target)) target.en_passant_fen_rule.reset();
}

// The head of the report: the conventions found, the rule judged under, and how they were found.
TargetSummary summarise(const std::string& description, const Target& target,
                        const Conventions& conventions) {
  TargetSummary summary;
  summary.target = description;
  summary.compare_printed_key = target.compare_printed_key;
  summary.en_passant_rule = convention_text(conventions);
  summary.halfmove_dependent = conventions.halfmove_dependent;
  summary.judged_rule = convention_name(target);
  if (target.expected_scheme) summary.expected_scheme = target.expected_scheme->name;
  summary.notes.push_back("en passant: " + conventions.summary);
  summary.notes.push_back(conventions.halfmove_dependent
                              ? "halfmove clock: the key depends on it (" +
                                    conventions.halfmove_evidence +
                                    "); positions that differ only in it are told apart"
                              : "halfmove clock: the key does not depend on it");
  return summary;
}

// Whether the run asked for the en-passant property (--property limits a run to some): the
// en-passant rule's failures are reported only then.
bool asks_en_passant(const SuiteOptions& suite) {
  return suite.only.empty() ||
         std::find(suite.only.begin(), suite.only.end(), "en-passant") != suite.only.end();
}

// Never (unless accepted) and unknown fail the en-passant property with their evidence.
void apply_convention_failure(std::vector<PropertyResult>& results, const Target& target,
                              const Conventions& conventions, const ThirdPartyOptions& options) {
  if (!asks_en_passant(options.suite)) return;
  auto failure =
      convention_failure(target, conventions, options.en_passant == EnPassantRule::Never);
  if (!failure) return;
  auto it = std::find_if(results.begin(), results.end(),
                         [](const PropertyResult& r) { return r.name == "en-passant"; });
  if (it != results.end())
    *it = *failure;
  else
    results.push_back(*failure);
}

// The options a replay needs to judge as this run did: --expect (unless its table was not the
// target's), and the en-passant rule the scheme was judged under when it is not the scheme's own
// (a split one included).
std::vector<std::string> judged_as(const Target& target, const KeyScheme* expect) {
  if (!expect) return {};
  std::vector<std::string> words{"--expect", expect->name};
  const EnPassantRule own = expect->en_passant_rule;
  if (target.en_passant_fen_rule.value_or(target.en_passant_rule) != own ||
      target.en_passant_rule != own)
    words.insert(words.end(), {"--en-passant", convention_name(target)});
  return words;
}

// Under --move-routes-only, a failure that compared two routes from one FEN (a row whose
// UnderMoveRoutes::route_pairs is set) is replayed as those two routes (`replay --versus-moves`);
// empty otherwise.
std::string versus_replay(const std::string& property, const Counterexample& c,
                          const Target& target, const ThirdPartyOptions& options) {
  const PropertyDefinition* definition = find_property_definition(property);
  if (!options.suite.move_routes_only || !definition ||
      !definition->under_move_routes.route_pairs || c.positions.size() != 2)
    return {};
  Route first = c.positions[0].route, second = c.positions[1].route;
  if (first.fen != second.fen || first.chess960 != second.chess960 || first.moves == second.moves)
    return {};
  if (second.moves.empty()) std::swap(first, second);
  std::vector<std::string> words{"--versus-moves"};
  words.insert(words.end(), second.moves.begin(), second.moves.end());
  if (target.en_passant_rule != EnPassantRule::PseudoLegal)
    words.insert(words.end(), {"--en-passant", to_string(target.en_passant_rule)});
  return replay_line(target, first, words);
}

// Every reproduction of a case gets the command that replays it on the target alone.
void add_replay_commands(std::vector<PropertyResult>& results, const Target& target,
                         const ThirdPartyOptions& options, const KeyScheme* expect) {
  const std::vector<std::string> judged = judged_as(target, expect);
  for (PropertyResult& r : results)
    for (Counterexample* each : counterexamples_of(r)) {
      Counterexample& c = *each;
      if (!c.replay.empty() || c.route.fen.empty() || c.route.fen == "?") continue;
      if (std::string versus = versus_replay(r.name, c, target, options); !versus.empty()) {
        c.replay = std::move(versus);
        continue;
      }
      const std::size_t played =
          c.ply < 0 ? 0 : std::min(c.route.moves.size(), std::size_t(c.ply) + 1);
      c.replay = replay_line(
          target,
          Route{c.route.fen,
                c.route.chess960,
                {c.route.moves.begin(), c.route.moves.begin() + std::ptrdiff_t(played)}},
          judged);
    }
}

// What the suite's rows become in the report besides the suite itself.
struct RowContext {
  const Target& target;
  const Conventions& conventions;
  const ThirdPartyOptions& options;
  const KeyScheme* expect;                   // --expect's scheme, when its table is the target's
  const std::vector<PropertyResult>& extra;  // the failing rows found before the suite
};

// The suite's rows as the report shows them: the en-passant rule's failure in place of its row,
// the rows found before the suite after them, every FEN as the target got it and a replay
// command under each reproduction. With `summary` (the suite ran to its end) also the refusals
// row and the notes on what was withheld and refused, from the rows' totals.
std::vector<PropertyResult> report_rows(std::vector<PropertyResult> results, const RowContext& c,
                                        TargetSummary* summary) {
  apply_convention_failure(results, c.target, c.conventions, c.options);
  results.insert(results.end(), c.extra.begin(), c.extra.end());
  if (summary) {
    // One total for the refusals row and the notes.
    const TargetTally tally = total_tally(results);
    if (auto refusals = refusal_failure(c.target.name, tally)) results.push_back(*refusals);
    if (tally.fens_withheld) summary->notes.push_back(withheld_note(tally));
    if (tally.fens_refused || tally.moves_refused) summary->notes.push_back(refusal_note(tally));
  }
  show_fens_as_sent(results, c.target);
  add_replay_commands(results, c.target, c.options, c.expect);
  // The rows added after the suite (a split en-passant rule's) named as the suite's are.
  for (PropertyResult& r : results)
    for (Counterexample* each : counterexamples_of(r))
      if (each->cause.empty()) each->cause = failure_cause(*each);
  return results;
}

}  // namespace

ThirdPartyRun run_third_party(Target target, const std::string& description,
                              const ThirdPartyOptions& options) {
  ThirdPartyRun out;
  target.allow_unreachable = options.allow_unreachable;
  // The properties to come, for a report of a run stopped before they start.
  if (options.suite.watch)
    options.suite.watch->expect_units(unit_names(suite_units(target, options.suite)));
  const std::chrono::milliseconds timeout(options.suite.call_timeout_ms);
  const Expected<Key> start_key = first_position_key(target, timeout, options.suite.isolate);
  if (!start_key) {
    out.unusable = description + " cannot be used: " + start_key.error();
    return out;
  }
  std::vector<PropertyResult> extra;
  const Conventions conventions = find_conventions(target, timeout, options.suite.isolate, extra);
  const std::optional<EnPassantRule> detected = conventions.en_passant_rule;
  // --expect's scheme, unless the target's table is not the scheme's at all: one row says so.
  const KeyScheme* expect = options.expect;
  std::optional<std::string> other_table;
  if (expect) other_table = table_is_not_the_schemes(*expect, *start_key);
  if (other_table) expect = nullptr;
  // The scheme's table under another rule (Stockfish 19's keys of Stockfish 15.1's table): one
  // row, and the keys judged under the rule they follow.
  const bool other_rule =
      expect && !options.en_passant && detected && *detected != expect->en_passant_rule &&
      *detected != EnPassantRule::Never && keys_are_the_schemes(conventions, *expect);
  judge_under(target, options, other_rule ? nullptr : expect, conventions);
  const EnPassantRule judged = target.en_passant_rule;
  target.halfmove_dependent = conventions.halfmove_dependent;
  target.fen_refusals_tolerated = true;
  KeyScheme expected;
  if (expect) {
    expected = *expect;
    expected.en_passant_rule = judged;
    target.expected_scheme = &expected;
    compare_defined_keys(target, *expect);
  }

  TargetSummary& summary = out.summary = summarise(description, target, conventions);
  if (expect) summary.notes.push_back(exact_keys_note(*expect, target.compare_printed_key));
  if (other_table) {
    summary.notes.push_back(*other_table);
    extra.push_back(failed_row("expected-scheme", target.name, *other_table));
  }
  if (auto note = xfen_probe_note(target, options.suite.chess960, options.suite.isolate, timeout))
    summary.notes.push_back(*note);
  if (other_rule) {
    const std::string note = keys_under_another_rule(*expect, *detected);
    summary.notes.push_back(note);
    if (asks_en_passant(options.suite))
      extra.push_back(failed_row("conventions", target.name, note));
  }

  const RowContext context{target, conventions, options, expect, extra};
  SuiteWatch* watch = options.suite.watch;
  if (watch) {
    watch->set_head(summary);
    watch->set_finishing([&context](std::vector<PropertyResult> rows) {
      return report_rows(std::move(rows), context, nullptr);
    });
  }
  out.results = report_rows(run_suite(target, options.suite), context, &summary);
  if (watch) watch->set_final(out.results);  // before what the finishing refers to ends
  return out;
}

IsolatedRun run_isolated(const Target& target,
                         const std::function<std::string(const Target&)>& work,
                         int call_timeout_ms) {
  const ChildRun run =
      run_in_child([&](CallWatch& watch) { return work(watched_target(target, &watch)); },
                   std::chrono::milliseconds(call_timeout_ms));
  IsolatedRun out;
  if (run.end == ChildRun::End::Finished) {
    out.output = run.output;
    return out;
  }
  out.fault = fault_words(run, "", std::nullopt, "its work");
  return out;
}

}  // namespace zobrist_verify::properties
