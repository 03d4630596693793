// Game: a Position with its own StateInfo stack and move history.
#include "zobrist_verify/chess/game.h"

#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify {

std::vector<FenError> Game::set(std::string_view fen, const KeyScheme& scheme, FenOptions options) {
  states_.clear();
  moves_.clear();
  states_.emplace_back();
  auto errors = pos_.set(fen, states_.back(), scheme, options);
  if (errors.empty())
    refused_fen_.clear();
  else
    refused_fen_ = fen;
  return errors;
}

std::string Game::start_fen() const {
  if (!refused_fen_.empty()) return refused_fen_;
  Position start = pos_;  // shares the StateInfo records, which taking moves back only reads
  for (auto m = moves_.rbegin(); m != moves_.rend(); ++m) {
    if (*m == Move::null())
      start.unmake_null_move();
    else
      start.unmake_move(*m);
  }
  return start.fen();
}

Expected<Move> Game::play_uci(std::string_view uci) {
  if (uci == "0000") {
    if (pos_.checkers())
      return Error{"illegal null move '0000' in position " + pos_.fen() +
                   ": the side to move is in check"};
    play_null();
    return Move::null();
  }
  Expected<Move> m = parse_uci_move(pos_, uci);
  if (m) play(*m);
  return m;
}

Expected<int> Game::play_uci_sequence(std::string_view moves) {
  int played = 0;
  std::size_t i = 0;
  while (i < moves.size()) {
    while (i < moves.size() && moves[i] == ' ') ++i;
    std::size_t j = i;
    while (j < moves.size() && moves[j] != ' ') ++j;
    if (j > i) {
      Expected<Move> m = play_uci(moves.substr(i, j - i));
      if (!m) return Error{"move " + std::to_string(played + 1) + ": " + m.error()};
      ++played;
    }
    i = j;
  }
  return played;
}

void Game::play(Move m) {
  states_.emplace_back();
  pos_.make_move(m, states_.back());
  moves_.push_back(m);
}

void Game::play_null() {
  states_.emplace_back();
  pos_.make_null_move(states_.back());
  moves_.push_back(Move::null());
}

bool Game::undo() {
  if (moves_.empty()) return false;
  const Move m = moves_.back();
  if (m == Move::null())
    pos_.unmake_null_move();
  else
    pos_.unmake_move(m);
  moves_.pop_back();
  states_.pop_back();
  return true;
}

std::string Game::uci_moves() const {
  std::string out;
  for (Move m : moves_) {
    if (!out.empty()) out += ' ';
    out += move_to_uci(m, pos_.is_chess960());
  }
  return out;
}

}  // namespace zobrist_verify
