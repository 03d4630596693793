// The property suite: eleven properties every Zobrist hashing implementation must satisfy (10 and
// 11 for its auxiliary keys, when it has any), run by
// RapidCheck against any HashUnderTest. A failing property comes back with the smallest move
// sequence that breaks it (RapidCheck shrinks the game) and a reproduce string.
//
// The contract is one table, properties/chess/contract.cpp: each property once, with the rule it
// checks and a bug it catches. all_properties() returns it; `zobrist-verify check --help` prints
// it; properties/README.md explains it.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::properties {

using HashFactory = std::function<std::unique_ptr<HashUnderTest>()>;

// What the suite checks. Every RapidCheck case makes fresh instances with `make`: the one that
// plays the moves, a second one that only ever gets set_position (the from-scratch
// recomputation of a black-box target), and for some properties a third that replays short lines
// from other FENs (one per route in property 3). Instances are never shared between cases.
struct Target {
  std::string name;
  HashFactory make;
  EnPassantRule en_passant_rule = EnPassantRule::PseudoLegal;  // the rule the target claims
  // A split convention (several real implementations have one): a position set from a FEN is
  // keyed under this rule, and one reached by a move under en_passant_rule. The split itself is
  // reported once, as the en-passant property's failure; every other property judges each
  // position under the rule of the route that reached it (see rule_on_route).
  std::optional<EnPassantRule> en_passant_fen_rule;
  const KeyScheme* expected_scheme = nullptr;  // when set, keys must also equal this scheme's
  // With expected_scheme: whether the target's pawn and material keys (where it has them) must
  // equal the scheme's too. A third party's are compared only where the scheme defines them
  // (KeyScheme::defines_pawn_key, defines_material_key); the reference's always.
  bool exact_pawn_key = true;
  bool exact_material_key = true;
  // The key depends on the halfmove clock (as Stockfish's printed key does from 14 on): positions
  // that differ only in the clock are then neither required to share a key nor to differ.
  bool halfmove_dependent = false;
  // With expected_scheme: compare with the key the scheme's engine prints (Stockfish's `d` folds
  // the halfmove clock in from 14 on), not with the raw key.
  bool compare_printed_key = false;
  // A FEN the target refuses is counted and its case dropped instead of failing a property
  // (third-party targets: refusing a position is not a hashing bug; see TargetTally).
  bool fen_refusals_tolerated = false;
  // Positions no legal game reaches go to the target too (--allow-unreachable). By default they
  // are withheld at the gate (zobrist_verify/doors/position_gate.h): skipped and counted, never
  // sent.
  bool allow_unreachable = false;
  // The words of a command that replays one case on this target, without the case's arguments
  // ({"zobrist-verify", "replay", "--no-isolation", "--plugin", "lib.so"}); printed, every word
  // quoted for a shell, under each reproduction. Empty: none is printed.
  std::vector<std::string> replay_words;
  // A door that rewrites FENs on their way (Chess960 castling in one form, castling_letters.h):
  // the FEN its target gets for `fen`, which reports show instead. Empty: the FEN as written.
  // Must run no code of the target.
  std::function<std::string(const std::string& fen, bool chess960)> fen_as_sent;
  // Fresh instances that get Chess960 castling in X-FEN letters (true) or Shredder letters
  // (false), whatever form `make`'s use: the X-FEN probe's. Empty: `make`'s, the FEN as written.
  std::function<std::unique_ptr<HashUnderTest>(bool xfen)> make_with_letters;
  // A door whose instances all talk to one process (an engine) gives each worker of --jobs a
  // process of its own: called in the worker, it returns a factory like `make` backed by a fresh
  // one (an engine started and greeted), or why there is none. What the factory holds is released
  // when the worker's copy of the target goes. Empty: workers use `make`.
  std::function<Expected<HashFactory>()> worker_factory;
};

// The en-passant rule the target's key of the position `route` reaches follows: the FEN rule
// when the route is a bare FEN, else the move rule (the square comes from its last move).
EnPassantRule rule_on_route(const Target& target, const Route& route);
// Whether a position set from a FEN and the same one reached by a move may be keyed by two rules.
bool splits_en_passant(const Target& target);
// "pseudo-legal", or "fen=always,move=pseudo-legal" for a split convention (as --en-passant
// takes it).
std::string convention_name(const Target& target);
// The same for a FEN rule and a move rule: one name when they agree.
std::string convention_name(EnPassantRule fen_rule, EnPassantRule move_rule);
// The FEN `target` gets for `fen` (Target::fen_as_sent), as reports show it.
std::string fen_as_sent(const Target& target, const std::string& fen, bool chess960);

