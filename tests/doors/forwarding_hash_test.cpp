// ForwardingHash (zobrist_verify/doors/forwarding_hash.h): every call is handed on, the hooks see
// each call with the route it is made on, a refusal in `before` keeps a call from the door
// behind, `after` runs even when the call throws, and `caught` turns a throw into an error.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "zobrist_verify/doors/forwarding_hash.h"

namespace {

using namespace zobrist_verify;

// A door that records what reaches it, refuses the move "e7e5" and throws from pawn_key.
class Recording final : public HashUnderTest {
 public:
  explicit Recording(std::vector<std::string>& got) : got_(got) {}
  std::string name() const override { return "recording"; }
  Capabilities capabilities() const override { return {}; }
  Expected<Done> set_position(std::string_view fen, bool) override {
    got_.push_back("set " + std::string(fen));
    return Done{};
  }
  Expected<Done> make_move(std::string_view uci) override {
    got_.push_back("move " + std::string(uci));
    if (uci == "e7e5") return Error{"refused"};
    return Done{};
  }
  Expected<Done> unmake_move() override {
    got_.push_back("unmake");
    return Done{};
  }
  Expected<Key> key() override {
    got_.push_back("key");
    return Key{7};
  }
  Expected<Key> pawn_key() override { throw std::runtime_error("no pawns here"); }

 private:
  std::vector<std::string>& got_;
};

// Notes every hook with the call's words and the route it saw; refuses "aux_key 3" and answers a
// throw with an error.
class Hooked final : public ForwardingHash {
 public:
  Hooked(std::unique_ptr<HashUnderTest> inner, std::vector<std::string>& seen)
      : ForwardingHash(std::move(inner)), seen_(seen) {}

 private:
  std::optional<Error> before(const DoorCall& call) override {
    seen_.push_back("before " + call.words() + " on " + route_text(route()));
    if (call.kind == DoorCall::Kind::AuxKey && call.index == 3) return Error{"not asked"};
    return std::nullopt;
  }
  void after(const DoorCall& call) override { seen_.push_back("after " + call.words()); }
  Error caught(const DoorCall& call) override {
    try {
      throw;
    } catch (const std::exception& e) {
      return Error{call.words() + " threw: " + e.what(), ErrorKind::Crashed};
    }
  }
  std::vector<std::string>& seen_;
};

TEST(ForwardingHash, EveryCallReachesTheDoorBehindBetweenItsHooksOnTheRouteItIsMadeOn) {
  std::vector<std::string> got, seen;
  Hooked hash(std::make_unique<Recording>(got), seen);
  EXPECT_EQ(hash.name(), "recording");
  ASSERT_TRUE(hash.set_position("8/8/8/8/8/8/8/K6k w - - 0 1", false));
  ASSERT_TRUE(hash.make_move("a1a2"));
  ASSERT_FALSE(hash.make_move("e7e5"));
  ASSERT_TRUE(hash.key());
  ASSERT_TRUE(hash.unmake_move());
  ASSERT_TRUE(hash.key());
  EXPECT_EQ(got, (std::vector<std::string>{"set 8/8/8/8/8/8/8/K6k w - - 0 1", "move a1a2",
                                           "move e7e5", "key", "unmake", "key"}));
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "before set_position on '8/8/8/8/8/8/8/K6k w - - 0 1'",
                      "after set_position",
                      "before make_move a1a2 on '8/8/8/8/8/8/8/K6k w - - 0 1' moves a1a2",
                      "after make_move a1a2",
                      // A refused move is on the route while it is made, and off it after.
                      "before make_move e7e5 on '8/8/8/8/8/8/8/K6k w - - 0 1' moves a1a2 e7e5",
                      "after make_move e7e5",
                      "before key on '8/8/8/8/8/8/8/K6k w - - 0 1' moves a1a2",
                      "after key",
                      "before unmake_move on '8/8/8/8/8/8/8/K6k w - - 0 1' moves a1a2",
                      "after unmake_move",
                      "before key on '8/8/8/8/8/8/8/K6k w - - 0 1'",
                      "after key",
                  }));
}

TEST(ForwardingHash, AnErrorFromBeforeIsTheAnswerAndTheDoorBehindIsNotCalled) {
  std::vector<std::string> got, seen;
  Hooked hash(std::make_unique<Recording>(got), seen);
  const Expected<Key> key = hash.aux_key(3);
  ASSERT_FALSE(key);
  EXPECT_EQ(key.error(), "not asked");
  EXPECT_TRUE(got.empty());
  EXPECT_EQ(seen, (std::vector<std::string>{"before aux_key 3 on ''"}));
}

TEST(ForwardingHash, AThrowIsAnsweredByCaughtAndAfterStillRuns) {
  std::vector<std::string> got, seen;
  Hooked hash(std::make_unique<Recording>(got), seen);
  const Expected<Key> key = hash.pawn_key();
  ASSERT_FALSE(key);
  EXPECT_EQ(key.error(), "pawn_key threw: no pawns here");
  EXPECT_EQ(key.error_kind(), ErrorKind::Crashed);
  EXPECT_EQ(seen, (std::vector<std::string>{"before pawn_key on ''", "after pawn_key"}));
}

// Without a `caught` of its own, a decorator lets the exception through (after its `after`).
TEST(ForwardingHash, ByDefaultAThrowGoesOn) {
  std::vector<std::string> got;
  ForwardingHash hash(std::make_unique<Recording>(got));
  EXPECT_THROW((void)hash.pawn_key(), std::runtime_error);
}

}  // namespace
