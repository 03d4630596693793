// A plugin linked into the program (a ClusterFuzzLite fuzzer's): PluginLibrary::linked takes the
// table its zv_plugin_entry() returns, checks it as a loaded one is checked, and plays it through
// the same door.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/doors/plugin_export.h"
#include "zobrist_verify/doors/plugin_hash.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace {

namespace zv = zobrist_verify;

const zv_plugin* reference_table() {
  static const zv_plugin* table =
      zv::export_plugin({"", [] { return zv::make_reference_hash(zv::polyglot_scheme()); }, true});
  return table;
}

TEST(PluginLinked, ATableLinkedInPlaysThroughTheDoorUnderTheNameGiven) {
  const auto library = zv::PluginLibrary::linked(reference_table(), "linked.so");
  ASSERT_TRUE(library) << library.error();
  EXPECT_EQ((*library)->name(), "linked.so");  // the table gives no name of its own
  EXPECT_EQ(&(*library)->api(), reference_table());
  zv::PluginHash hash(*library, zv::PluginOptions{});
  ASSERT_TRUE(hash.set_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false));
  EXPECT_EQ(hash.key().value(), 0x463b96181691fc9cULL);  // Polyglot's published start key
  ASSERT_TRUE(hash.make_move("e2e4"));
  EXPECT_EQ(hash.key().value(), 0x823c9b50fd114196ULL);
  EXPECT_EQ(hash.legal_moves().value().size(), 20u);
}

TEST(PluginLinked, ANullTableIsRefusedAsFromALoadedLibrary) {
  const auto library = zv::PluginLibrary::linked(nullptr, "linked.so");
  ASSERT_FALSE(library);
  EXPECT_EQ(library.error(), "plugin 'linked.so': zv_plugin_entry() returned NULL");
}

TEST(PluginLinked, ATableOfAnUnknownVersionIsRefused) {
  zv_plugin table = *reference_table();
  table.abi_version = 7;
  const auto library = zv::PluginLibrary::linked(&table, "linked.so");
  ASSERT_FALSE(library);
  EXPECT_EQ(library.error(),
            "plugin 'linked.so': ABI version 7 is unknown: this zobrist-verify loads versions 1 "
            "to 2 (set abi_version to ZV_PLUGIN_ABI_VERSION, or ZV_PLUGIN_ABI_VERSION_2 in a "
            "zv_plugin_v2, and rebuild it against this plugin.h)");
}

TEST(PluginLinked, ATableWithoutARequiredFunctionIsRefused) {
  zv_plugin table = *reference_table();
  table.abi_version = ZV_PLUGIN_ABI_VERSION;  // a version 1 table: nothing read past it
  table.key = nullptr;
  table.set_fen = nullptr;
  const auto library = zv::PluginLibrary::linked(&table, "linked.so");
  ASSERT_FALSE(library);
  EXPECT_EQ(library.error(), "plugin 'linked.so': required function pointer(s) NULL: set_fen key");
}

}  // namespace
