// The defaults of HashUnderTest: a target that offers no pipelining, pawn key or material key
// says so by name when the suite asks for one.
#include <gtest/gtest.h>

#include "zobrist_verify/doors/hash_under_test.h"

namespace {

using namespace zobrist_verify;

// A target with none of the optional capabilities: only the required calls are defined.
class Bare final : public HashUnderTest {
 public:
  std::string name() const override { return "bare"; }
  Capabilities capabilities() const override { return {}; }
  Expected<Done> set_position(std::string_view, bool) override { return Done{}; }
  Expected<Done> make_move(std::string_view) override { return Done{}; }
  Expected<Done> unmake_move() override { return Done{}; }
  Expected<Key> key() override { return Key{0}; }
};

TEST(HashUnderTestDefaults, ATargetWithoutOptionalKeysOrPipeliningSaysWhatItLacks) {
  Bare bare;
  auto ticket = bare.request_key();
  ASSERT_FALSE(ticket);
  EXPECT_EQ(ticket.error(), "bare cannot pipeline its keys");
  auto collected = bare.collect_key(KeyTicket{1});
  ASSERT_FALSE(collected);
  EXPECT_EQ(collected.error(), "bare cannot pipeline its keys");
  auto pawn = bare.pawn_key();
  ASSERT_FALSE(pawn);
  EXPECT_EQ(pawn.error(), "bare has no pawn key");
  auto material = bare.material_key();
  ASSERT_FALSE(material);
  EXPECT_EQ(material.error(), "bare has no material key");
}

}  // namespace
