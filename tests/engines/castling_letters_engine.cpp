// A UCI engine that reads Chess960 castling in one form only, for the engine door's tests: the
// reference with Polyglot's keys, answering `d` with Stockfish's "Fen:" and "Key:" lines and
// `go perft D` with Stockfish's divide. Run as `castling_letters_engine shredder` (HAha only) or
// `... xfen` (X-FEN's KQkq where they name the outermost rook). A Chess960 FEN in the other form,
// or one sent without UCI_Chess960, makes `d` print "Key: wrong-castling-letters" (garbage to the
// door), which fails that position, and `go perft D` "info string Invalid castling letters" (a
// refusal).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/castling_letters.h"

namespace {

using namespace zobrist_verify;

// The castling field, the third of a FEN.
std::string castling_field(const std::string& fen) {
  std::istringstream fields(fen);
  std::string field;
  for (int i = 0; i < 3; ++i) fields >> field;
  return field;
}

// "position fen F moves M...": false when malformed or not in the form this engine reads.
bool set_position(Game& game, bool chess960, CastlingLetters letters, const std::string& line) {
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
  FenOptions options{.chess960 = chess960, .allow_unreachable = true};
  if (!game.set(fen, polyglot_scheme(), options).empty()) return false;
  if (game.position().is_chess960() &&
      (!chess960 || castling_field(fen) != chess960_castling_field(game.position(), letters)))
    return false;
  while (words >> word)
    if (!game.play_uci(word)) return false;
  return true;
}

// Stockfish's divide of `go perft D`: "MOVE: COUNT" a move (king takes rook in Chess960), a
// blank line, "Nodes searched: N".
void print_divide(Position& pos, int depth) {
  std::uint64_t total = 0;
  for (const auto& [move, count] : perft_divide(pos, depth)) {
    std::printf("%s: %" PRIu64 "\n", move_to_uci(move, pos.is_chess960()).c_str(), count);
    total += count;
  }
  std::printf("\nNodes searched: %" PRIu64 "\n", total);
}

}  // namespace

int main(int argc, char** argv) {
  const CastlingLetters letters = argc > 1 && std::string(argv[1]) == "xfen"
                                      ? CastlingLetters::XFen
                                      : CastlingLetters::Shredder;
  Game game;
  (void)game.set(StartFen, polyglot_scheme());
  bool chess960 = false, readable = true;
  for (std::string line; std::getline(std::cin, line);) {
    if (line == "uci") {
      std::cout << "id name castling-letters\noption name UCI_Chess960 type check default false\n"
                   "uciok\n";
    } else if (line == "isready") {
      std::cout << "readyok\n";
    } else if (line.starts_with("setoption name UCI_Chess960 value ")) {
      chess960 = line.ends_with("true");
    } else if (line.starts_with("position ")) {
      readable = set_position(game, chess960, letters, line);
    } else if (line == "d") {
      if (readable)
        std::printf("Fen: %s\nKey: %016" PRIX64 "\n", game.position().fen().c_str(),
                    game.position().key());
      else
        std::printf("Key: wrong-castling-letters\n");
      std::fflush(stdout);
    } else if (line.starts_with("go perft ")) {
      if (readable)
        print_divide(game.position(), std::atoi(line.c_str() + 9));
      else
        std::printf("info string Invalid castling letters\n");
      std::fflush(stdout);
    } else if (line == "quit") {
      break;
    }
    std::cout.flush();
  }
}