// A fresh instance of the target, behind the position gate unless the target accepts
// unreachable positions; null when the factory gives none. Every instance the suite drives
// (properties, convention probes, replays) comes from here.
std::unique_ptr<HashUnderTest> new_instance(const Target& target);

// What a target was given and refused during one property's run.
struct TargetTally {
  std::uint64_t fens_given = 0, fens_refused = 0;
  std::uint64_t moves_given = 0, moves_refused = 0;
  std::vector<std::string> examples;  // the first few refusals: "FEN ...: <its message>"
  // Positions withheld at the gate (never sent, not counted as given), with the first few.
  std::uint64_t fens_withheld = 0;
  std::vector<std::string> withheld_examples;
};

// One side of a comparison between two positions: the route that reaches it (a FEN and UCI
// moves from it) and the target's key there.
struct ComparedPosition {
  Route route;
  Key key = 0;
};

// What a counterexample compared, which decides what its reproduction shows.
enum class Comparison : std::uint8_t {
  SameKey,            // two keys had to be equal: `expected` and `actual`
  DifferentKeys,      // two positions had to have different keys: `positions`, with their keys
  TargetError,        // the target reported an error: `target_error`, no keys
  NoKeys,             // no two keys were compared: `what` says what broke; `positions` may show a
                      // position with its key (one that must not be 0)
  TargetCrashed,      // the target crashed or aborted in a call: `target_error` says how
  TargetTimedOut,     // one call of the target did not return within the timeout
  TargetExited,       // a plugin ended its worker (exit(), _exit()) in the middle of a call
  TargetMemoryLimit,  // a plugin's worker went past --memory-limit and was killed
};
const char* to_string(Comparison comparison);  // "same-key", "different-keys", ...

struct Counterexample {
  Route route;       // the start FEN and the moves played from it
  int ply = 0;       // 0-based index into route.moves where it broke (-1: at the start)
  std::string what;  // which comparison failed
  Comparison comparison = Comparison::SameKey;
  Key expected = 0, actual = 0;             // SameKey
  std::vector<ComparedPosition> positions;  // DifferentKeys; SameKey between two routes
  // DifferentKeys: what the two positions differ in when it is one field only ("the
  // en-passant square d6"), else empty.
  std::string difference;
  std::string target_error;           // TargetError: the target's own message
  std::vector<std::string> features;  // of the failing position and route ("en-passant square
                                      // set", "Chess960", "promotion", ...), for the report
  std::string reproduce;              // RC_PARAMS value that replays the case ("reproduce=...")
  std::string replay;  // a command that replays this one case in-process (crashes, hangs)
  // Why shrinking stopped short, when it did: a smaller case failed another check than the first
  // failure (another step, comparison or key part, so perhaps another bug) and was set aside.
  std::string shrinking;
  std::string cause;  // failure_cause: what was compared, the step and its cause features
  // With a declared scheme (--expect) and two keys compared: the fewest entries of its table
  // whose XOR is expected ^ actual, by name, and the scheme ("castling rights K (castling 1) of
  // the polyglot scheme"); empty when no four or fewer make it.
  std::string terms;
};

struct PropertyResult {
  std::string name;    // e.g. "incremental-equals-full"
  std::string target;  // Target::name
  bool passed = false;
  bool skipped = false;  // a capability is missing (see note)
  int cases = 0;         // cases that ran to the end (on a failure: before the failing one)
  double seconds = 0;
  std::uint64_t seed = 0;
  std::string note;  // the mix of generated cases on a pass; why, when skipped or in error
  // On a pass: what harms only some engines (a pawn key of 0 in every pawnless position). The
  // status is then "warn"; it never changes the exit status.
  std::vector<std::string> warnings;
  std::optional<Counterexample> counterexample;
  // After the first: failures of other causes found in the same case budget (SuiteOptions::
  // distinct), each shrunk on its own, in the order they were found.
  std::vector<Counterexample> further;
  // A failure every one of whose counterexamples (or whose note) a baseline covers
  // (zobrist_verify/baseline.h): shown as KNOWN, and it does not fail the run.
  bool known = false;
  // Not run to its end: a signal stopped the run first (check's report of an interrupted run,
  // zobrist_verify/suite_watch.h). Without a counterexample the row is INTERRUPTED, its note saying
  // how far it got; with one it fails, its search for failures of other causes cut short.
  bool interrupted = false;
  TargetTally tally;
};

