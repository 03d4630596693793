// Plugin ABI version 2, end to end through `zobrist-verify check --plugin`: a plugin's auxiliary
// keys are checked by properties 10 and 11 and a planted aux bug is found and named; a pawn key
// that hashes the kings passes when declared as an aux key and fails the pawn key property when
// given as pawn_key; a version 1 table still loads (and is never read past its end); malformed aux
// tables are refused with a clear error; the C++ exporter exports the reference's aux keys.
#include <gtest/gtest.h>

#include "cli_runner.h"

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

// The report row of `property`: "plugin:NAME property ..... PASS  ...".
std::string row(const RunResult& r, const std::string& property) {
  const std::size_t at = r.out.find(" " + property + " ..");
  if (at == std::string::npos) return "";
  const std::size_t begin = r.out.rfind('\n', at) + 1;
  return r.out.substr(begin, r.out.find('\n', at) - begin);
}

bool passes(const RunResult& r, const std::string& property) {
  return row(r, property).find(" PASS") != std::string::npos;
}

TEST(PluginAuxKeys, APluginWithAuxKeysPassesEveryPropertyWithPolyglotKeys) {
  const RunResult r = check("zv_aux_keys_plugin", {"--expect", "polyglot", "--cases", "60"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(passes(r, "auxiliary-keys")) << r.out;
  EXPECT_TRUE(passes(r, "auxiliary-key-dependencies")) << r.out;
  // Its pawn key is an aux key (pawnKingKey): no pawn_key, no material key to check there.
  EXPECT_NE(row(r, "pawn-and-material-keys").find("SKIP"), std::string::npos) << r.out;
}

TEST(PluginAuxKeys, APlantedAuxBugIsFoundAndTheShrunkCaseNamesTheKey) {
  const RunResult r = check("zv_aux_bug_plugin", {"--property", "auxiliary-keys"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(row(r, "auxiliary-keys").find("FAIL"), std::string::npos) << r.out;
  EXPECT_NE(row(r, "auxiliary-keys").find("auxiliary key pawnKingKey"), std::string::npos) << r.out;
  // A move of the black king, which the key declares and leaves out.
  EXPECT_NE(r.out.find("  broke:     auxiliary key pawnKingKey"), std::string::npos) << r.out;
}

TEST(PluginAuxKeys, TheDependencyPropertyAlsoFindsThePlantedBug) {
  const RunResult r = check("zv_aux_bug_plugin", {"--property", "auxiliary-key-dependencies"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(row(r, "auxiliary-key-dependencies").find("auxiliary key pawnKingKey"),
            std::string::npos)
      << r.out;
}

TEST(PluginAuxKeys, APawnKingKeyGivenAsThePawnKeyFailsThePawnKeyProperty) {
  const RunResult r =
      check("zv_pawn_king_as_pawn_key_plugin", {"--property", "pawn-and-material-keys"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(row(r, "pawn-and-material-keys").find("FAIL  after"), std::string::npos) << r.out;
  EXPECT_NE(row(r, "pawn-and-material-keys").find("pawn key of"), std::string::npos) << r.out;
}

TEST(PluginAuxKeys, AVersionOnePluginLoadsUnchangedAndPasses) {
  const RunResult r = check("zv_v1_plugin", {"--expect", "polyglot", "--cases", "40"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("plugin:version 1 plugin"), std::string::npos) << r.out;
  EXPECT_NE(row(r, "auxiliary-keys").find("SKIP"), std::string::npos) << r.out;
  EXPECT_TRUE(passes(r, "pawn-and-material-keys")) << r.out;
}

TEST(PluginAuxKeys, TheCppExporterExportsTheReferencesAuxKeys) {
  const RunResult r =
      check("zv_reference_plugin", {"--expect", "polyglot", "--cases", "60", "--property",
                                    "auxiliary-keys,auxiliary-key-dependencies"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("check: 2 passed, 0 failed, 0 skipped"), std::string::npos) << r.out;
}

struct AuxFault {
  const char* plugin;
  const char* says;
};

class MalformedAuxTable : public ::testing::TestWithParam<AuxFault> {};

TEST_P(MalformedAuxTable, IsRefusedWithAClearErrorAndExitTwo) {
  const RunResult r = check(GetParam().plugin);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_TRUE(r.err.starts_with("error: ") && r.err.find('\n') == r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find(GetParam().says), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

INSTANTIATE_TEST_SUITE_P(
    Faults, MalformedAuxTable,
    ::testing::Values(
        AuxFault{"zv_aux_fault_count_plugin",
                 "ABI version 2 table: aux_key_count is 1000, more than the 64 allowed"},
        AuxFault{"zv_aux_fault_null_name_plugin", "aux_keys[2]: name is NULL"},
        AuxFault{"zv_aux_fault_null_array_plugin", "aux_key_count is 3 but aux_keys is NULL"},
        AuxFault{"zv_aux_fault_null_function_plugin",
                 "aux_key_count is 3 but the aux_key function is NULL"},
        AuxFault{"zv_aux_fault_repeated_name_plugin", "repeats the name 'pawnKingKey'"},
        AuxFault{"zv_aux_fault_bad_pieces_plugin", "pieces has bits other than ZV_PIECE_*"},
        AuxFault{"zv_aux_fault_nothing_plugin", "declares nothing"}),
    [](const ::testing::TestParamInfo<AuxFault>& info) {
      std::string name = info.param.plugin;
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });

}  // namespace
