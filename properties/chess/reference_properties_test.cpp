// Every property holds for every built-in reference scheme, with exact keys expected and as a
// black box. These are the suite's GoogleTest runs: the same run_property the CLI calls, with
// RapidCheck underneath (RC_PARAMS scales them up or replays a failure).
#include <gtest/gtest.h>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {
namespace {

struct PropertyCase {
  std::string scheme;
  bool exact;  // expected_scheme set
  std::string property;
};

std::vector<PropertyCase> all_cases() {
  std::vector<PropertyCase> cases;
  for (const std::string& scheme : builtin_scheme_names())
    for (bool exact : {true, false})
      for (const PropertyInfo& p : all_properties()) cases.push_back({scheme, exact, p.name});
  return cases;
}

std::string case_name(const testing::TestParamInfo<PropertyCase>& info) {
  std::string name =
      info.param.scheme + (info.param.exact ? "_exact_" : "_black_box_") + info.param.property;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

class ReferenceScheme : public testing::TestWithParam<PropertyCase> {};

TEST_P(ReferenceScheme, PropertyHolds) {
  const PropertyCase& param = GetParam();
  Expected<const KeyScheme*> scheme = builtin_scheme(param.scheme);
  ASSERT_TRUE(scheme) << scheme.error();
  Target target = reference_target(**scheme);
  if (!param.exact) {
    target.expected_scheme = nullptr;
    target.name += " (black box)";
  }
  const PropertyResult result = run_property(param.property, target, SuiteOptions{});
  EXPECT_TRUE(result.passed) << result.note << "\n"
                             << (result.counterexample
                                     ? format_counterexample(*result.counterexample)
                                     : std::string());
  EXPECT_FALSE(result.skipped) << result.note;
  EXPECT_GE(result.cases, 1);
  if (!result.note.empty()) std::printf("%s: %s\n", param.property.c_str(), result.note.c_str());
}

INSTANTIATE_TEST_SUITE_P(BuiltIn, ReferenceScheme, testing::ValuesIn(all_cases()), case_name);

TEST(ReferenceSuite, RunsEveryPropertyOfTheContractInOrder) {
  const Target target = reference_target(polyglot_scheme());
  SuiteOptions options;
  options.cases = 5;
  const std::vector<PropertyResult> results = run_suite(target, options);
  ASSERT_EQ(results.size(), all_properties().size());
  for (std::size_t i = 0; i < results.size(); ++i)
    EXPECT_EQ(results[i].name, all_properties()[i].name);
}

TEST(ReferenceSuite, RunsOnlyThePropertiesAsked) {
  SuiteOptions options;
  options.cases = 5;
  options.only = {"castling", "en-passant"};
  const std::vector<PropertyResult> results = run_suite(reference_target(rustic_scheme()), options);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].name, "en-passant");  // contract order, not the order asked
  EXPECT_EQ(results[1].name, "castling");
}

TEST(ReferenceSuite, PassesOnASeededScheme) {
  const KeyScheme scheme = seeded_scheme(12345);
  SuiteOptions options;
  options.cases = 30;
  for (const PropertyResult& r : run_suite(reference_target(scheme), options))
    EXPECT_TRUE(r.passed) << r.name << ": " << r.note;
}

// A scheme file keyed by rook square (Ethereal 12's tables, corpus/keys/ethereal-12.scheme):
// every property holds, Chess960 games included, with exact keys expected and as a black box.
TEST(ReferenceSuite, PassesOnASchemeFileKeyedByRookSquare) {
  const Expected<KeyScheme> scheme =
      load_scheme_file(std::string(ZV_CORPUS_DIR) + "/keys/ethereal-12.scheme");
  ASSERT_TRUE(scheme) << scheme.error();
  ASSERT_EQ(scheme->castling_keying, CastlingKeying::RookSquare);
  SuiteOptions options;
  options.cases = 50;
  for (bool exact : {true, false}) {
    Target target = reference_target(*scheme);
    if (!exact) target.expected_scheme = nullptr;
    for (const PropertyResult& r : run_suite(target, options))
      EXPECT_TRUE(r.passed) << (exact ? "exact " : "black box ") << r.name << ": " << r.note
                            << (r.counterexample ? format_counterexample(*r.counterexample) : "");
  }
}

class EveryRule : public testing::TestWithParam<EnPassantRule> {};

TEST_P(EveryRule, ReferencePassesUnderTheRule) {
  KeyScheme scheme = polyglot_scheme();
  scheme.en_passant_rule = GetParam();
  scheme.name = std::string("polyglot-") + to_string(GetParam());
  SuiteOptions options;
  options.cases = 50;
  for (const PropertyResult& r : run_suite(reference_target(scheme), options))
    EXPECT_TRUE(r.passed) << r.name << ": " << r.note
                          << (r.counterexample ? format_counterexample(*r.counterexample) : "");
}

INSTANTIATE_TEST_SUITE_P(EnPassant, EveryRule,
                         testing::Values(EnPassantRule::Always, EnPassantRule::PseudoLegal,
                                         EnPassantRule::Legal));

// Polyglot's and Rustic's tables have no no-pawns key: their pawn key is 0 in every pawnless
// position, a warning. Stockfish's noPawns key keeps it from 0.
struct ZeroPawnKeyCase {
  std::string scheme;
  bool warns;
};

class ZeroKeys : public testing::TestWithParam<ZeroPawnKeyCase> {};

TEST_P(ZeroKeys, WarnsExactlyWhenThePawnKeyIsZeroInEveryPawnlessPosition) {
  const KeyScheme& scheme = **builtin_scheme(GetParam().scheme);
  for (bool exact : {true, false}) {
    Target target = reference_target(scheme);
    if (!exact) target.expected_scheme = nullptr;
    const PropertyResult result = run_property("zero-keys", target, SuiteOptions{});
    EXPECT_TRUE(result.passed) << (result.counterexample
                                       ? format_counterexample(*result.counterexample)
                                       : result.note);
    if (!GetParam().warns) {
      EXPECT_TRUE(result.warnings.empty()) << testing::PrintToString(result.warnings);
      continue;
    }
    ASSERT_EQ(result.warnings.size(), 1u) << testing::PrintToString(result.warnings);
    const std::string& warning = result.warnings.front();
    EXPECT_EQ(warning.rfind("the pawn key is 0 in every pawnless position checked (", 0), 0u)
        << warning;
    EXPECT_NE(warning.find("; harmful if your pawn table uses 0 as an empty slot"),
              std::string::npos)
        << warning;
  }
}

INSTANTIATE_TEST_SUITE_P(BuiltIn, ZeroKeys,
                         testing::Values(ZeroPawnKeyCase{"polyglot", true},
                                         ZeroPawnKeyCase{"stockfish", false},
                                         ZeroPawnKeyCase{"rustic", true}),
                         [](const testing::TestParamInfo<ZeroPawnKeyCase>& info) {
                           return info.param.scheme;
                         });

TEST(ReferenceSuite, DefaultRunUsesTheFixedSeed) {
  const PropertyResult result =
      run_property("side-to-move", reference_target(polyglot_scheme()), SuiteOptions{});
  EXPECT_EQ(result.seed, DefaultSeed);
}

TEST(ReferenceSuite, UnknownPropertyNameFailsWithANote) {
  const PropertyResult result =
      run_property("no-such-property", reference_target(polyglot_scheme()), SuiteOptions{});
  EXPECT_FALSE(result.passed);
  EXPECT_NE(result.note.find("no-such-property"), std::string::npos);
}

}  // namespace
}  // namespace zobrist_verify::properties
