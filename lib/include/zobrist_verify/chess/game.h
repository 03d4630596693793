// A Position that owns its StateInfo stack and remembers the moves played: the convenient way to
// play a game from a FEN through UCI moves, undo moves, and print a reproduction.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

class Game {
 public:
  Game() = default;
  Game(const Game&) = delete;  // StateInfo records point at each other
  Game& operator=(const Game&) = delete;

  [[nodiscard]] std::vector<FenError> set(std::string_view fen, const KeyScheme& scheme,
                                          FenOptions options = {});
  // Plays a move given in UCI notation after checking it is legal.
  [[nodiscard]] Expected<Move> play_uci(std::string_view uci);
  // Plays space-separated UCI moves; stops at the first bad one and says which (1-based).
  [[nodiscard]] Expected<int> play_uci_sequence(std::string_view moves);
  // Plays a move known to be legal (from a MoveList).
  void play(Move m);
  // Plays a null move; the side to move must not be in check.
  void play_null();
  // Takes back the last move or null move. Returns false when there is none.
  bool undo();

  const Position& position() const { return pos_; }
  Position& position() { return pos_; }
  // The FEN of the position set, as the reference writes it (the text given, when set() refused
  // it). Written when asked for, from the moves taken back on a copy: set() itself writes no
  // FEN, since the reference's door calls it for every position a property sends.
  std::string start_fen() const;
  const std::vector<Move>& moves() const { return moves_; }
  // The moves played, in UCI notation, space-separated (null moves as "0000").
  std::string uci_moves() const;

 private:
  Position pos_;
  std::deque<StateInfo> states_;
  std::vector<Move> moves_;
  std::string refused_fen_;  // the text of a set() that failed, else empty
};

constexpr const char* StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace zobrist_verify
