// A deliberately broken target fails with a shrunk counterexample that replays, and failures never
// print, throw out of run_property or abort, whatever the target does.
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>

#include "chess/test_targets.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {
namespace {

// The reference, except that a null move XORs the en-passant key but forgets the side key: every
// key after an odd number of null moves lacks the side term.
class ForgetsSideKeyOnNullMove final : public HashUnderTest {
 public:
  explicit ForgetsSideKeyOnNullMove(const KeyScheme& scheme)
      : inner_(make_reference_hash(scheme)), side_term_(scheme.side_white ^ scheme.side_black) {}

  std::string name() const override { return "forgets-side-key-on-null-move"; }
  Capabilities capabilities() const override { return inner_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    nulls_.clear();
    return inner_->set_position(fen, chess960);
  }
  Expected<Done> make_move(std::string_view uci) override {
    Expected<Done> done = inner_->make_move(uci);
    if (done) nulls_.push_back(uci == "0000");
    return done;
  }
  Expected<Done> unmake_move() override {
    Expected<Done> done = inner_->unmake_move();
    if (done && !nulls_.empty()) nulls_.pop_back();
    return done;
  }
  Expected<Key> key() override {
    Expected<Key> key = inner_->key();
    if (!key) return key;
    Key offset = 0;
    for (bool null : nulls_) offset ^= null ? side_term_ : 0;
    return *key ^ offset;
  }
  Expected<Key> pawn_key() override { return inner_->pawn_key(); }
  Expected<Key> material_key() override { return inner_->material_key(); }
  Expected<Key> aux_key(std::size_t i) override { return inner_->aux_key(i); }

 private:
  std::unique_ptr<HashUnderTest> inner_;
  Key side_term_;
  std::vector<bool> nulls_;
};

Target broken_target() {
  Target target;
  target.name = "broken";
  target.make = [] { return std::make_unique<ForgetsSideKeyOnNullMove>(polyglot_scheme()); };
  target.en_passant_rule = polyglot_scheme().en_passant_rule;
  return target;  // black box: no expected scheme
}

// The target's key after replaying the counterexample on a fresh instance.
Key replayed_key(HashUnderTest& hash, const Counterexample& c) {
  EXPECT_TRUE(hash.set_position(c.route.fen, c.route.chess960));
  for (const std::string& m : c.route.moves) EXPECT_TRUE(hash.make_move(m)) << m;
  Expected<Key> key = hash.key();
  EXPECT_TRUE(key);
  return key ? *key : 0;
}

class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, const std::string& value) : name_(name) {
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnvironment() { unsetenv(name_); }

 private:
  const char* name_;
};

TEST(BrokenTarget, IncrementalEqualsFullFailsWithAShrunkNullMoveGame) {
  const PropertyResult result = run_property("incremental-equals-full", broken_target(), {});
  ASSERT_FALSE(result.passed);
  ASSERT_TRUE(result.counterexample);
  const Counterexample& c = *result.counterexample;
  // Shrunk to the minimum: one null move.
  EXPECT_EQ(c.route.moves, std::vector<std::string>{"0000"}) << format_counterexample(c);
  EXPECT_EQ(c.ply, 0);
  EXPECT_NE(c.expected, c.actual);
  EXPECT_NE(c.reproduce.find("reproduce="), std::string::npos);
  std::printf("%s", format_counterexample(c).c_str());
}

TEST(BrokenTarget, EveryFailingPropertyShrinksToAtMostTwoMoves) {
  int failing = 0;
  for (const PropertyInfo& p : all_properties()) {
    const PropertyResult result = run_property(p.name, broken_target(), {});
    if (result.passed) continue;
    ++failing;
    ASSERT_TRUE(result.counterexample) << p.name << ": " << result.note;
    EXPECT_LE(result.counterexample->route.moves.size(), 2u)
        << p.name << "\n"
        << format_counterexample(*result.counterexample);
    std::printf("%s\n%s", p.name.c_str(), format_counterexample(*result.counterexample).c_str());
  }
  EXPECT_GE(failing, 2);  // at least incremental-equals-full and side-to-move
}

