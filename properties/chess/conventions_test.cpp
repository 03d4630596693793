// Convention detection tells the en-passant rules apart black-box, finds a key that depends on
// the halfmove clock, and calls a target whose rule depends on the route "unknown".
#include <gtest/gtest.h>

#include "chess/conventions.h"
#include "chess/position_tools.h"
#include "chess/test_targets.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {
namespace {

using namespace test_targets;

Target black_box(const KeyScheme& scheme) {
  Target target = reference_target(scheme);
  target.expected_scheme = nullptr;
  return target;
}

TEST(Conventions, TellsEveryLegitimateRuleApart) {
  for (EnPassantRule rule :
       {EnPassantRule::Always, EnPassantRule::PseudoLegal, EnPassantRule::Legal}) {
    const KeyScheme scheme = polyglot_with_rule(rule);
    const Conventions found = detect_conventions(black_box(scheme));
    ASSERT_TRUE(found.en_passant_rule) << to_string(rule) << ": " << found.summary;
    EXPECT_EQ(*found.en_passant_rule, rule) << found.summary;
    EXPECT_FALSE(found.halfmove_dependent) << found.halfmove_evidence;
    EXPECT_FALSE(convention_failure(black_box(scheme), found));
  }
}

TEST(Conventions, RusticsSchemeIsAlwaysAndStockfishsRawKeyPseudoLegal) {
  EXPECT_EQ(detect_conventions(black_box(rustic_scheme())).en_passant_rule, EnPassantRule::Always);
  EXPECT_EQ(detect_conventions(black_box(stockfish_scheme())).en_passant_rule,
            EnPassantRule::PseudoLegal);
}

TEST(Conventions, NeverIsReportedAndFailsTheEnPassantPropertyUnlessAccepted) {
  const KeyScheme scheme = polyglot_with_rule(EnPassantRule::Never);
  Target target = black_box(scheme);
  const Conventions found = detect_conventions(target);
  ASSERT_EQ(found.en_passant_rule, EnPassantRule::Never) << found.summary;
  const std::optional<PropertyResult> failure = convention_failure(target, found);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->name, "en-passant");
  ASSERT_TRUE(failure->counterexample);
  EXPECT_EQ(failure->counterexample->comparison, Comparison::DifferentKeys);
  ASSERT_EQ(failure->counterexample->positions.size(), 2u);
  EXPECT_EQ(failure->counterexample->positions[0].key, failure->counterexample->positions[1].key);
  EXPECT_FALSE(convention_failure(target, found, /*never_accepted=*/true));  // --en-passant never
}

TEST(Conventions, ARuleThatDependsOnTheRouteIsASplitWithThePositionsThatShowIt) {
  Target target;
  target.name = "mixed";
  target.make = [] { return legal_on_set_pseudo_on_move(); };
  const Conventions found = detect_conventions(target);
  EXPECT_FALSE(found.en_passant_rule) << found.summary;
  EXPECT_EQ(found.fen_rule, EnPassantRule::Legal) << found.summary;
  EXPECT_EQ(found.move_rule, EnPassantRule::PseudoLegal) << found.summary;
  EXPECT_EQ(convention_text(found), "fen=legal,move=pseudo-legal");
  EXPECT_NE(found.summary.find("split"), std::string::npos) << found.summary;
  const std::optional<PropertyResult> failure = convention_failure(target, found);
  ASSERT_TRUE(failure);
  ASSERT_TRUE(failure->counterexample);
  const Counterexample& c = *failure->counterexample;
  EXPECT_NE(c.what.find("pinned"), std::string::npos) << c.what;
  ASSERT_EQ(c.positions.size(), 2u);
  EXPECT_NE(c.positions[0].key, c.positions[1].key);
}

// The always rule with White to move, never with Black: no rule explains it, by either route.
class SideDependentRule final : public GameBacked {
 public:
  SideDependentRule() : GameBacked(polyglot_scheme()) {}
  std::string name() const override { return "side-dependent"; }
  Capabilities capabilities() const override { return {}; }
  Expected<Done> unmake_move() override { return Error{"no unmake"}; }
  Expected<Key> key() override {
    const Position& pos = game_.position();
    Key key = pos.key();
    if (en_passant_term_applies(pos, EnPassantRule::PseudoLegal))
      key ^= polyglot_scheme().en_passant[pos.ep_square()];  // the scheme's term taken out
    if (pos.ep_square() != NoSquare && pos.side_to_move() == White)
      key ^= polyglot_scheme().en_passant[pos.ep_square()];
    return key;
  }
};

