// The position gate (zobrist_verify/doors/position_gate.h): a position that no legal game reaches
// is withheld from every third party. A tripwire plugin and a tripwire engine abort on such a
// position; check, movegen and replay run them and must never trip them, unless
// --allow-unreachable asks for those positions (then they trip, which shows the tripwires work).
#include <gtest/gtest.h>

#include "cli_runner.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/position_gate.h"

namespace {

using namespace zobrist_verify;
using namespace zobrist_verify::testkit;

// Black in check from the f1 queen through d3, which the double push d2d4 did not uncover.
constexpr const char* OldCheckBehindPush = "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1";

std::string tripwire_plugin() {
  return std::string(ZV_PLUGIN_DIR) + "/zv_tripwire_plugin.so";
}

bool tripped(const RunResult& r) {
  return (r.out + r.err).find("tripwire: given an unreachable position") != std::string::npos ||
         (r.out + r.err).find("crashed") != std::string::npos;
}

// A door that counts the positions it is given.
class Counting final : public HashUnderTest {
 public:
  explicit Counting(int& given) : given_(given) {}
  std::string name() const override { return "counting"; }
  Capabilities capabilities() const override { return {}; }
  Expected<Done> set_position(std::string_view, bool) override {
    ++given_;
    return Done{};
  }
  Expected<Done> make_move(std::string_view) override { return Done{}; }
  Expected<Done> unmake_move() override { return Done{}; }
  Expected<Key> key() override { return Key{1}; }

 private:
  int& given_;
};

TEST(PositionGate, LetsAReachablePositionThrough) {
  EXPECT_EQ(unreachable_reason(StartFen, false), std::nullopt);
  int given = 0;
  auto gated = behind_gate(std::make_unique<Counting>(given));
  EXPECT_TRUE(gated->set_position(StartFen, false));
  EXPECT_EQ(given, 1);
}

TEST(PositionGate, WithholdsAnUnreachablePositionWithTheRuleItBreaks) {
  const std::optional<std::string> why = unreachable_reason(OldCheckBehindPush, false);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("cannot have given the check"), std::string::npos) << *why;
  int given = 0;
  auto gated = behind_gate(std::make_unique<Counting>(given));
  const Expected<Done> done = gated->set_position(OldCheckBehindPush, false);
  ASSERT_FALSE(done);
  EXPECT_EQ(done.error_kind(), ErrorKind::Withheld);
  EXPECT_NE(done.error().find("no legal game reaches it"), std::string::npos) << done.error();
  EXPECT_EQ(given, 0);
}

// The gate remembers its last verdict: asking again, or about another FEN in between, gives each
// FEN its own verdict.
TEST(PositionGate, ARememberedVerdictBelongsToItsOwnFen) {
  for (int round = 0; round < 2; ++round) {
    EXPECT_TRUE(unreachable_reason(OldCheckBehindPush, false)) << round;
    EXPECT_TRUE(unreachable_reason(OldCheckBehindPush, false)) << round;
    EXPECT_FALSE(unreachable_reason(StartFen, false)) << round;
    EXPECT_FALSE(unreachable_reason(StartFen, false)) << round;
  }
}

TEST(PositionGate, CheckNeverTripsThePluginTripwire) {
  const RunResult r = run_cli({"check", "--plugin", tripwire_plugin(), "--cases", "100"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_FALSE(tripped(r)) << r.out << r.err;
}

TEST(PositionGate, CheckNeverTripsTheEngineTripwire) {
  const RunResult r = run_cli({"check", "--engine", ZV_TRIPWIRE_ENGINE, "--cases", "40"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_FALSE(tripped(r)) << r.out << r.err;
}

TEST(PositionGate, MovegenNeverTripsEitherTripwire) {
  for (const std::vector<std::string>& door :
       {std::vector<std::string>{"--plugin", tripwire_plugin()},
        std::vector<std::string>{"--engine", ZV_TRIPWIRE_ENGINE}}) {
    std::vector<std::string> args{"movegen", "--positions", "3000", "--chess960", "--depth", "2"};
    args.insert(args.end(), door.begin(), door.end());
    const RunResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_FALSE(tripped(r)) << r.out << r.err;
  }
}

TEST(PositionGate, ReplayRefusesAnUnreachableFenWithExitTwoUnlessAllowed) {
  for (const std::vector<std::string>& door :
       {std::vector<std::string>{"--plugin", tripwire_plugin()},
        std::vector<std::string>{"--engine", ZV_TRIPWIRE_ENGINE}}) {
    std::vector<std::string> args{"replay", "--fen", OldCheckBehindPush};
    args.insert(args.end(), door.begin(), door.end());
    const RunResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_TRUE(r.err.starts_with("error: ")) << r.err;
    EXPECT_NE(r.err.find("no legal game reaches it"), std::string::npos) << r.err;
    EXPECT_FALSE(tripped(r)) << r.out << r.err;
    args.push_back("--allow-unreachable");
    const RunResult unguarded = run_cli(args);
    EXPECT_NE(unguarded.exit_code, 0) << unguarded.out << unguarded.err;
    EXPECT_NE(unguarded.exit_code, 2) << unguarded.out << unguarded.err;
  }
}

TEST(PositionGate, ReplayExpandsStartpos) {
  const RunResult r = run_cli({"replay", "--plugin", tripwire_plugin(), "--fen", "startpos",
                               "--moves", "e2e4", "--expect", "polyglot"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("set_position " + std::string(StartFen)), std::string::npos) << r.out;
}

}  // namespace
