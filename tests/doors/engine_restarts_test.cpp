// The engine door's restart budget, in process: each fault of the engine costs a restart (to ask
// its position again alone, and so to go on), and once EngineDoorOptions::max_restarts are spent
// every later position is refused with kind GaveUp, naming the count and the last fault, instead
// of starting engines without end; an engine that stopped at a refusal is started again outside
// the budget.
// Needs /usr/games/stockfish (or ZV_STOCKFISH) and python3 for the fake engine; skips without them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "zobrist_verify/doors/engine_hash.h"

namespace {

using namespace zobrist_verify;

std::string stockfish_path() {
  const char* path = std::getenv("ZV_STOCKFISH");
  return path ? path : "/usr/games/stockfish";
}

// White pawns on b7 and g7, ready to promote: each promotion crashes the fake engine.
constexpr const char* Promotions = "4k3/1P4P1/8/8/8/8/8/4K3 w - - 0 1";

TEST(EngineRestarts, OnceTheBudgetIsSpentEveryPositionIsRefusedWithGaveUp) {
  if (!std::filesystem::exists(stockfish_path()) || !std::filesystem::exists("/usr/bin/python3"))
    GTEST_SKIP() << "needs " << stockfish_path() << " and python3 (ci/setup installs them)";
  EngineDoorOptions options;
  options.argv = {"/usr/bin/python3", std::string(ZV_ENGINES_DIR) + "/fake_uci_engine.py",
                  "crash-on-promotion"};
  options.max_restarts = 2;
  auto connection = EngineConnection::open(options);
  ASSERT_TRUE(connection) << connection.error();
  auto hash = make_engine_hash(*connection);

  const auto key_after = [&](const char* move) {
    EXPECT_TRUE(hash->set_position(Promotions, false));
    EXPECT_TRUE(hash->make_move(move));
    return hash->key();
  };
  // The first crash recurs when its position is asked alone on a restarted engine: the
  // position's own fault.
  auto first = key_after("b7b8q");
  ASSERT_FALSE(first);
  EXPECT_EQ(first.error_kind(), ErrorKind::Crashed) << first.error();
  EXPECT_NE(first.error().find("again when asked alone on a fresh engine"), std::string::npos)
      << first.error();
  // Another promotion crashes the engine started for it; with no restart left to ask it again,
  // the crash stands as it came.
  auto second = key_after("g7g8q");
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error_kind(), ErrorKind::Crashed) << second.error();
  EXPECT_EQ((*connection)->restarts(), 2);
  // The budget is spent: no third engine, and a position with no promotion is not asked.
  // (set_position fails only for a refusal of the FEN; the key says why there is none.)
  (void)hash->set_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false);
  auto third = hash->key();
  ASSERT_FALSE(third);
  EXPECT_EQ(third.error_kind(), ErrorKind::GaveUp) << third.error();
  EXPECT_NE(third.error().find("not restarted again after 2 restarts"), std::string::npos)
      << third.error();
  EXPECT_EQ((*connection)->restarts(), 2);
}

// An engine that exits at every refusal (Stockfish 19's critical error; the fake refuses these
// three FENs, a checksum of each being 0 modulo 40) is started again each time, and those starts
// are not faults: they spend none of the budget, and it still answers after more of them than the
// budget allows.
TEST(EngineRestarts, AStartAfterAnEngineStoppedAtARefusalSpendsNoneOfTheBudget) {
  if (!std::filesystem::exists(stockfish_path()) || !std::filesystem::exists("/usr/bin/python3"))
    GTEST_SKIP() << "needs " << stockfish_path() << " and python3 (ci/setup installs them)";
  EngineDoorOptions options;
  options.argv = {"/usr/bin/python3", std::string(ZV_ENGINES_DIR) + "/fake_uci_engine.py",
                  "critical-some"};
  options.max_restarts = 1;
  auto connection = EngineConnection::open(options);
  ASSERT_TRUE(connection) << connection.error();
  auto hash = make_engine_hash(*connection);
  for (const char* refused : {"4k3/8/8/8/8/8/8/4K3 w - - 0 29", "4k3/8/8/8/8/8/8/4K3 w - - 0 48",
                              "4k3/8/8/8/8/8/8/4K3 w - - 0 151"}) {
    const Expected<Done> set = hash->set_position(refused, false);
    ASSERT_FALSE(set) << refused;
    EXPECT_EQ(set.error_kind(), ErrorKind::Refused) << set.error();
    EXPECT_NE(set.error().find("CRITICAL ERROR"), std::string::npos) << set.error();
    ASSERT_TRUE(hash->set_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false));
    const Expected<Key> key = hash->key();
    ASSERT_TRUE(key) << key.error();
  }
  EXPECT_EQ((*connection)->restarts(), 0);
}

}  // namespace
