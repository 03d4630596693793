// Ultimate tic-tac-toe and its Zobrist hash (seed 003): nine local 3x3 boards on a global 3x3
// board; a move sends the opponent to the board matching the cell played; a board closes when won
// or full, and its played squares then leave the key, so that a closed board hashes the same
// however it was closed. docs/uttt-hash.md has the rules and the key layout.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"

namespace zobrist_verify {

// The xorshift64* seed of the built-in keys ("UTTT0003" in ASCII); `--seed` changes it.
constexpr std::uint64_t UtttDefaultSeed = 0x5554'5454'3030'3033ULL;
constexpr int UtttFreeChoice = -1;  // UtttState::sent when the player to move chooses the board

enum class UtttPlayer : std::uint8_t { X, O };
enum class UtttMark : std::uint8_t { Empty, X, O };
enum class UtttBoardStatus : std::uint8_t { Open, XWon, OWon, Drawn };
const char* to_string(UtttBoardStatus status);  // "open", "won by X", "won by O", "drawn"

// Board then cell, 0-based, each row by row from the top left; written "B:C" with 1-based digits.
struct UtttMove {
  int board = 0;
  int cell = 0;
  friend bool operator==(const UtttMove&, const UtttMove&) = default;
};
[[nodiscard]] Expected<UtttMove> parse_uttt_move(std::string_view text);
std::string uttt_move_name(UtttMove move);  // "5:1"

// The seed's key sets, drawn from xorshift64* in this order: X's 81 squares, O's 81 squares,
// X won / O won / drawn on each of the 9 boards, the 9 "sent to" boards, the side key.
struct UtttKeys {
  std::array<std::array<Key, 81>, 2> square{};  // [X, O][board * 9 + cell]
  std::array<std::array<Key, 9>, 3> closed{};   // [X won, O won, drawn][board]
  std::array<Key, 9> sent{};
  Key side = 0;  // in the key when O is to move
};
[[nodiscard]] Expected<UtttKeys> uttt_keys(std::uint64_t seed = UtttDefaultSeed);

// Everything the key depends on. Squares of closed boards are kept (the game record), but they do
// not count: uttt_same_position ignores them.
struct UtttState {
  std::array<UtttMark, 81> squares{};
  std::array<UtttBoardStatus, 9> status{};
  int sent = UtttFreeChoice;  // the board the player to move must play in, or free choice
  UtttPlayer to_move = UtttPlayer::X;
  friend bool operator==(const UtttState&, const UtttState&) = default;
};
bool uttt_same_position(const UtttState& a, const UtttState& b);
// The status a 3x3 board's squares give it: a line of three wins, full without one is drawn.
UtttBoardStatus uttt_local_status(const UtttState& state, int board);
// Whether a player holds three won global boards in a row.
bool uttt_has_won(const UtttState& state, UtttPlayer player);
bool uttt_game_over(const UtttState& state);
// Why `move` is illegal in `state` ("board 5 is closed (won by X)"), or Done.
[[nodiscard]] Expected<Done> uttt_check_move(const UtttState& state, UtttMove move);
std::vector<UtttMove> uttt_legal_moves(const UtttState& state);
// The key from scratch: the facts of the state, each key XORed in once.
Key uttt_full_key(const UtttKeys& keys, const UtttState& state);
// "X to move, sent to 5; closed: 1 won by X; squares X 5:5, O 5:1" for reports.
std::string describe_uttt_state(const UtttState& state);

// A state with its key updated by the seed's five steps on every move and taken back by the same
// steps in reverse on unmake. The keys must outlive it.
class UtttPosition {
 public:
  explicit UtttPosition(const UtttKeys& keys) : keys_(&keys) {}
  // A position set up directly (any state): its key from scratch.
  UtttPosition(const UtttKeys& keys, const UtttState& state)
      : keys_(&keys), state_(state), key_(uttt_full_key(keys, state)) {}
  const UtttState& state() const { return state_; }
  Key key() const { return key_; }
  std::size_t moves_played() const { return history_.size(); }
  [[nodiscard]] Expected<Done> play(UtttMove move);  // an error naming the move and why
  void unmake();  // takes back the last move played; nothing when none was

 private:
  struct Undo {
    UtttMove move;
    int sent_before;
    bool closed_board;
  };
  const UtttKeys* keys_;
  UtttState state_;
  Key key_ = 0;
  std::vector<Undo> history_;
};

}  // namespace zobrist_verify
