// The engine door reads every key an engine prints on its key line (issue 39, section 1): a key
// pattern that names (?P<pawn>...) and (?P<material>...) gives the engine's HashUnderTest the
// pawn-key and material-key capabilities, and their values come from the same reply as the key.
// The engine is tests/engines/perft_engine.cpp, whose `key` prints Glaurung 2.2's line of three
// decimal keys for the reference's position.
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/engine_hash.h"

namespace zobrist_verify {
namespace {

constexpr const char* GlaurungKeys =
    "^key: (?P<key>-?[0-9]+) material key: (?P<material>-?[0-9]+) pawn key: (?P<pawn>-?[0-9]+)";

std::shared_ptr<EngineConnection> open_engine(const std::string& key_pattern) {
  EngineDoorOptions options;
  options.argv = {ZV_PERFT_ENGINE};
  options.key_command = "key";
  options.key_pattern = key_pattern;
  auto connection = EngineConnection::open(options);
  EXPECT_TRUE(connection) << connection.error();
  return connection ? *connection : nullptr;
}

TEST(EngineKeys, NamedPawnAndMaterialGroupsAreCapabilitiesOfTheEngine) {
  const auto connection = open_engine(GlaurungKeys);
  ASSERT_TRUE(connection);
  EXPECT_TRUE(connection->prints_pawn_key());
  EXPECT_TRUE(connection->prints_material_key());
  const Capabilities caps = make_engine_hash(connection)->capabilities();
  EXPECT_TRUE(caps.pawn_key);
  EXPECT_TRUE(caps.material_key);
  EXPECT_TRUE(caps.pipelined);
  connection->close();
}

// After e2e4 the three keys are Polyglot's key, pawn key and material key of the position
// (zobrist-verify key --all --moves e2e4).
TEST(EngineKeys, ThePawnAndMaterialKeysAreThoseOfTheKeyLine) {
  const auto connection = open_engine(GlaurungKeys);
  ASSERT_TRUE(connection);
  const std::unique_ptr<HashUnderTest> hash = make_engine_hash(connection);
  ASSERT_TRUE(hash->set_position(StartFen, false));
  ASSERT_TRUE(hash->make_move("e2e4"));
  // pawn_key() before key(): the keys are asked for once, and key() reads the same reply.
  const std::uint64_t asked = connection->answered();
  Expected<Key> pawn = hash->pawn_key();
  ASSERT_TRUE(pawn) << pawn.error();
  EXPECT_EQ(*pawn, 0x0b2d6b38c0b92e91ULL);
  Expected<Key> material = hash->material_key();
  ASSERT_TRUE(material) << material.error();
  EXPECT_EQ(*material, 0xb76d8438e5d28230ULL);
  EXPECT_EQ(connection->answered(), asked + 1);
  Expected<Key> key = hash->key();
  ASSERT_TRUE(key) << key.error();
  EXPECT_EQ(*key, 0x823c9b50fd114196ULL);
  // A move makes the kept keys stale: the next pawn key is the new position's.
  ASSERT_TRUE(hash->make_move("e7e5"));
  pawn = hash->pawn_key();
  ASSERT_TRUE(pawn) << pawn.error();
  EXPECT_NE(*pawn, 0x0b2d6b38c0b92e91ULL);
  EXPECT_EQ(*hash->material_key(), 0xb76d8438e5d28230ULL);
  connection->close();
}

TEST(EngineKeys, APatternWithOneGroupGivesTheKeyAlone) {
  const auto connection = open_engine("^key: (-?[0-9]+) ");
  ASSERT_TRUE(connection);
  EXPECT_FALSE(connection->prints_pawn_key());
  const std::unique_ptr<HashUnderTest> hash = make_engine_hash(connection);
  EXPECT_FALSE(hash->capabilities().pawn_key);
  EXPECT_FALSE(hash->capabilities().material_key);
  ASSERT_TRUE(hash->set_position(StartFen, false));
  EXPECT_EQ(*hash->key(), 0x463b96181691fc9cULL);
  EXPECT_FALSE(hash->pawn_key());
  connection->close();
}

}  // namespace
}  // namespace zobrist_verify
