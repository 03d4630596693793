// A third-party check: judged under the detected convention, failed for never and unknown rules,
// for keys that are a scheme's under another rule, for too many refusals, and refused outright
// when the target cannot take the start position.
#include <gtest/gtest.h>

#include <algorithm>

#include "chess/position_tools.h"
#include "chess/test_targets.h"
#include "zobrist_verify/mutants/mutant_hasher.h"
#include "zobrist_verify/third_party.h"

namespace zobrist_verify::properties {
namespace {

using namespace test_targets;

ThirdPartyOptions quick() {
  ThirdPartyOptions options;
  options.suite.cases = 50;
  options.suite.isolate = true;
  options.suite.call_timeout_ms = 2000;
  return options;
}

Target black_box(const KeyScheme& scheme) {
  Target target = reference_target(scheme);
  target.expected_scheme = nullptr;
  target.name = "third-party";
  return target;
}

const PropertyResult* row(const ThirdPartyRun& run, const std::string& name) {
  for (const PropertyResult& r : run.results)
    if (r.name == name) return &r;
  return nullptr;
}

// The names of the rows that failed, in order.
std::vector<std::string> failed_rows(const ThirdPartyRun& run) {
  std::vector<std::string> names;
  for (const PropertyResult& r : run.results)
    if (!r.passed && !r.skipped) names.push_back(r.name);
  return names;
}

bool all_passed(const ThirdPartyRun& run) {
  return std::all_of(run.results.begin(), run.results.end(),
                     [](const PropertyResult& r) { return r.passed; });
}

TEST(ThirdParty, ALegalRuleImplementationPassesBlackBoxAndIsReportedAsLegal) {
  const KeyScheme scheme = polyglot_with_rule(EnPassantRule::Legal);
  const ThirdPartyRun run = run_third_party(black_box(scheme), "legal", quick());
  ASSERT_FALSE(run.unusable);
  EXPECT_TRUE(all_passed(run));
  EXPECT_EQ(run.summary.en_passant_rule, "legal");
  EXPECT_EQ(run.summary.judged_rule, "legal");
  EXPECT_FALSE(run.summary.halfmove_dependent);
}

TEST(ThirdParty, ExpectingPolyglotFromALegalRuleImplementationSaysTheKeysArePolyglotsNotTheRule) {
  const KeyScheme scheme = polyglot_with_rule(EnPassantRule::Legal);
  ThirdPartyOptions options = quick();
  options.expect = &polyglot_scheme();
  const ThirdPartyRun run = run_third_party(black_box(scheme), "legal", options);
  // One cause, one row: the other properties judge the keys under the rule they follow.
  EXPECT_EQ(failed_rows(run), std::vector<std::string>{"conventions"});
  const PropertyResult* conventions = row(run, "conventions");
  ASSERT_TRUE(conventions);
  EXPECT_EQ(conventions->note,
            "the keys are those of the scheme polyglot, but their en-passant rule is legal, not "
            "the scheme's pseudo-legal: every other property judges them under the legal rule, as "
            "--expect polyglot --en-passant legal does");
  EXPECT_EQ(run.summary.expected_scheme, "polyglot");
  // With the rule named, the same implementation passes with exact keys.
  options.en_passant = EnPassantRule::Legal;
  EXPECT_TRUE(all_passed(run_third_party(black_box(scheme), "legal", options)));
}

// A table that is not the scheme's: one row with both start keys and the built-in scheme whose
// start key the target's is, not every property failing at its first case.
TEST(ThirdParty, ExpectingASchemeFromAnotherTableIsOneRowNamingTheSchemeItIs) {
  ThirdPartyOptions options = quick();
  options.expect = &polyglot_scheme();
  const ThirdPartyRun run = run_third_party(black_box(stockfish_scheme()), "sf", options);
  EXPECT_EQ(failed_rows(run), std::vector<std::string>{"expected-scheme"});
  EXPECT_EQ(
      row(run, "expected-scheme")->note,
      "the keys are not those of the scheme polyglot: the target's key of the start "
      "position is 0x8f8f01d4562f59fb, the scheme's 0x463b96181691fc9c; 0x8f8f01d4562f59fb is "
      "the start key of the scheme stockfish (Stockfish 15.1) (--expect stockfish); every "
      "other property judges the target as a black box");
  EXPECT_EQ(run.summary.expected_scheme, "");
  const ThirdPartyRun seeded = run_third_party(black_box(seeded_scheme(5)), "seeded", options);
  ASSERT_TRUE(row(seeded, "expected-scheme"));
  EXPECT_NE(
      row(seeded, "expected-scheme")->note.find(", and it is no built-in scheme's start key;"),
      std::string::npos)
      << row(seeded, "expected-scheme")->note;
}

// Polyglot defines the key alone: a target with Polyglot's key and pawn key and a material key of
// its own (as Fruit 2.1's) passes --expect polyglot.
TEST(ThirdParty, ExpectingPolyglotComparesNoMaterialKey) {
  ThirdPartyOptions options = quick();
  options.expect = &polyglot_scheme();
  const ThirdPartyRun run = run_third_party(kings_left_out_target(false), "own material", options);
  EXPECT_EQ(failed_rows(run), std::vector<std::string>{});
  EXPECT_NE(std::find(run.summary.notes.begin(), run.summary.notes.end(),
                      "exact keys of polyglot: the key (the scheme defines no pawn or material "
                      "key)"),
            run.summary.notes.end());
}

TEST(ThirdParty, NeverFailsTheEnPassantPropertyUnlessAccepted) {
  const KeyScheme scheme = polyglot_with_rule(EnPassantRule::Never);
  ThirdPartyOptions options = quick();
  const ThirdPartyRun run = run_third_party(black_box(scheme), "never", options);
  EXPECT_EQ(run.summary.en_passant_rule, "never");
  const PropertyResult* en_passant = row(run, "en-passant");
  ASSERT_TRUE(en_passant);
  EXPECT_FALSE(en_passant->passed);
  EXPECT_EQ(std::count_if(run.results.begin(), run.results.end(),
                          [](const PropertyResult& r) { return !r.passed; }),
            1)
      << "only the en-passant property fails";
  options.en_passant = EnPassantRule::Never;
  EXPECT_TRUE(all_passed(run_third_party(black_box(scheme), "never", options)));
}

std::string failures(const ThirdPartyRun& run) {
  std::string out;
  for (const PropertyResult& r : run.results)
    if (!r.passed)
      out += r.name + ": " + r.note +
             (r.counterexample ? "\n" + format_counterexample(*r.counterexample) : "") + "\n";
  return out;
}

// Ethereal's board, chess.js 1.4.0 and Glaurung 2.2: a FEN's square always hashed, a move's only
// when a pawn can capture. `second_bug` plants an independent one on top.
Target split_board(Bug second_bug = Bug::None) {
  Target target;
  target.name = "split";
  target.make = [second_bug] {
    return std::make_unique<SplitRoute>(
        "split",
        std::make_unique<MutantHasher>("on-set", polyglot_scheme(), EnPassantRule::Always,
                                       second_bug),
        std::make_unique<MutantHasher>("on-move", polyglot_scheme(), EnPassantRule::PseudoLegal,
                                       second_bug));
  };
  return target;
}

// 50 cases are enough for "everything else": judged under one rule instead, the same split fails
// the same four rows within 50 cases as within 300 (ADeclaredSplitStillFails... below).
TEST(ThirdParty, ASplitRuleIsOneFailureWithTwoRoutesToOnePositionAndEverythingElsePasses) {
  const ThirdPartyRun run = run_third_party(split_board(), "split", quick());
  EXPECT_EQ(run.summary.en_passant_rule, "fen=always,move=pseudo-legal");
  EXPECT_EQ(run.summary.judged_rule, "fen=always,move=pseudo-legal");
  EXPECT_EQ(failed_rows(run), std::vector<std::string>{"en-passant"}) << failures(run);
  const PropertyResult* en_passant = row(run, "en-passant");
  ASSERT_TRUE(en_passant && en_passant->counterexample);
  const Counterexample& c = *en_passant->counterexample;
  ASSERT_EQ(c.positions.size(), 2u);
  EXPECT_NE(c.positions[0].key, c.positions[1].key);
  // One side is the position set from its FEN, the other the same one reached by the push.
  EXPECT_TRUE(c.positions[0].route.moves.empty());
  EXPECT_EQ(c.positions[1].route.moves.size(), 1u);
}

// chess-library's split: the FEN rule drops a pinned capture's square that the move rule keeps,
// so no FEN has the key reached by the push, and nothing is compared with it. 300 cases: judged
// under one rule, it fails only the en-passant row within 100 cases, and three more within 300.
TEST(ThirdParty, ASplitWhoseFenRuleDropsWhatTheMoveRuleKeepsIsOneFailureToo) {
  Target target;
  target.name = "mixed";
  target.make = [] { return legal_on_set_pseudo_on_move(); };
  ThirdPartyOptions options = quick();
  options.suite.cases = 300;
  const ThirdPartyRun run = run_third_party(target, "mixed", options);
  EXPECT_EQ(run.summary.en_passant_rule, "fen=legal,move=pseudo-legal");
  EXPECT_EQ(failed_rows(run), std::vector<std::string>{"en-passant"}) << failures(run);
}

TEST(ThirdParty, ADeclaredSplitStillFailsItsRowAndJudgesTheRestUnderIt) {
  ThirdPartyOptions options = quick();
  options.en_passant = EnPassantRule::PseudoLegal;
  options.en_passant_fen = EnPassantRule::Always;
  const ThirdPartyRun run = run_third_party(split_board(), "split", options);
  EXPECT_EQ(run.summary.judged_rule, "fen=always,move=pseudo-legal");
  EXPECT_EQ(failed_rows(run), std::vector<std::string>{"en-passant"}) << failures(run);
  // Judged under one rule instead, the split fails properties beyond the en-passant one.
  options.en_passant_fen.reset();
  EXPECT_GT(failed_rows(run_third_party(split_board(), "split", options)).size(), 1u);
}

TEST(ThirdParty, UnderASplitASecondIndependentBugStillFails) {
  const ThirdPartyRun run =
      run_third_party(split_board(Bug::CastlingRookMoveNotHashed), "split", quick());
  EXPECT_EQ(run.summary.en_passant_rule, "fen=always,move=pseudo-legal");
  const std::vector<std::string> failed = failed_rows(run);
  ASSERT_GT(failed.size(), 1u) << failures(run);
  for (const PropertyResult& r : run.results) {
    if (r.passed || r.name == "en-passant") continue;
    ASSERT_TRUE(r.counterexample) << r.name << ": " << r.note;
    const std::vector<std::string>& features = r.counterexample->features;
    EXPECT_NE(std::find(features.begin(), features.end(), "castling move"), features.end())
        << r.name << " fails for another cause:\n"
        << format_counterexample(*r.counterexample);
  }
}

TEST(ThirdParty, AClockDependentKeyIsDetectedAndPasses) {
  Target target;
  target.name = "printed";
  target.make = [] { return std::make_unique<PrintedStockfishKey>(); };
  target.compare_printed_key = true;
  ThirdPartyOptions options = quick();
  options.expect = &stockfish_scheme();
  const ThirdPartyRun run = run_third_party(target, "printed", options);
  EXPECT_TRUE(run.summary.halfmove_dependent);
  for (const PropertyResult& r : run.results)
    EXPECT_TRUE(r.passed) << r.name << ": " << r.note
                          << (r.counterexample ? format_counterexample(*r.counterexample) : "");
}

TEST(ThirdParty, TooManyRefusedFensFailTheRunWithExamples) {
  const ThirdPartyRun run =
      run_third_party(faulty_target(Fault::RefuseBlackToMove), "refuser", quick());
  const PropertyResult* refusals = row(run, "refusals");
  ASSERT_TRUE(refusals);
  EXPECT_FALSE(refusals->passed);
  EXPECT_NE(refusals->note.find("plays White only"), std::string::npos) << refusals->note;
}

// The refusals row and the summary's note give one set of figures (a user saw the note give twice
// the row's: the note was once added up over the results with the row, which carried the totals).
// With the scheme declared, a difference of keys is named in its table's entries: a rook captured
// on its corner that keeps its right differs from Polyglot's key by castling keys alone (the
// Fruit case, where the difference was Polyglot's castling-K key). Isolated, so the names also
// cross the worker's codec.
TEST(ThirdParty, ExpectingASchemeNamesTheTableEntriesADifferenceIsMadeOf) {
  Target target;
  target.name = "corner";
  target.make = [] {
    return std::make_unique<MutantHasher>("corner", polyglot_scheme(), EnPassantRule::PseudoLegal,
                                          Bug::RookCaptureKeepsRight);
  };
  ThirdPartyOptions options = quick();
  options.suite.only = {"incremental-equals-full", "equal-positions-equal-keys"};
  options.expect = &polyglot_scheme();
  const ThirdPartyRun run = run_third_party(target, "corner", options);
  int named = 0;
  for (const PropertyResult& r : run.results)
    for (const Counterexample* c : counterexamples_of(r)) {
      if (c->comparison != Comparison::SameKey) continue;
      ++named;
      EXPECT_TRUE(c->terms.starts_with("castling rights ")) << c->terms;
      EXPECT_TRUE(c->terms.ends_with(") of the polyglot scheme")) << c->terms;
      EXPECT_NE(format_counterexample(*c).find("  terms:     expected ^ actual = castling rights "),
                std::string::npos);
    }
  EXPECT_GE(named, 2) << failures(run);
  // Without a declared scheme there is no table to name entries of.
  options.expect = nullptr;
  for (const PropertyResult& r : run_third_party(target, "corner", options).results)
    for (const Counterexample* c : counterexamples_of(r)) EXPECT_EQ(c->terms, "");
}

TEST(ThirdParty, TheRefusalsRowAndTheNoteGiveTheSameFigures) {
  const ThirdPartyRun run =
      run_third_party(faulty_target(Fault::RefuseBlackToMove), "refuser", quick());
  const PropertyResult* refusals = row(run, "refusals");
  ASSERT_TRUE(refusals);
  // A total taken again, over every row the run reports, counts nothing twice.
  const TargetTally total = total_tally(run.results);
  ASSERT_GT(total.fens_refused, 0u);
  const std::string figures = "refused " + std::to_string(total.fens_refused) + " of " +
                              std::to_string(total.fens_given) + " FENs";
  EXPECT_NE(refusals->note.find("the target " + figures + " ("), std::string::npos)
      << refusals->note << "\nwant: " << figures;
  EXPECT_TRUE(std::any_of(run.summary.notes.begin(), run.summary.notes.end(),
                          [&](const std::string& n) { return n.rfind(figures + " and ", 0) == 0; }))
      << figures;
}

TEST(ThirdParty, AFewRefusedFensAreReportedButDoNotFail) {
  const ThirdPartyRun run =
      run_third_party(faulty_target(Fault::RefuseEnPassantFens), "refuser", quick());
  EXPECT_FALSE(row(run, "refusals"));
  EXPECT_TRUE(all_passed(run));
  EXPECT_TRUE(std::any_of(run.summary.notes.begin(), run.summary.notes.end(),
                          [](const std::string& n) { return n.rfind("refused ", 0) == 0; }));
}

// Generated routes now and then pass 4096 plies (Fruit 2.1's unchecked history): a target whose
// history is bounded and refuses the move past it has that refusal counted, not failed.
TEST(ThirdParty, ARouteLongerThanATargetsHistoryIsACountedRefusal) {
  ThirdPartyOptions options = quick();
  options.suite.isolate = false;
  options.suite.cases = 2000;
  options.suite.only = {"incremental-equals-full", "reversibility"};
  const ThirdPartyRun run =
      run_third_party(faulty_target(Fault::HistoryOf4096Plies), "short history", options);
  for (const PropertyResult& r : run.results)
    EXPECT_TRUE(r.passed) << r.name << ": " << r.note
                          << (r.counterexample ? format_counterexample(*r.counterexample) : "");
  const TargetTally total = total_tally(run.results);
  EXPECT_GE(total.moves_refused, 2u) << refusal_note(total);
  EXPECT_EQ(total.fens_refused, 0u);
  ASSERT_FALSE(total.examples.empty());
  EXPECT_NE(total.examples.front().find("the game history is full (4096 plies)"), std::string::npos)
      << total.examples.front();
  EXPECT_TRUE(std::any_of(run.summary.notes.begin(), run.summary.notes.end(),
                          [](const std::string& n) { return n.rfind("refused 0 of ", 0) == 0; }));
}

// A pipelined target (an engine) may judge a FEN only when the key it went with is read: the
// refusal is counted then, the case dropped as at set_position, and a sweep line from a refused
// start is skipped, not the sweep.
TEST(ThirdParty, ARefusalReadWithTheKeyIsCountedAndDropsOnlyItsCaseOrLine) {
  ThirdPartyOptions options = quick();
  options.suite.isolate = false;  // isolation drives a target one call at a time, unpipelined
  const ThirdPartyRun run = run_third_party(refuses_late_target(), "late refuser", options);
  EXPECT_FALSE(row(run, "refusals"));
  for (const PropertyResult& r : run.results)
    EXPECT_TRUE(r.passed) << r.name << ": " << r.note
                          << (r.counterexample ? format_counterexample(*r.counterexample) : "");
  const PropertyResult* sweep = row(run, "unequal-positions-unequal-keys");
  ASSERT_TRUE(sweep);
  EXPECT_FALSE(sweep->skipped) << sweep->note;
  EXPECT_EQ(sweep->cases, 1) << sweep->note;
  EXPECT_GT(sweep->tally.fens_refused, 0u) << sweep->note;
  const TargetTally total = total_tally(run.results);
  EXPECT_GT(total.fens_refused, 0u);
  EXPECT_LT(total.fens_refused, total.fens_given);
  EXPECT_TRUE(std::any_of(run.summary.notes.begin(), run.summary.notes.end(),
                          [](const std::string& n) { return n.rfind("refused ", 0) == 0; }));
}

// The sweep reads a line's keys once the next line is asked: a key that fails there is blamed
// on the line it belongs to, whose route reaches the position that failed.
TEST(ThirdParty, AKeyFailingInTheSweepIsShownOnItsOwnLine) {
  SuiteOptions options;
  options.cases = 20;
  options.only = {"unequal-positions-unequal-keys"};
  const std::vector<PropertyResult> results =
      run_suite(refuses_late_target(/*dies_at_pieces=*/20), options);
  ASSERT_EQ(results.size(), 1u);
  const PropertyResult& sweep = results.front();
  ASSERT_FALSE(sweep.passed) << sweep.note;
  ASSERT_TRUE(sweep.counterexample);
  const Counterexample& c = *sweep.counterexample;
  EXPECT_EQ(c.comparison, Comparison::TargetCrashed) << format_counterexample(c);
  Game game;
  ASSERT_TRUE(game.set(c.route.fen, polyglot_scheme(), any_position(c.route.chess960)).empty())
      << format_counterexample(c);
  for (const std::string& move : c.route.moves)
    ASSERT_TRUE(game.play_uci(move)) << move << "\n" << format_counterexample(c);
  EXPECT_EQ(popcount(game.position().pieces()), 20) << format_counterexample(c);
}

TEST(ThirdParty, ATargetThatCrashesOnTheStartPositionCannotBeUsed) {
  Target target;
  target.name = "dies";
  target.make = [] { return std::make_unique<Faulty>(Fault::AbortOnPromotion); };
  class DiesOnKey final : public HashUnderTest {
   public:
    std::string name() const override { return "dies"; }
    Capabilities capabilities() const override { return {}; }
    Expected<Done> set_position(std::string_view, bool) override { return Done{}; }
    Expected<Done> make_move(std::string_view) override { return Done{}; }
    Expected<Done> unmake_move() override { return Done{}; }
    Expected<Key> key() override { std::abort(); }
  };
  target.make = [] { return std::make_unique<DiesOnKey>(); };
  const ThirdPartyRun run = run_third_party(target, "plugin:dies", quick());
  ASSERT_TRUE(run.unusable);
  EXPECT_NE(run.unusable->find("crashed in key"), std::string::npos) << *run.unusable;
}

}  // namespace
}  // namespace zobrist_verify::properties