// The first counterexample of a result and the further ones, for code that treats each alike.
inline std::vector<Counterexample*> counterexamples_of(PropertyResult& r) {
  std::vector<Counterexample*> all;
  if (r.counterexample) all.push_back(&*r.counterexample);
  for (Counterexample& c : r.further) all.push_back(&c);
  return all;
}
inline std::vector<const Counterexample*> counterexamples_of(const PropertyResult& r) {
  std::vector<const Counterexample*> all;
  if (r.counterexample) all.push_back(&*r.counterexample);
  for (const Counterexample& c : r.further) all.push_back(&c);
  return all;
}

struct Baseline;
class SuiteWatch;

struct SuiteOptions {
  int cases = 100;                // RapidCheck max_success per property
  std::uint64_t seed = 0;         // 0: DefaultSeed (reproducible CI)
  std::vector<std::string> only;  // property names to run; empty = all
  // Chess960 positions go to a target that offers Chess960; false: standard chess only
  // (--no-chess960), whatever it offers.
  bool chess960 = true;
  // Each property runs in a forked worker: a target that crashes, aborts or hangs fails the
  // case it died on (confirmed alone, shrunk) and the run goes on with the next property.
  bool isolate = false;
  int call_timeout_ms = 10'000;  // with isolate: the longest one call of the target may take
  // Properties run at once, each in a worker of its own (parallel_runs.h); 1: one after the
  // other in this process. The results are the same for every value.
  int jobs = 1;
  // After a property fails, its case budget is searched on for failures that differ from those
  // found (in what was compared and in the cause of the shrunk case), up to this many per
  // property (--distinct N); 1: the first failure only.
  int distinct = 3;
  // Positions are judged only as reached by moves from their start FENs, never against a fresh
  // set_position of a later position (--move-routes-only), so that a FEN reader's bug does not
  // mask one of make_move's; the properties that judge the FEN reader keep their rows.
  bool move_routes_only = false;
  // The causes of failures found before in this property's budget (failure_cause): a case that
  // fails with one of them passes. Set by the search for distinct failures, not by a user.
  std::vector<std::string> found_causes;
  // Accepted failures (check --baseline, zobrist_verify/baseline.h): the search for distinct
  // failures does not count them among the N it looks for, and the report shows them as KNOWN.
  std::shared_ptr<const Baseline> baseline;
  // What the command that runs the suite sees of it while it goes (zobrist_verify/suite_watch.h):
  // units started and done, the property at work and its cases. Null: nobody watches.
  SuiteWatch* watch = nullptr;
};

// The seed used when SuiteOptions::seed is 0.
constexpr std::uint64_t DefaultSeed = 0x5A0B'1157'0000'0001ULL;

struct PropertyInfo {
  std::string name;
  std::string contract;        // the numbered rule, one sentence
  std::string broken_example;  // one line: a real bug this property catches
};
// The numbered contract, in order.
const std::vector<PropertyInfo>& all_properties();
bool is_property_name(const std::string& name);
// The properties that still judge the FEN reader under SuiteOptions::move_routes_only (FENs
// against FENs, or property 1's fresh set_position), in order, among `only` (all when empty).
std::vector<std::string> fen_reader_properties(const std::vector<std::string>& only = {});

// Why RC_PARAMS cannot be read, quoting it; nullopt when it is unset or readable. A command that
// runs properties checks it once before the first: unread, every property would fail alone.
std::optional<std::string> rc_params_error();

// Runs one property. RC_PARAMS (seed, max_success, max_size, noshrink, reproduce) overrides
// `options` when set, so a reproduce string printed by a failure replays here. Never throws and
// never prints: everything comes back in the result.
PropertyResult run_property(const std::string& name, const Target& target,
                            const SuiteOptions& options);
// Runs every property named in options.only (all of them when empty), in contract order.
std::vector<PropertyResult> run_suite(const Target& target, const SuiteOptions& options);

// The built-in reference hashing with `scheme`, as a target: exact keys expected. The scheme
// must outlive the target.
Target reference_target(const KeyScheme& scheme);

// A counterexample as the reproduction a user pastes into a bug report: start FEN, moves, ply,
// what broke, expected and actual keys in hex, and the RC_PARAMS line that replays it.
std::string format_counterexample(const Counterexample& c);

// The features of the position a counterexample broke at and of the route to it (en-passant
// square set, pinned en passant, Chess960, promotion, castling, check, ...), as the reference
// sees them. The runner fills Counterexample::features with it.
std::vector<std::string> position_features(const Counterexample& c);

// Counterexample::terms of `c` under `scheme`: the key part compared read from what broke (a
// pawn key, a material key, else the key), and the table entries expected ^ actual is made of.
std::string key_terms_at_fault(const Counterexample& c, const KeyScheme& scheme);

