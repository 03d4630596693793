// Real xboard engines from Debian through `check --engine ... --protocol xboard`: Fairy-Stockfish
// 11.1 (which speaks xboard too, and answers `d` there) passes as it does over UCI; Fairy-Max 5.0b
// announces setboard=0 and cannot be used; Sjaak II 1.4.1 completes the handshake but has no
// command that prints its key, and is refused at the start position. Skips an engine not
// installed (ci/setup installs them).
#include <algorithm>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "cli_runner.h"

namespace zobrist_verify {
namespace {

using testkit::run_cli;
using testkit::RunResult;

const std::string FairyStockfish = "/usr/games/fairy-stockfish";
const std::string FairyMax = "/usr/games/fairymax";
const std::string Sjaak = "/usr/games/sjaakii";

#define REQUIRE(engine) \
  if (!std::filesystem::exists(engine)) GTEST_SKIP() << "needs " << engine << " (ci/setup)"

TEST(EngineXboard, FairyStockfishOverXboardPassesWithChess960) {
  REQUIRE(FairyStockfish);
  // Every property but the sweep, whose 100,000 positions over xboard took half a minute. Each
  // position goes after "new", which costs Fairy-Stockfish 11 ms (it clears its hash table): 15
  // cases took 25 s (50 took 2 s with --no-new). 9 cases play a Chess960 game in each property,
  // as 15 did (8 left en-passant without one), and send 2,169 positions where 15 sent 2,873 (a
  // case's size grows faster with fewer cases: 10 sent 3,155).
  const RunResult r = run_cli({"check", "--engine", FairyStockfish, "--protocol", "xboard",
                               "--cases", "9", "--property",
                               "incremental-equals-full,equal-positions-equal-keys,en-passant,"
                               "castling,side-to-move,zero-keys"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine:Fairy-Stockfish (/usr/games/fairy-stockfish) over xboard,"),
            std::string::npos)
      << r.out;
  // It announces fischerandom: the X-FEN probe ran in Chess960, with the key it prints over UCI.
  EXPECT_NE(r.out.find("reads X-FEN castling letters: yes (bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/"
                       "BBQNNRKR w KQkq - 0 1 gives 0x03d0ea838a3841ae"),
            std::string::npos)
      << r.out;
}

TEST(EngineXboard, FairyMaxAnnouncesNoSetboardAndCannotBeUsed) {
  REQUIRE(FairyMax);
  const RunResult r = run_cli({"check", "--engine", FairyMax, "--protocol", "xboard"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("'Fairy-Max 5.0b' (/usr/games/fairymax) cannot be used over xboard: it does "
                       "not announce feature setboard=1"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(EngineXboard, SjaakCompletesTheHandshakeButPrintsNoKey) {
  REQUIRE(Sjaak);
  const RunResult r = run_cli({"check", "--engine", Sjaak, "--protocol", "xboard"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  // Its only complaint is about the key command: it does not know `d`, it refused no position.
  EXPECT_NE(r.err.find("engine 'Sjaak II 1.4.1' does not know the key command 'd': it printed "
                       "'Error (Illegal move or unknown command): d'"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("refused the position"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace zobrist_verify
