// A UCI engine for the position gate's tests: the reference with Polyglot's keys, answering
// `d` with Stockfish's "Fen:" and "Key:" lines and `go perft D` with a divide. It aborts, with the
// position on stderr, when a `position` command gives it a position no legal game reaches: the
// engine door and `movegen --engine` must never send one (unless --allow-unreachable).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/position_gate.h"

namespace {

using namespace zobrist_verify;

// "position startpos|fen F moves M...": the FEN and the moves, or false when malformed.
bool set_position(Game& game, bool chess960, const std::string& line) {
  std::istringstream words(line.substr(9));
  std::string word, fen;
  words >> word;
  if (word == "startpos") {
    fen = StartFen;
    words >> word;
  } else if (word == "fen") {
    while (words >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
  } else {
    return false;
  }
  if (std::optional<std::string> why = unreachable_reason(fen, chess960)) {
    std::fprintf(stderr, "tripwire: given an unreachable position: %s (%s)\n", fen.c_str(),
                 why->c_str());
    std::abort();
  }
  if (!game.set(fen, polyglot_scheme(), FenOptions{.chess960 = chess960}).empty()) return false;
  while (words >> word)
    if (!game.play_uci(word)) return false;
  return true;
}

}  // namespace

int main() {
  Game game;
  (void)game.set(StartFen, polyglot_scheme());
  bool chess960 = false;
  for (std::string line; std::getline(std::cin, line);) {
    if (line == "uci") {
      std::cout << "id name tripwire\noption name UCI_Chess960 type check default false\nuciok\n";
    } else if (line == "isready") {
      std::cout << "readyok\n";
    } else if (line.starts_with("setoption name UCI_Chess960 value ")) {
      chess960 = line.ends_with("true");
    } else if (line.starts_with("position ")) {
      if (!set_position(game, chess960, line)) std::cout << "info string bad position\n";
    } else if (line == "d") {
      std::printf("Fen: %s\nKey: %016" PRIX64 "\n", game.position().fen().c_str(),
                  game.position().key());
      std::fflush(stdout);
    } else if (line.starts_with("go perft ")) {
      Position& pos = game.position();
      std::uint64_t total = 0;
      for (const auto& [move, nodes] : perft_divide(pos, std::atoi(line.c_str() + 9))) {
        std::cout << move_to_uci(move, chess960 || pos.is_chess960()) << ": " << nodes << '\n';
        total += nodes;
      }
      std::cout << "\nNodes searched: " << total << '\n';
    } else if (line == "quit") {
      break;
    }
    std::cout.flush();
  }
}