// The cause of a failure, as distinct failures, the summary and a baseline tell them apart: what
// was compared (the words of `what` that name the check and key part), the step it broke at
// ("promotion", "null move", "the start", ...) and the cause features of that step ("castling
// right lost", "capture on a rook's home square", "position set from a FEN", ...), for example
// "after a move vs a fresh set_position of | move | castling right lost, capture on a rook's
// home square" (WORDS | STEP | FEATURES; a relation between two positions has no step). Equal
// for a case and its shrunk form of one bug.
std::string failure_cause(const Counterexample& c);
// The cause features of the step a counterexample broke at (see failure_cause), as a list.
std::vector<std::string> cause_features(const Counterexample& c);

// Reports of results alone; zobrist_verify/report.h writes a whole run, its header included, in
// the same forms. Text: SMHasher-style aligned "target property ....... PASS  detail" lines (WARN
// for a pass with warnings), each failure's reproduction and each warning indented below its line;
// when several properties of one target fail, the features their counterexamples share; then
// "check: N passed, M failed, K skipped", with ", W warned" appended when some row warned (a
// warned row is counted there, not among the passed).
void write_text_report(std::ostream& out, const std::vector<PropertyResult>& results);
// {"passed": bool, "counts": {"passed", "failed", "skipped", "warned"}, "properties": [{"name",
// "target", "status": "pass"|"warn"|"fail"|"skip", "passed", "skipped", "cases", "seconds",
// "seed", "note", "warnings": [...], "counterexample": {"fen", "chess960", "moves", "ply",
// "what", "comparison", "expected", "actual" (same-key), "positions": [{"fen", "chess960",
// "moves", "key"}] (different-keys, same-key between two routes, no-keys showing a key),
// "difference", "target_error" (target-error), "features", "reproduce"}}]}; counterexample only
// on a failure, keys as 16 hex digits. "passed" is true with warnings ("warn" passes).
void write_json_report(std::ostream& out, const std::vector<PropertyResult>& results);
// What a run found out about a third-party target besides the properties: the head of its
// report (zobrist_verify/report.h's ReportHeader::third_party), and extra keys of its JSON.
struct TargetSummary {
  std::string target;           // "plugin:myengine 1.2 (path)"
  std::string en_passant_rule;  // detected: always, pseudo-legal, legal, never or unknown
  bool halfmove_dependent = false;
  // With expected_scheme: compare with the key the scheme's engine prints (Stockfish's `d` folds
  // the halfmove clock in from 14 on), not with the raw key.
  bool compare_printed_key = false;
  std::string judged_rule;         // the rule the properties judged the target under
  std::string expected_scheme;     // the scheme whose exact keys it must have; empty: black box
  std::vector<std::string> notes;  // how the conventions were decided, refusals, ...
  // Where the target ran, in the front end's words, when not in a worker per property: "in-process
  // (no isolation)", "the engine in a process of its own"; empty otherwise.
  std::string where;
};

// The share of the FENs given that a target may refuse, in `check` and in `movegen`: one that
// refuses more tests little, and fails.
inline constexpr double RefusalLimit = 0.05;

// A target that refuses more than `limit` of the FENs or of the moves it is given tests little:
// a failing result named "refusals" saying how many (of `tally`, the run's total_tally), with
// examples; nothing otherwise. The row's figures are in its note only: its own tally stays empty,
// so that a total taken again over the results with the row counts nothing twice.
std::optional<PropertyResult> refusal_failure(const std::string& target, const TargetTally& tally,
                                              double limit = RefusalLimit);
// The tallies of every result added up.
TargetTally total_tally(const std::vector<PropertyResult>& results);
// "withheld N positions that no legal game reaches (first: FEN)", for notes.
std::string withheld_note(const TargetTally& tally);
// "refused F of G FENs and M of N moves, first: ...", for notes; the figures of the same tally
// as refusal_failure's.
std::string refusal_note(const TargetTally& tally);

// A JSON string literal (quotes and escapes included); shared with the CLI's other reports.
std::string json_string(std::string_view text);
// A JSON list of string literals: ["e2e4", "e7e5"].
std::string json_list(const std::vector<std::string>& items);
// JUnit XML: one <testsuite> per target, one <testcase> per property, <failure> carrying the
// reproduction, <skipped> for missing capabilities; a warning (JUnit has no such status) passes,
// with "warning: ..." lines in its <system-out>. Other commands (keys, collisions) write their
// checks as results too, under their own `suites_name`.
void write_junit_report(std::ostream& out, const std::vector<PropertyResult>& results,
                        std::string_view suites_name = "zobrist-verify check");

}  // namespace zobrist_verify::properties