TEST(BrokenTarget, CounterexampleReplaysAgainstAFreshReference) {
  const PropertyResult result = run_property("incremental-equals-full", broken_target(), {});
  ASSERT_TRUE(result.counterexample);
  const Counterexample& c = *result.counterexample;
  ForgetsSideKeyOnNullMove broken(polyglot_scheme());
  auto reference = make_reference_hash(polyglot_scheme());
  const Key broken_key = replayed_key(broken, c);
  const Key reference_key = replayed_key(*reference, c);
  EXPECT_NE(broken_key, reference_key);
  EXPECT_EQ(broken_key, c.actual);
  EXPECT_EQ(reference_key, c.expected);
}

TEST(BrokenTarget, ReproduceStringReplaysTheSameCounterexample) {
  const PropertyResult first = run_property("side-to-move", broken_target(), {});
  ASSERT_TRUE(first.counterexample);
  ScopedEnvironment env("RC_PARAMS", first.counterexample->reproduce);
  SuiteOptions other_seed;
  other_seed.seed = 99;
  const PropertyResult again = run_property("side-to-move", broken_target(), other_seed);
  ASSERT_TRUE(again.counterexample) << again.note;
  EXPECT_EQ(again.counterexample->route.fen, first.counterexample->route.fen);
  EXPECT_EQ(again.counterexample->route.moves, first.counterexample->route.moves);
  EXPECT_EQ(again.counterexample->what, first.counterexample->what);
}

TEST(BrokenTarget, ReproduceStringLeavesOtherPropertiesUnrun) {
  const PropertyResult first = run_property("side-to-move", broken_target(), {});
  ASSERT_TRUE(first.counterexample);
  ScopedEnvironment env("RC_PARAMS", first.counterexample->reproduce);
  const PropertyResult other = run_property("castling", broken_target(), {});
  EXPECT_TRUE(other.passed);
  EXPECT_EQ(other.cases, 0);
  EXPECT_NE(other.note.find("not run"), std::string::npos);
}

TEST(BrokenTarget, SideToMoveFailsOnTheNullMove) {
  const PropertyResult result = run_property("side-to-move", broken_target(), {});
  ASSERT_TRUE(result.counterexample);
  EXPECT_NE(result.counterexample->what.find("null move"), std::string::npos)
      << format_counterexample(*result.counterexample);
  EXPECT_EQ(result.counterexample->route.moves.back(), "0000");
}

// The reference with one scheme, claiming another en-passant rule than the one it hashes by.
Target claiming(const KeyScheme& scheme, EnPassantRule claimed) {
  Target target = reference_target(scheme);
  target.expected_scheme = nullptr;
  target.en_passant_rule = claimed;
  return target;
}

TEST(BrokenTarget, PseudoLegalHashingClaimingLegalFailsEnPassant) {
  const PropertyResult result =
      run_property("en-passant", claiming(polyglot_scheme(), EnPassantRule::Legal), {});
  ASSERT_TRUE(result.counterexample) << result.note;
  EXPECT_NE(result.counterexample->what.find("only an illegal capture"), std::string::npos)
      << format_counterexample(*result.counterexample);
}

TEST(BrokenTarget, AlwaysHashingClaimingPseudoLegalFailsEqualPositions) {
  const PropertyResult result = run_property(
      "equal-positions-equal-keys", claiming(rustic_scheme(), EnPassantRule::PseudoLegal), {});
  EXPECT_FALSE(result.passed);
}

TEST(BrokenTarget, PropertiesThatNeverNullMoveStillPass) {
  Target target = broken_target();
  EXPECT_TRUE(run_property("pawn-and-material-keys", target, {}).passed);
}

TEST(BrokenTarget, FailingRunPrintsNothing) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  const PropertyResult result = run_property("incremental-equals-full", broken_target(), {});
  const std::string out = testing::internal::GetCapturedStdout();
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_FALSE(result.passed);
  EXPECT_EQ(out, "");
  EXPECT_EQ(err, "");
}

// A target that throws from make_move after a few moves.
class ThrowingTarget final : public HashUnderTest {
 public:
  std::string name() const override { return "throws"; }
  Capabilities capabilities() const override { return {}; }
  Expected<Done> set_position(std::string_view, bool) override { return Done{}; }
  Expected<Done> make_move(std::string_view) override { throw std::runtime_error("boom"); }
  Expected<Done> unmake_move() override { return Error{"no"}; }
  Expected<Key> key() override { return Key(42); }
};

