// The plugin door, end to end through `zobrist-verify check --plugin`: load faults are clear
// errors with exit 2; the reference as a plugin passes with Polyglot's exact keys; catalogue
// mutants built as plugins are killed black-box by the property that kills them in-process, and
// the en-passant-rule mutants by --expect; crashes and hangs are failures of the case, with a
// replay command; refusals are counted.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "cli_runner.h"
#include "test_support.h"

// A namespace of its own: its helpers share names with other files of
// its unity batch (plugin, check).
namespace plugin_door {
namespace {

using namespace zobrist_verify::testkit;

std::string plugin(const std::string& name) {
  return std::string(ZV_PLUGIN_DIR) + "/" + name + ".so";
}

RunResult check(const std::string& plugin_name, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"check", "--plugin", plugin(plugin_name)};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

bool one_error_line(const RunResult& r) {
  return r.err.starts_with("error: ") && r.err.find('\n') == r.err.size() - 1;
}

struct LoadFault {
  const char* plugin;
  const char* says;
};

class PluginLoadFault : public ::testing::TestWithParam<LoadFault> {};

TEST_P(PluginLoadFault, IsAClearErrorWithExitTwo) {
  const RunResult r = check(GetParam().plugin);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_TRUE(one_error_line(r)) << r.err;
  EXPECT_NE(r.err.find(GetParam().says), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

INSTANTIATE_TEST_SUITE_P(
    Faults, PluginLoadFault,
    ::testing::Values(LoadFault{"missing", "cannot open it: No such file or directory"},
                      LoadFault{"not_a_library", "not a loadable shared library"},
                      LoadFault{"zv_faulty_no_entry", "exports no zv_plugin_entry"},
                      LoadFault{"zv_faulty_null_entry", "zv_plugin_entry() returned NULL"},
                      LoadFault{"zv_faulty_wrong_abi",
                                "ABI version 7 is unknown: this zobrist-verify loads versions 1 "
                                "to 2"},
                      LoadFault{"zv_faulty_null_create",
                                "required function pointer(s) NULL: create"},
                      LoadFault{"zv_faulty_null_key", "NULL: set_fen key"},
                      LoadFault{"zv_faulty_refuse_start",
                                "refused the start position: plugin 'faulty' refused the FEN "
                                "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1': this "
                                "plugin plays only from other positions"},
                      LoadFault{"zv_faulty_crash_on_key", "crashed in key on the start position"},
                      LoadFault{"zv_faulty_crash_on_load", "crashed in loading it"}),
    [](const ::testing::TestParamInfo<LoadFault>& info) {
      std::string name = info.param.plugin;
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });

TEST(PluginDoor, TheReferenceAsAPluginPassesWithPolyglotsExactKeys) {
  const RunResult r = check("zv_reference_plugin", {"--expect", "polyglot", "--cases", "50"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("conventions: en passant pseudo-legal, halfmove clock independent"),
            std::string::npos)
      << r.out;
  // Every property it can run passes: one PASS row each, and no other row.
  const int rows = zv_test::count_of(r.out, " PASS ");
  EXPECT_GT(rows, 1) << r.out;
  EXPECT_NE(r.out.find("check: " + std::to_string(rows) + " passed, 0 failed, 0 skipped"),
            std::string::npos)
      << r.out;
}

TEST(PluginDoor, XfenLettersReachAChess960PluginThatReadsThem) {
  const RunResult r =
      check("zv_reference_plugin", {"--expect", "polyglot", "--xfen", "--cases", "100",
                                    "--property", "castling,equal-positions-equal-keys"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("check: 2 passed, 0 failed, 0 skipped"), std::string::npos) << r.out;
}

TEST(PluginDoor, JsonCarriesTheTargetAndItsConventions) {
  const RunResult r =
      check("zv_reference_plugin", {"--cases", "20", "--json", "--property", "castling"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(r.out.starts_with("{\"passed\": true, \"target\": \"plugin:")) << r.out;
  EXPECT_NE(r.out.find("\"en_passant_rule\": \"pseudo-legal\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"halfmove_dependent\": false"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"properties\": ["), std::string::npos) << r.out;
}

// Text, JSON and JUnit come from one report model: the JUnit file carries the head of the text
// report in each suite's <system-out>, and the JSON's conventions as <properties>.
TEST(PluginDoor, TheJunitFileCarriesTheTextHeadAndTheConventionsOfTheJson) {
  TempDir dir;
  const std::string junit = (dir.path() / "check.xml").string();
  const std::vector<std::string> options = {"--expect", "polyglot",   "--cases",
                                            "10",       "--property", "castling"};
  std::vector<std::string> text_options = options, json_options = options;
  text_options.insert(text_options.end(), {"--junit", junit});
  json_options.push_back("--json");
  const RunResult text = check("zv_reference_plugin", text_options);
  const RunResult json = check("zv_reference_plugin", json_options);
  ASSERT_EQ(text.exit_code, 0) << text.out << text.err;
  ASSERT_EQ(json.exit_code, 0) << json.out << json.err;
  const std::string xml = read_file(junit);

  // The head is every line before the first row ("plugin:NAME castling ..... PASS"). It holds no
  // character XML escapes, so the JUnit file carries it as it is.
  const std::size_t row = text.out.rfind('\n', text.out.find(" ..")) + 1;
  const std::string head = text.out.substr(0, row);
  EXPECT_NE(head.find("\nconventions: en passant pseudo-legal"), std::string::npos) << head;
  EXPECT_EQ(head.find_first_of("<>&\"'"), std::string::npos) << head;
  EXPECT_NE(xml.find("<system-out>" + head + "</system-out>"), std::string::npos) << head << xml;
  // The conventions: each a field of the JSON and a property of the JUnit file.
  const std::string target =
      "plugin:zobrist-verify reference (polyglot) (" + plugin("zv_reference_plugin") + ")";
  const std::pair<std::string, std::string> conventions[] = {
      {"target", target},
      {"en_passant_rule", "pseudo-legal"},
      {"halfmove_dependent", "false"},
      {"judged_en_passant_rule", "pseudo-legal"}};
  for (const auto& [name, value] : conventions) {
    const std::string json_value = value == "false" ? value : "\"" + value + "\"";
    EXPECT_NE(json.out.find("\"" + name + "\": " + json_value + ","), std::string::npos)
        << name << json.out;
    EXPECT_NE(xml.find("<property name=\"" + name + "\" value=\"" + value + "\"/>"),
              std::string::npos)
        << name << xml;
  }
  EXPECT_NE(xml.find("<property name=\"expected_scheme\" value=\"polyglot\"/>"), std::string::npos)
      << xml;
}

struct KilledMutant {
  const char* mutant;
  const char* killed_by;  // as in properties/mutants/mutants_test.cpp, in-process
};

class MutantPlugin : public ::testing::TestWithParam<KilledMutant> {};

TEST_P(MutantPlugin, IsKilledBlackBoxByTheSamePropertyAsInProcess) {
  // That property alone: a whole suite a mutant took seconds (the sweep alone asks 100,000 keys).
  const RunResult r =
      check(std::string("zv_mutant_") + GetParam().mutant, {"--property", GetParam().killed_by});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find(std::string(" ") + GetParam().killed_by + " ."), std::string::npos);
  const std::size_t row = r.out.find(std::string(" ") + GetParam().killed_by + " .");
  ASSERT_NE(row, std::string::npos) << r.out;
  EXPECT_EQ(r.out.substr(r.out.find(" FAIL", row), 5), " FAIL") << r.out;
  EXPECT_LT(r.out.find(" FAIL", row), r.out.find('\n', row)) << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    EveryConvention, MutantPlugin,
    ::testing::Values(KilledMutant{"ep-kept-after-pawn-reply", "incremental-equals-full"},
                      KilledMutant{"rook-capture-keeps-right", "incremental-equals-full"},
                      KilledMutant{"castling-rook-move-not-hashed", "incremental-equals-full"},
                      KilledMutant{"promotion-keeps-pawn-in-key", "incremental-equals-full"},
                      KilledMutant{"null-move-keeps-ep-key", "incremental-equals-full"},
                      KilledMutant{"stale-key-after-unmake", "reversibility"},
                      KilledMutant{"castling-key-collides-with-side", "castling"}),
    [](const ::testing::TestParamInfo<KilledMutant>& info) {
      std::string name = info.param.mutant;
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

TEST(PluginDoor, ARuleMutantLooksLikeAnotherConventionBlackBox) {
  const RunResult r = check("zv_mutant_ep-pinned-unhashed-under-pseudo-legal-rule");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("conventions: en passant legal"), std::string::npos) << r.out;
}

TEST(PluginDoor, ASplitRuleFailsOnlyTheEnPassantRowWithTwoRoutesToOnePosition) {
  const RunResult r = check("zv_mutant_ep-always-when-set-from-fen");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("conventions: en passant fen=always,move=pseudo-legal"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(", 1 failed,"), std::string::npos) << r.out;
  const std::size_t row = r.out.find(" en-passant .");
  ASSERT_NE(row, std::string::npos) << r.out;
  EXPECT_LT(r.out.find(" FAIL", row), r.out.find('\n', row)) << r.out;
  EXPECT_NE(r.out.find("position 1: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("position 2: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 "
                       "moves e2e4"),
            std::string::npos)
      << r.out;
}

// A run limited to some properties reports only those: the split rule's en-passant row is not
// shown when en-passant was not asked for (issue 39, section 3).
TEST(PluginDoor, ASplitRuleIsNotReportedWhenOnlyOtherPropertiesAreAsked) {
  const RunResult r = check("zv_mutant_ep-always-when-set-from-fen",
                            {"--property", "castling", "--cases", "20", "--no-isolation"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find(" en-passant ."), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" conventions ."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("check: 1 passed, 0 failed, 0 skipped"), std::string::npos) << r.out;
}

TEST(PluginDoor, ADeclaredSplitRuleIsJudgedUnderAndStillFailsItsRow) {
  const RunResult r = check("zv_mutant_ep-always-when-set-from-fen",
                            {"--en-passant", "fen=always,move=pseudo-legal"});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("judged under the fen=always,move=pseudo-legal rule"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(", 1 failed,"), std::string::npos) << r.out;
  const RunResult half =
      check("zv_mutant_ep-always-when-set-from-fen", {"--en-passant", "fen=always"});
  EXPECT_EQ(half.exit_code, 2) << half.out;
  EXPECT_NE(half.err.find("needs both fen=RULE and move=RULE"), std::string::npos) << half.err;
}

TEST(PluginDoor, ExpectKillsAMutantThatClaimsPseudoLegalAndDropsPinnedCaptures) {
  const RunResult r =
      check("zv_mutant_ep-pinned-unhashed-under-pseudo-legal-rule", {"--expect", "polyglot"});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("conventions ...................... FAIL  the keys are those of the "
                       "scheme polyglot, but their en-passant rule is legal, not the scheme's "
                       "pseudo-legal"),
            std::string::npos)
      << r.out;
}

TEST(PluginDoor, ExpectWithItsRuleKillsAMutantThatClaimsLegalAndHashesPinnedCaptures) {
  const RunResult r = check("zv_mutant_ep-pinned-hashed-under-legal-rule",
                            {"--expect", "polyglot", "--en-passant", "legal"});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("en-passant ....."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("FAIL"), std::string::npos) << r.out;
}

TEST(PluginDoor, AnAbortIsACrashOfTheCaseWithAReplayCommandAndTheRunGoesOn) {
  const RunResult r = check("zv_faulty_reference_AbortOnPromotion", {"--property",
                                                                     "incremental-equals-full,"
                                                                     "side-to-move"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("the target crashed in make_move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("crashed:   killed by signal 6 (Aborted)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("replay --no-isolation --plugin"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("expected:"), std::string::npos) << "a crash is not a wrong key";
  EXPECT_NE(r.out.find("check: 0 passed, 2 failed, 0 skipped"), std::string::npos) << r.out;
}

TEST(PluginDoor, AHangPastTheTimeoutIsATimeoutOfTheCase) {
  const RunResult r = check("zv_faulty_reference_HangOnEnPassantKey",
                            {"--timeout", "300", "--property", "incremental-equals-full"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("the target timed out in key"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("timed out: no answer within 300 ms"), std::string::npos) << r.out;
}

TEST(PluginDoor, ASegfaultIsACrash) {
  const RunResult r = check("zv_faulty_reference_SegfaultOnCastling", {"--property", "castling"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("signal 11"), std::string::npos) << r.out;
}

TEST(PluginDoor, APluginThatRefusesHalfOfWhatItIsGivenFailsTheRun) {
  const RunResult r = check("zv_faulty_reference_RefuseBlackToMove", {"--cases", "30"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("refusals ..."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("this engine plays White only"), std::string::npos) << r.out;
}

TEST(PluginDoor, ReplayPrintsTheKeysStepByStepAndFlagsTheFirstThatDiffers) {
  const RunResult r =
      run_cli({"replay", "--plugin", plugin("zv_mutant_promotion-keeps-pawn-in-key"), "--fen",
               "8/P6k/8/8/8/8/8/K7 w - - 0 1", "--moves", "a7a8q", "--expect", "polyglot"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("make_move a7a8q"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("DIFFERS"), std::string::npos) << r.out;
}

TEST(PluginDoor, ReplayInAWorkerReportsACrash) {
  const RunResult r = run_cli({"replay", "--plugin", plugin("zv_faulty_reference_AbortOnPromotion"),
                               "--fen", "8/P6k/8/8/8/8/8/K7 w - - 0 1", "--moves", "a7a8q"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("crashed in make_move a7a8q: killed by signal 6"), std::string::npos)
      << r.out;
}

TEST(PluginDoor, DoorOptionsWithoutAPluginAreAUsageError) {
  const RunResult r = run_cli({"check", "--expect", "polyglot"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--expect goes with --plugin"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace plugin_door
