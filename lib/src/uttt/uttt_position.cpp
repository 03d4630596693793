// The incremental key of seed 003: the five steps on each move, and the same steps in reverse on
// unmake.
#include "zobrist_verify/uttt/uttt.h"

namespace zobrist_verify {

namespace {

std::size_t player_index(UtttPlayer player) {
  return player == UtttPlayer::X ? 0 : 1;
}

// XORs every played square of `board` into `key`: out of it when the board closes, back in when
// the closing move is taken back.
Key xor_played_squares(const UtttKeys& keys, const UtttState& state, int board, Key key) {
  for (int cell = 0; cell < 9; ++cell) {
    const std::size_t square = std::size_t(board * 9 + cell);
    if (state.squares[square] != UtttMark::Empty)
      key ^= keys.square[state.squares[square] == UtttMark::X ? 0 : 1][square];
  }
  return key;
}

}  // namespace

Expected<Done> UtttPosition::play(UtttMove move) {
  if (auto legal = uttt_check_move(state_, move); !legal) return legal;
  const std::size_t square = std::size_t(move.board * 9 + move.cell);
  const std::size_t board = std::size_t(move.board);
  const UtttPlayer mover = state_.to_move;
  Undo undo{move, state_.sent, false};

  // 1. The square just played.
  state_.squares[square] = mover == UtttPlayer::X ? UtttMark::X : UtttMark::O;
  key_ ^= keys_->square[player_index(mover)][square];
  // 2. A completed local board: its result in, its played squares out.
  if (const UtttBoardStatus status = uttt_local_status(state_, move.board);
      status != UtttBoardStatus::Open) {
    state_.status[board] = status;
    key_ ^= keys_->closed[std::size_t(status) - 1][board];
    key_ = xor_played_squares(*keys_, state_, move.board, key_);
    undo.closed_board = true;
  }
  // 3. The board the mover was sent to, out.
  if (state_.sent != UtttFreeChoice) key_ ^= keys_->sent[std::size_t(state_.sent)];
  // 4. The board the opponent is sent to, in; a closed one leaves free choice.
  state_.sent =
      state_.status[std::size_t(move.cell)] == UtttBoardStatus::Open ? move.cell : UtttFreeChoice;
  if (state_.sent != UtttFreeChoice) key_ ^= keys_->sent[std::size_t(state_.sent)];
  // 5. The side to move.
  state_.to_move = mover == UtttPlayer::X ? UtttPlayer::O : UtttPlayer::X;
  key_ ^= keys_->side;
  history_.push_back(undo);
  return Done{};
}

void UtttPosition::unmake() {
  if (history_.empty()) return;
  const Undo undo = history_.back();
  history_.pop_back();
  const std::size_t square = std::size_t(undo.move.board * 9 + undo.move.cell);
  const std::size_t board = std::size_t(undo.move.board);
  key_ ^= keys_->side;
  state_.to_move = state_.to_move == UtttPlayer::X ? UtttPlayer::O : UtttPlayer::X;
  if (state_.sent != UtttFreeChoice) key_ ^= keys_->sent[std::size_t(state_.sent)];
  state_.sent = undo.sent_before;
  if (state_.sent != UtttFreeChoice) key_ ^= keys_->sent[std::size_t(state_.sent)];
  if (undo.closed_board) {
    key_ ^= keys_->closed[std::size_t(state_.status[board]) - 1][board];
    key_ = xor_played_squares(*keys_, state_, undo.move.board, key_);
    state_.status[board] = UtttBoardStatus::Open;
  }
  key_ ^= keys_->square[player_index(state_.to_move)][square];
  state_.squares[square] = UtttMark::Empty;
}

}  // namespace zobrist_verify