TEST(BrokenTarget, ThrowingTargetFailsWithoutEscaping) {
  Target target;
  target.name = "throws";
  target.make = [] { return std::make_unique<ThrowingTarget>(); };
  const PropertyResult result = run_property("incremental-equals-full", target, {});
  EXPECT_FALSE(result.passed);
  ASSERT_TRUE(result.counterexample);
  EXPECT_NE(result.counterexample->what.find("boom"), std::string::npos);
}

// RapidCheck reruns the minimal case to describe it; when that rerun passes, the report says the
// target is nondeterministic and keeps the case that failed, with its keys (it used to read "no
// exceptions thrown", with fen ? and keys 0x0).
TEST(BrokenTarget, ACaseThatFailsOnceAndPassesWhenReplayedIsReportedAsNondeterminism) {
  const PropertyResult result =
      run_property("incremental-equals-full", test_targets::flips_one_key_target(50), {});
  ASSERT_FALSE(result.passed);
  ASSERT_TRUE(result.counterexample) << result.note;
  const Counterexample& c = *result.counterexample;
  EXPECT_EQ(c.what.rfind("the target is nondeterministic: the same case failed once and passed "
                         "when replayed; it first failed with: ",
                         0),
            0u)
      << format_counterexample(c);
  EXPECT_NE(c.route.fen, "?");
  EXPECT_EQ(c.comparison, Comparison::SameKey);
  EXPECT_EQ(c.expected ^ c.actual, 1u) << format_counterexample(c);
}

// A C++ exception out of the target is named with its type, its message and the call it escaped
// from, on the route it escaped on (it used to read "Exception thrown", with fen ? and keys 0x0).
TEST(BrokenTarget, AnExceptionIsReportedWithItsTypeMessageAndCall) {
  const PropertyResult result =
      run_property("incremental-equals-full", test_targets::throws_on_promotion_target(), {});
  ASSERT_TRUE(result.counterexample) << result.note;
  const Counterexample& c = *result.counterexample;
  EXPECT_EQ(c.comparison, Comparison::TargetError) << format_counterexample(c);
  EXPECT_NE(c.route.fen, "?");
  ASSERT_GE(c.ply, 0) << format_counterexample(c);
  ASSERT_EQ(c.route.moves.size(), std::size_t(c.ply) + 1);
  const std::string& move = c.route.moves.back();
  EXPECT_EQ(move.size(), 5u) << format_counterexample(c);
  EXPECT_EQ(c.what,
            "the target threw std::invalid_argument (\"promotions are not supported\") "
            "from make_move " +
                move);
  EXPECT_EQ(format_counterexample(c).find("0x0000000000000000"), std::string::npos)
      << format_counterexample(c);
}

TEST(BrokenTarget, TargetWithoutUnmakeSkipsReversibility) {
  Target target;
  target.name = "no unmake";
  target.make = [] { return std::make_unique<ThrowingTarget>(); };
  const PropertyResult result = run_property("reversibility", target, {});
  EXPECT_TRUE(result.skipped);
  EXPECT_TRUE(result.passed);
  EXPECT_NE(result.note.find("unmake"), std::string::npos);
}

TEST(BrokenTarget, FactoryReturningNothingFails) {
  Target target;
  target.name = "empty factory";
  target.make = [] { return std::unique_ptr<HashUnderTest>(); };
  const PropertyResult result = run_property("castling", target, {});
  EXPECT_FALSE(result.passed);
  EXPECT_FALSE(result.note.empty());
}

TEST(BrokenTarget, RejectingEveryFenFailsAtTheStart) {
  class Rejects final : public HashUnderTest {
   public:
    std::string name() const override { return "rejects"; }
    Capabilities capabilities() const override { return {}; }
    Expected<Done> set_position(std::string_view, bool) override { return Error{"no FENs"}; }
    Expected<Done> make_move(std::string_view) override { return Done{}; }
    Expected<Done> unmake_move() override { return Done{}; }
    Expected<Key> key() override { return Key(1); }
  };
  Target target;
  target.name = "rejects";
  target.make = [] { return std::make_unique<Rejects>(); };
  const PropertyResult result = run_property("en-passant", target, {});
  ASSERT_TRUE(result.counterexample);
  EXPECT_EQ(result.counterexample->ply, -1);
  EXPECT_EQ(result.counterexample->comparison, Comparison::TargetError);
  EXPECT_EQ(result.counterexample->target_error, "no FENs");
  EXPECT_NE(format_counterexample(*result.counterexample).find("target:    no FENs"),
            std::string::npos);
}