TEST(Conventions, AnUnknownRuleSaysNoRuleExplainsTheKeysOnce) {
  Target target;
  target.name = "side-dependent";
  target.make = [] { return std::make_unique<SideDependentRule>(); };
  const Conventions found = detect_conventions(target);
  EXPECT_EQ(convention_text(found), "unknown") << found.summary;
  const std::optional<PropertyResult> failure = convention_failure(target, found);
  ASSERT_TRUE(failure && failure->counterexample);
  const std::string& what = failure->counterexample->what;
  const std::string phrase = "no en-passant rule explains the keys";
  ASSERT_EQ(what.find(phrase), 0u) << what;
  EXPECT_EQ(what.find(phrase, 1), std::string::npos) << what;
}

TEST(Conventions, ASplitIsNamedOnceWithBothRules) {
  Target target;
  target.name = "mixed";
  target.make = [] { return legal_on_set_pseudo_on_move(); };
  const std::optional<PropertyResult> failure =
      convention_failure(target, detect_conventions(target));
  ASSERT_TRUE(failure && failure->counterexample);
  const std::string& what = failure->counterexample->what;
  ASSERT_EQ(what.find("split: when a FEN is set the keys follow the legal rule, when a move is "
                      "made the pseudo-legal rule"),
            0u)
      << what;
  EXPECT_EQ(what.find("split", 1), std::string::npos) << what;
}

TEST(Conventions, FindsAKeyThatDependsOnTheHalfmoveClock) {
  Target target;
  target.name = "printed";
  target.make = [] { return std::make_unique<PrintedStockfishKey>(); };
  const Conventions found = detect_conventions(target);
  EXPECT_TRUE(found.halfmove_dependent);
  EXPECT_NE(found.halfmove_evidence.find("halfmove clock at 14"), std::string::npos)
      << found.halfmove_evidence;
  EXPECT_EQ(found.en_passant_rule, EnPassantRule::PseudoLegal) << found.summary;
}

TEST(Conventions, AClockDependentKeyPassesEveryPropertyOnceTheClockIsPartOfThePosition) {
  Target target;
  target.name = "printed";
  target.make = [] { return std::make_unique<PrintedStockfishKey>(); };
  target.halfmove_dependent = true;
  SuiteOptions options;
  options.cases = 300;
  for (const PropertyResult& r : run_suite(target, options))
    EXPECT_TRUE(r.passed) << r.name << ": " << r.note
                          << (r.counterexample ? format_counterexample(*r.counterexample) : "");
  // Without it, routes to one position with clocks in different buckets get different keys.
  target.halfmove_dependent = false;
  options.cases = 2000;
  options.only = {"unequal-positions-unequal-keys"};
  EXPECT_FALSE(run_suite(target, options).front().passed);
}

TEST(Conventions, SurviveTheirEncoding) {
  const Conventions found = detect_conventions(black_box(rustic_scheme()));
  const std::optional<Conventions> decoded = decode_conventions(encode_conventions(found));
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->en_passant_rule, found.en_passant_rule);
  EXPECT_EQ(decoded->summary, found.summary);
  Target mixed;
  mixed.name = "mixed";
  mixed.make = [] { return legal_on_set_pseudo_on_move(); };
  const Conventions split = detect_conventions(mixed);
  const std::optional<Conventions> split_decoded = decode_conventions(encode_conventions(split));
  ASSERT_TRUE(split_decoded);
  EXPECT_EQ(convention_text(*split_decoded), "fen=legal,move=pseudo-legal");
  ASSERT_EQ(decoded->observations.size(), found.observations.size());
  EXPECT_EQ(decoded->observations[3].after_fen, found.observations[3].after_fen);
  EXPECT_EQ(decoded->observations[3].present_via_move, found.observations[3].present_via_move);
}

}  // namespace
}  // namespace zobrist_verify::properties
