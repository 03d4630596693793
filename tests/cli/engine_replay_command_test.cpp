// `zobrist-verify replay --engine` on the real Stockfish: after each step, the engine's printed
// key, the key of a fresh position command and the scheme's, with the comparison named. Needs
// /usr/games/stockfish (ci/setup installs it); skips without it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <string>

#include "cli/replay_steps.h"
#include "cli_runner.h"

namespace {

using namespace zobrist_verify::testkit;

TEST(ReplayEngine, ShowsTheFreshKeyAndMarksTheSchemeComparison) {
  const std::string stockfish = "/usr/games/stockfish";
  if (access(stockfish.c_str(), X_OK) != 0) GTEST_SKIP() << "needs " << stockfish;
  const RunResult r = run_cli({"replay", "--engine", stockfish, "--fen", "startpos", "--moves",
                               "e2e4", "--expect", "polyglot"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  // "startpos" is expanded, as every command does: the engine is sent a FEN.
  EXPECT_NE(r.out.find("set_position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(step(r.out, "make_move e2e4 (ply 1)").find("  fresh key    "), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("incremental vs fresh"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": target vs the polyglot scheme\n"), std::string::npos) << r.out;
}

}  // namespace
