// The mutation catalogue, checked three ways: the bug-free MutantHasher agrees with the reference
// on exact keys (it is a second implementation of hashing); every mutant's witness shows its bug
// against the reference; and the property suite, black-box, kills every mutant.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <stdexcept>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/mutants/mutant_runs.h"
#include "zobrist_verify/mutants/mutants.h"

namespace zobrist_verify::properties {

// gtest prints a parameter with this: the mutant's name rather than its bytes.
void PrintTo(const MutantInfo& mutant, std::ostream* out) {
  *out << mutant.name;
}

namespace {

struct StartPosition {
  std::string fen;
  bool chess960 = false;
};

// Positions where the special cases live: castling on both wings, pinned en passant and en
// passant in check, promotions, X-FEN castling, Chess960. All are reachable in a legal game.
const std::vector<StartPosition>& start_positions() {
  static const std::vector<StartPosition> positions = {
      {StartFen},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
      {"r2q1rk1/pP1p2pp/Q4n2/bbp1p1N1/Np6/1B4Bn/pPPP1PPP/R3K2R b KQ - 0 1"},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
      {"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1"},
      {"8/8/7k/8/3Pp3/8/8/2B1K3 b - d3 0 1"},
      {"r2r2k1/p7/3p4/8/8/P6P/8/R3K2R b q - 0 1"},
      {"4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1"},
      {"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", true},
      {"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", true},
      {"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", true},
      {"8/P2k4/8/2pP4/8/8/5Kp1/8 w - c6 0 1"},
  };
  return positions;
}

// The move a random game plays: special moves (castling, en passant, promotions, double pushes,
// captures) half the time when there are any.
std::string pick_move(const Position& pos, std::mt19937_64& rng) {
  const MoveList moves = legal_moves(pos);
  std::vector<Move> special;
  for (Move m : moves) {
    const bool double_push =
        type_of(pos.moved_piece(m)) == Pawn && (int(m.from()) ^ int(m.to())) == 16;
    if (m.kind() != MoveKind::Normal || double_push || !pos.empty(m.to())) special.push_back(m);
  }
  const bool use_special = !special.empty() && rng() % 2 == 0;
  const std::vector<Move> all(moves.begin(), moves.end());
  const std::vector<Move>& from = use_special ? special : all;
  return move_to_uci(pos, from[rng() % from.size()]);
}

// Describes the first key, pawn key, material key or auxiliary key where `actual` differs from
// `expected`.
std::optional<std::string> compare_keys(HashUnderTest& expected, HashUnderTest& actual) {
  const std::pair<const char*, Expected<Key> (HashUnderTest::*)()> reads[] = {
      {"key", &HashUnderTest::key},
      {"pawn key", &HashUnderTest::pawn_key},
      {"material key", &HashUnderTest::material_key}};
  for (const auto& [what, read] : reads) {
    Expected<Key> want = (expected.*read)();
    Expected<Key> got = (actual.*read)();
    if (!want || !got) return std::string(what) + ": " + (!want ? want.error() : got.error());
    if (*want != *got)
      return std::string(what) + " expected " + hex_key(*want) + ", actual " + hex_key(*got);
  }
  const std::vector<AuxKeyDescription> aux = expected.capabilities().aux_keys;
  if (actual.capabilities().aux_keys != aux) return "the auxiliary keys declared differ";
  for (std::size_t i = 0; i < aux.size(); ++i) {
    Expected<Key> want = expected.aux_key(i);
    Expected<Key> got = actual.aux_key(i);
    if (!want || !got) return aux[i].name + ": " + (!want ? want.error() : got.error());
    if (*want != *got)
      return aux[i].name + " expected " + hex_key(*want) + ", actual " + hex_key(*got);
  }
  return std::nullopt;
}

// Plays a random game of `plies` steps (moves, null moves and unmakes) on both implementations
// and returns the first step where their keys differ, as a reproduction.
std::optional<std::string> first_difference(HashUnderTest& expected, HashUnderTest& actual,
                                            const StartPosition& start, std::uint64_t seed,
                                            int plies) {
  Game driver;
  if (!driver.set(start.fen, polyglot_scheme(), FenOptions{start.chess960}).empty())
    return "bad start FEN " + start.fen;
  if (!expected.set_position(start.fen, start.chess960) ||
      !actual.set_position(start.fen, start.chess960))
    return "set_position failed on " + start.fen;
  std::mt19937_64 rng(seed);
  std::string steps;
  auto failure = [&](const std::string& why) {
    return "from '" + start.fen + "' after '" + steps + "': " + why;
  };
  if (auto diff = compare_keys(expected, actual)) return failure(*diff);

  for (int ply = 0; ply < plies; ++ply) {
    const Position& pos = driver.position();
    const unsigned roll = unsigned(rng() % 100);
    std::string step;
    if (roll < 10 && !driver.moves().empty()) {
      step = "undo";
      driver.undo();
      if (!expected.unmake_move() || !actual.unmake_move()) return failure("unmake failed");
    } else {
      if (roll < 16 && !pos.checkers()) {
        step = "0000";
      } else {
        if (!has_legal_move(pos)) break;
        step = pick_move(pos, rng);
      }
      if (!driver.play_uci(step) || !expected.make_move(step) || !actual.make_move(step))
        return failure("move " + step + " failed");
    }
    steps += (steps.empty() ? "" : " ") + step;
    if (auto diff = compare_keys(expected, actual)) return failure(*diff);
  }
  return std::nullopt;
}

// Replays a witness ("undo" takes back) and says whether some key ever differed.
Expected<bool> witness_differs(HashUnderTest& expected, HashUnderTest& actual,
                               const MutantInfo& mutant) {
  if (!expected.set_position(mutant.witness_fen, mutant.witness_chess960) ||
      !actual.set_position(mutant.witness_fen, mutant.witness_chess960))
    return Error{"set_position failed on " + mutant.witness_fen};
  bool differs = compare_keys(expected, actual).has_value();
  std::size_t i = 0;
  const std::string& moves = mutant.witness_moves;
  while (i < moves.size()) {
    std::size_t j = moves.find(' ', i);
    if (j == std::string::npos) j = moves.size();
    const std::string step = moves.substr(i, j - i);
    i = j + 1;
    const bool ok = step == "undo" ? expected.unmake_move() && actual.unmake_move()
                                   : expected.make_move(step) && actual.make_move(step);
    if (!ok) return Error{"witness step '" + step + "' failed"};
    differs = differs || compare_keys(expected, actual).has_value();
  }
  return differs;
}

struct Claim {
  const KeyScheme* scheme;
  EnPassantRule rule;
};

KeyScheme with_rule(const KeyScheme& scheme, EnPassantRule rule) {
  KeyScheme copy = scheme;
  copy.en_passant_rule = rule;
  return copy;
}

TEST(MutantCatalogue, HasAtLeastTwentyMutants) {
  EXPECT_GE(mutants().size(), 20u);
}

TEST(MutantCatalogue, PlantsEveryBugExactlyOnce) {
  std::multiset<Bug> planted;
  for (const MutantInfo& m : mutants()) planted.insert(m.bug);
  EXPECT_EQ(planted.count(Bug::None), 0u);
  for (int b = int(Bug::None) + 1; b < int(Bug::Count); ++b)
    EXPECT_EQ(planted.count(Bug(b)), 1u) << "bug number " << b;
}

TEST(MutantCatalogue, NamesAreUniqueKebabCase) {
  std::set<std::string> names;
  for (const MutantInfo& m : mutants()) {
    EXPECT_TRUE(names.insert(m.name).second) << m.name;
    for (char c : m.name)
      EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') << m.name;
  }
}

TEST(MutantCatalogue, UsesOnlyBuiltInSchemes) {
  for (const MutantInfo& m : mutants())
    EXPECT_TRUE(builtin_scheme(m.scheme).has_value()) << m.name << ": " << m.scheme;
}

TEST(MutantCatalogue, EveryEntryIsDocumented) {
  for (const MutantInfo& m : mutants()) {
    EXPECT_FALSE(m.description.empty()) << m.name;
    EXPECT_FALSE(m.mirrors.empty()) << m.name;
  }
}

// Every built-in scheme with its own rule, and with the legal rule (Stockfish 16 style) where that
// is not its own.
const std::vector<Claim>& control_claims() {
  static const std::vector<Claim> claims = [] {
    std::vector<Claim> all;
    for (const BuiltinScheme& row : builtin_schemes()) {
      all.push_back({&row.scheme(), row.scheme().en_passant_rule});
      if (row.scheme().en_passant_rule != EnPassantRule::Legal)
        all.push_back({&row.scheme(), EnPassantRule::Legal});
    }
    return all;
  }();
  return claims;
}

// Bug::None is a second implementation of hashing: exact keys, for every scheme and rule.
TEST(MutantHasherControl, AgreesWithReferenceOnRandomGames) {
  for (const Claim& claim : control_claims()) {
    const KeyScheme reference_scheme = with_rule(*claim.scheme, claim.rule);
    std::uint64_t seed = 1;
    for (const StartPosition& start : start_positions()) {
      for (int game = 0; game < 12; ++game, ++seed) {
        auto reference = make_reference_hash(reference_scheme);
        MutantHasher control("control", *claim.scheme, claim.rule, Bug::None);
        auto diff = first_difference(*reference, control, start, seed, 80);
        ASSERT_FALSE(diff) << claim.scheme->name << " (" << to_string(claim.rule) << "), seed "
                           << seed << ": " << *diff;
      }
    }
  }
}

TEST(MutantHasherControl, AgreesWithReferenceOnEveryWitness) {
  for (const MutantInfo& m : mutants()) {
    const KeyScheme reference_scheme = mutant_reference_scheme(m);
    auto reference = make_reference_hash(reference_scheme);
    MutantHasher control("control", **builtin_scheme(m.scheme), m.en_passant_rule, Bug::None);
    auto differs = witness_differs(*reference, control, m);
    ASSERT_TRUE(differs) << m.name << ": " << differs.error();
    EXPECT_FALSE(*differs) << m.name;
  }
}

// Each bug is real: its witness reaches a key the reference does not give.
TEST(MutantCatalogue, EveryWitnessShowsItsBug) {
  for (const MutantInfo& m : mutants()) {
    const KeyScheme reference_scheme = mutant_reference_scheme(m);
    auto reference = make_reference_hash(reference_scheme);
    auto mutant = make_mutant(m);
    auto differs = witness_differs(*reference, *mutant, m);
    ASSERT_TRUE(differs) << m.name << ": " << differs.error();
    EXPECT_TRUE(*differs) << m.name << " agrees with the reference on its witness";
  }
}

// The control as a black-box target passes every property, and matches the exact keys too.
TEST(MutantHasherControl, PassesEveryPropertyForEveryClaim) {
  for (const Claim& claim : control_claims()) {
    const KeyScheme reference_scheme = with_rule(*claim.scheme, claim.rule);
    Target target;
    target.name = "control:" + claim.scheme->name;
    target.make = [&] {
      return std::make_unique<MutantHasher>("control", *claim.scheme, claim.rule, Bug::None);
    };
    target.en_passant_rule = claim.rule;
    target.expected_scheme = &reference_scheme;
    for (const PropertyResult& result : run_suite(target, SuiteOptions{})) {
      EXPECT_TRUE(result.passed) << target.name << " (" << to_string(claim.rule) << ") "
                                 << result.name << ": " << result.note
                                 << (result.counterexample
                                         ? "\n" + format_counterexample(*result.counterexample)
                                         : "");
    }
  }
}

// An entry checked against its scheme gets the built-in scheme itself, which must follow the rule
// the entry claims.
TEST(MutantCatalogue, EntriesThatExpectTheirSchemeClaimItsRule) {
  for (const MutantInfo& m : mutants()) {
    const Target target = mutant_target(m);
    if (!m.expects_scheme) {
      EXPECT_EQ(target.expected_scheme, nullptr) << m.name;
      continue;
    }
    ASSERT_NE(target.expected_scheme, nullptr) << m.name;
    EXPECT_EQ(target.expected_scheme, *builtin_scheme(m.scheme)) << m.name;
    EXPECT_EQ(target.expected_scheme->en_passant_rule, m.en_passant_rule) << m.name;
  }
}

const MutantInfo& catalogue_entry(const std::string& name) {
  for (const MutantInfo& m : mutants())
    if (m.name == name) return m;
  throw std::logic_error("no mutant " + name);
}

// Stockfish before PR #887: both key paths agree on a pawn key of 0 in every pawnless position,
// so only the zero itself, against the scheme's noPawns key, shows the bug.
TEST(NoPawnsTermDropped, ZeroKeysKillsItUnderItsScheme) {
  const PropertyResult result =
      run_property("zero-keys", mutant_target(catalogue_entry("no-pawns-term-dropped")), {});
  ASSERT_TRUE(result.counterexample) << result.note;
  const Counterexample& c = *result.counterexample;
  EXPECT_EQ(c.comparison, Comparison::SameKey);
  EXPECT_EQ(c.actual, 0u);
  EXPECT_EQ(c.expected, stockfish_scheme().no_pawns) << format_counterexample(c);
  EXPECT_NE(c.what.find("a pawnless position, where the stockfish scheme's is not"),
            std::string::npos)
      << c.what;
  EXPECT_NE(c.what.find("Stockfish PR #887"), std::string::npos) << c.what;
}

TEST(NoPawnsTermDropped, BothKeyPathsAgreeSoBlackBoxItOnlyWarns) {
  Target target = mutant_target(catalogue_entry("no-pawns-term-dropped"));
  target.expected_scheme = nullptr;
  SuiteOptions options;
  options.only = {"incremental-equals-full", "reversibility", "zero-keys"};
  const std::vector<PropertyResult> results = run_suite(target, options);
  ASSERT_EQ(results.size(), 3u);
  for (const PropertyResult& r : results) EXPECT_TRUE(r.passed) << r.name << ": " << r.note;
  ASSERT_EQ(results[2].warnings.size(), 1u) << testing::PrintToString(results[2].warnings);
  EXPECT_EQ(results[2].warnings[0].rfind("the pawn key is 0 in every pawnless position", 0), 0u)
      << results[2].warnings[0];
}

// pawn-and-material-keys on its own catches a pawn key and a material key that go wrong
// incrementally: it compares them with a fresh instance's after every move it plays.
TEST(PawnAndMaterialKeys, CatchesEachKeyGoingWrongIncrementally) {
  const std::pair<const char*, const char*> bugs[] = {
      {"pawn-key-misses-captured-pawn", "pawn key after make_move vs a fresh set_position of "},
      {"material-key-off-by-one-on-promotion",
       "material key after make_move vs a fresh set_position of "},
  };
  for (const auto& [mutant, what] : bugs) {
    const PropertyResult result =
        run_property("pawn-and-material-keys", mutant_target(catalogue_entry(mutant)), {});
    ASSERT_TRUE(result.counterexample) << mutant << ": " << result.note;
    EXPECT_EQ(result.counterexample->what.rfind(what, 0), 0u)
        << mutant << ": " << result.counterexample->what;
    EXPECT_NE(result.counterexample->expected, result.counterexample->actual) << mutant;
  }
}

// The suite's other half of the bargain, that what it kills is wrong and not merely different, is
// reference_properties_test.cpp's: every built-in scheme passes every property at the default
// budget, exact and black-box (ReferenceScheme.PropertyHolds).

// The kill test: the suite, black-box at its default budget, fails at least one property on
// every mutant. Each row says which property and after how many cases.
class MutantKill : public testing::TestWithParam<MutantInfo> {};

TEST_P(MutantKill, IsKilledByAtLeastOnePropertyWithinTheDefaultBudget) {
  const MutantInfo& mutant = GetParam();
  const MutantRun run = run_mutant(mutant, SuiteOptions{});
  for (const PropertyResult& result : run.results)
    EXPECT_FALSE(result.skipped) << mutant.name << ": " << result.name
                                 << " skipped: " << result.note;
  EXPECT_TRUE(run.killed) << mutant.name << " survived every property";
  if (run.killed)
    std::printf("[ mutant   ] %-44s killed by %-30s after %3d cases, %.2f s\n", mutant.name.c_str(),
                run.killed_by.c_str(), run.cases, run.seconds);
}

// The kill test's converse: every property of the contract fails on at least one mutant of the
// catalogue, at the default budget, so that a property that catches nothing cannot be added (a
// new property comes with a bug it catches, docs/architecture.md). Each mutant runs only the
// properties no earlier mutant has failed yet.
TEST(PropertyKill, EveryPropertyFailsOnAtLeastOneMutant) {
  std::map<std::string, std::string> failed_on;  // property -> the first mutant it failed on
  // From the end of the catalogue: its last entries plant the bugs only the later properties of
  // the contract catch, so that fewer properties run their whole budget on a mutant.
  // (Reverse iterators, not std::views::reverse, which clang 14 cannot use with libstdc++ 12.)
  for (auto entry = mutants().rbegin(); entry != mutants().rend(); ++entry) {
    const MutantInfo& mutant = *entry;
    SuiteOptions options;
    for (const PropertyInfo& property : all_properties())
      if (!failed_on.contains(property.name)) options.only.push_back(property.name);
    if (options.only.empty()) break;
    const MutantRun run = run_mutant(mutant, options, MutantRunMode::AllProperties);
    for (const PropertyResult& result : run.results)
      if (!result.passed && !result.skipped) failed_on.emplace(result.name, mutant.name);
  }
  for (const PropertyInfo& property : all_properties()) {
    EXPECT_TRUE(failed_on.contains(property.name))
        << property.name << " fails on no mutant of the catalogue: add the bug it catches";
    if (failed_on.contains(property.name))
      std::printf("[ property ] %-30s fails on %s\n", property.name.c_str(),
                  failed_on[property.name].c_str());
  }
}

std::string test_name(const testing::TestParamInfo<MutantInfo>& info) {
  std::string name = info.param.name;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Catalogue, MutantKill, testing::ValuesIn(mutants()), test_name);

}  // namespace
}  // namespace zobrist_verify::properties
