// Ultimate tic-tac-toe rules (seed 003): move notation, local and global results, legal moves,
// and the key from scratch.
#include "zobrist_verify/core/random.h"
#include "zobrist_verify/uttt/uttt.h"

namespace zobrist_verify {

namespace {

constexpr std::array<std::array<int, 3>, 8> Lines{
    {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}};

bool board_open(const UtttState& state, int board) {
  return state.status[std::size_t(board)] == UtttBoardStatus::Open;
}

}  // namespace

const char* to_string(UtttBoardStatus status) {
  switch (status) {
    case UtttBoardStatus::Open:
      return "open";
    case UtttBoardStatus::XWon:
      return "won by X";
    case UtttBoardStatus::OWon:
      return "won by O";
    case UtttBoardStatus::Drawn:
      return "drawn";
  }
  return "?";
}

Expected<UtttMove> parse_uttt_move(std::string_view text) {
  const bool shaped = text.size() == 3 && text[1] == ':' && text[0] >= '1' && text[0] <= '9' &&
                      text[2] >= '1' && text[2] <= '9';
  if (!shaped)
    return Error{"move '" + std::string(text) +
                 "': expected B:C, a board and a cell, each 1-9 row by row from the top left"};
  return UtttMove{text[0] - '1', text[2] - '1'};
}

std::string uttt_move_name(UtttMove move) {
  return std::to_string(move.board + 1) + ":" + std::to_string(move.cell + 1);
}

Expected<UtttKeys> uttt_keys(std::uint64_t seed) {
  if (seed == 0) return Error{"seed 0 is not allowed (xorshift64* would only ever give 0)"};
  XorShift64Star random(seed);
  UtttKeys keys;
  for (auto& player : keys.square)
    for (Key& key : player) key = random.next();
  for (auto& kind : keys.closed)
    for (Key& key : kind) key = random.next();
  for (Key& key : keys.sent) key = random.next();
  keys.side = random.next();
  return keys;
}

bool uttt_same_position(const UtttState& a, const UtttState& b) {
  if (a.status != b.status || a.sent != b.sent || a.to_move != b.to_move) return false;
  for (int square = 0; square < 81; ++square)
    if (board_open(a, square / 9) &&
        a.squares[std::size_t(square)] != b.squares[std::size_t(square)])
      return false;
  return true;
}

UtttBoardStatus uttt_local_status(const UtttState& state, int board) {
  auto at = [&](int cell) { return state.squares[std::size_t(board * 9 + cell)]; };
  for (const auto& line : Lines) {
    const UtttMark first = at(line[0]);
    if (first != UtttMark::Empty && at(line[1]) == first && at(line[2]) == first)
      return first == UtttMark::X ? UtttBoardStatus::XWon : UtttBoardStatus::OWon;
  }
  for (int cell = 0; cell < 9; ++cell)
    if (at(cell) == UtttMark::Empty) return UtttBoardStatus::Open;
  return UtttBoardStatus::Drawn;
}

bool uttt_has_won(const UtttState& state, UtttPlayer player) {
  const UtttBoardStatus won =
      player == UtttPlayer::X ? UtttBoardStatus::XWon : UtttBoardStatus::OWon;
  for (const auto& line : Lines)
    if (state.status[std::size_t(line[0])] == won && state.status[std::size_t(line[1])] == won &&
        state.status[std::size_t(line[2])] == won)
      return true;
  return false;
}

bool uttt_game_over(const UtttState& state) {
  if (uttt_has_won(state, UtttPlayer::X) || uttt_has_won(state, UtttPlayer::O)) return true;
  for (int board = 0; board < 9; ++board)
    if (board_open(state, board)) return false;
  return true;
}

Expected<Done> uttt_check_move(const UtttState& state, UtttMove move) {
  const std::string name = "move " + uttt_move_name(move) + ": ";
  if (move.board < 0 || move.board > 8 || move.cell < 0 || move.cell > 8)
    return Error{name + "board and cell must be 1-9"};
  if (uttt_has_won(state, UtttPlayer::X) || uttt_has_won(state, UtttPlayer::O))
    return Error{name + "the game is over (" + (uttt_has_won(state, UtttPlayer::X) ? "X" : "O") +
                 " has won)"};
  if (!board_open(state, move.board))
    return Error{name + "board " + std::to_string(move.board + 1) + " is closed (" +
                 to_string(state.status[std::size_t(move.board)]) + ")"};
  if (state.sent != UtttFreeChoice && state.sent != move.board)
    return Error{name + "the player to move was sent to board " + std::to_string(state.sent + 1)};
  if (state.squares[std::size_t(move.board * 9 + move.cell)] != UtttMark::Empty)
    return Error{name + "the square is taken"};
  return Done{};
}

std::vector<UtttMove> uttt_legal_moves(const UtttState& state) {
  std::vector<UtttMove> moves;
  for (int board = 0; board < 9; ++board)
    for (int cell = 0; cell < 9; ++cell)
      if (uttt_check_move(state, {board, cell})) moves.push_back({board, cell});
  return moves;
}

Key uttt_full_key(const UtttKeys& keys, const UtttState& state) {
  Key key = 0;
  for (int board = 0; board < 9; ++board) {
    const UtttBoardStatus status = state.status[std::size_t(board)];
    if (status != UtttBoardStatus::Open) {
      key ^= keys.closed[std::size_t(status) - 1][std::size_t(board)];
      continue;
    }
    for (int cell = 0; cell < 9; ++cell) {
      const UtttMark mark = state.squares[std::size_t(board * 9 + cell)];
      if (mark != UtttMark::Empty)
        key ^= keys.square[mark == UtttMark::X ? 0 : 1][std::size_t(board * 9 + cell)];
    }
  }
  if (state.sent != UtttFreeChoice) key ^= keys.sent[std::size_t(state.sent)];
  if (state.to_move == UtttPlayer::O) key ^= keys.side;
  return key;
}

std::string describe_uttt_state(const UtttState& state) {
  std::string out = state.to_move == UtttPlayer::X ? "X to move" : "O to move";
  out += state.sent == UtttFreeChoice ? ", free choice"
                                      : ", sent to " + std::to_string(state.sent + 1);
  std::string closed;
  for (int board = 0; board < 9; ++board)
    if (!board_open(state, board))
      closed += (closed.empty() ? "" : ", ") + std::to_string(board + 1) + " " +
                to_string(state.status[std::size_t(board)]);
  if (!closed.empty()) out += "; closed: " + closed;
  std::string marks;
  for (int square = 0; square < 81; ++square) {
    const UtttMark mark = state.squares[std::size_t(square)];
    if (mark != UtttMark::Empty)
      marks += std::string(marks.empty() ? "" : ", ") + (mark == UtttMark::X ? "X " : "O ") +
               uttt_move_name({square / 9, square % 9});
  }
  return out + (marks.empty() ? "" : "; squares " + marks);
}

}  // namespace zobrist_verify