TEST(BrokenZeroKeys, AKeyOfZeroFailsShowingThePositionItsRouteAndTheKey) {
  const PropertyResult result =
      run_property("zero-keys", test_targets::kings_left_out_target(/*from_key=*/true), {});
  ASSERT_FALSE(result.passed);
  ASSERT_TRUE(result.counterexample) << result.note;
  const Counterexample& c = *result.counterexample;
  EXPECT_EQ(c.what.rfind("the key is 0 in ", 0), 0u) << format_counterexample(c);
  EXPECT_NE(c.what.find("probability 2^-64"), std::string::npos) << c.what;
  // No two keys were compared: the position and the target's key for it.
  EXPECT_EQ(c.comparison, Comparison::NoKeys);
  ASSERT_EQ(c.positions.size(), 1u);
  EXPECT_EQ(c.positions[0].route.fen, c.route.fen);
  EXPECT_EQ(c.positions[0].route.moves, c.route.moves);
  EXPECT_EQ(c.positions[0].key, 0u);
  const std::string text = format_counterexample(c);
  EXPECT_NE(text.find("key 0x0000000000000000"), std::string::npos) << text;
  EXPECT_EQ(text.find("expected:"), std::string::npos) << text;
  std::printf("%s", text.c_str());
  // Replayed on a fresh instance, the route ends at bare kings, White to move, keyed 0.
  test_targets::KingsLeftOut fresh(/*from_key=*/true);
  EXPECT_EQ(replayed_key(fresh, c), 0u);
  Game game;
  ASSERT_TRUE(game.set(c.route.fen, polyglot_scheme()).empty());
  for (const std::string& m : c.route.moves) ASSERT_TRUE(game.play_uci(m));
  EXPECT_EQ(popcount(game.position().pieces()), 2);
  EXPECT_EQ(game.position().side_to_move(), White);
}

TEST(BrokenZeroKeys, AMaterialKeyOfZeroWithBareKingsIsAWarningNotAFailure) {
  const PropertyResult result =
      run_property("zero-keys", test_targets::kings_left_out_target(/*from_key=*/false), {});
  EXPECT_TRUE(result.passed) << (result.counterexample
                                     ? format_counterexample(*result.counterexample)
                                     : result.note);
  bool material = false;
  for (const std::string& w : result.warnings)
    material =
        material || w.rfind("the material key is 0 in every bare-king position checked (", 0) == 0;
  EXPECT_TRUE(material) << testing::PrintToString(result.warnings);
}

// The reference with a pawn key that is always 0: declared, never implemented.
class PawnKeyAlwaysZero final : public HashUnderTest {
 public:
  PawnKeyAlwaysZero() : inner_(make_reference_hash(polyglot_scheme())) {}
  std::string name() const override { return "pawn-key-always-zero"; }
  Capabilities capabilities() const override { return inner_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    return inner_->set_position(fen, chess960);
  }
  Expected<Done> make_move(std::string_view uci) override { return inner_->make_move(uci); }
  Expected<Done> unmake_move() override { return inner_->unmake_move(); }
  Expected<Key> key() override { return inner_->key(); }
  Expected<Key> pawn_key() override { return Key(0); }
  Expected<Key> material_key() override { return inner_->material_key(); }
  Expected<Key> aux_key(std::size_t i) override { return inner_->aux_key(i); }

 private:
  std::unique_ptr<HashUnderTest> inner_;
};

TEST(BrokenZeroKeys, APawnKeyOfZeroWithPawnsOnTheBoardFails) {
  Target target;
  target.name = "pawn-key-always-zero";
  target.make = [] { return std::make_unique<PawnKeyAlwaysZero>(); };
  const PropertyResult result = run_property("zero-keys", target, {});
  ASSERT_TRUE(result.counterexample) << result.note;
  EXPECT_NE(result.counterexample->what.find(", which has pawns: "), std::string::npos)
      << format_counterexample(*result.counterexample);
}

}  // namespace
}  // namespace zobrist_verify::properties
