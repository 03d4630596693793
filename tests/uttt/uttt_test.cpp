// Ultimate tic-tac-toe (seed 003): notation, rules, the key layout and the five update steps.
// Expected keys are written from the seed's rules by hand, as XORs of the table's entries.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "zobrist_verify/uttt/uttt.h"

namespace zobrist_verify {
namespace {

UtttKeys keys_of(std::uint64_t seed = UtttDefaultSeed) {
  auto keys = uttt_keys(seed);
  if (!keys) throw std::runtime_error(keys.error());
  return *keys;
}

void play_all(UtttPosition& position, const std::vector<const char*>& moves) {
  for (const char* text : moves) {
    auto move = parse_uttt_move(text);
    ASSERT_TRUE(move) << move.error();
    auto played = position.play(*move);
    ASSERT_TRUE(played) << played.error();
  }
}

std::size_t sq(int board, int cell) {
  return std::size_t((board - 1) * 9 + cell - 1);
}  // 1-based

// X wins board 1 along its top row; O is then sent to board 1, which is closed.
const std::vector<const char*> XWinsBoardOne{"5:5", "5:1", "1:2", "2:1", "1:3", "3:1", "1:1"};

TEST(UtttMoves, AreBoardColonCellFromOne) {
  auto move = parse_uttt_move("5:1");
  ASSERT_TRUE(move);
  EXPECT_EQ(*move, (UtttMove{4, 0}));
  EXPECT_EQ(uttt_move_name({8, 2}), "9:3");
  for (const char* bad : {"0:1", "5:0", "5-1", "10:1", "5:", ""})
    EXPECT_FALSE(parse_uttt_move(bad)) << bad;
}

TEST(UtttKeys, AreDistinctNonZeroAndDrawnInTheDocumentedOrder) {
  const UtttKeys keys = keys_of();
  std::vector<Key> all;
  for (const auto& player : keys.square) all.insert(all.end(), player.begin(), player.end());
  for (const auto& kind : keys.closed) all.insert(all.end(), kind.begin(), kind.end());
  all.insert(all.end(), keys.sent.begin(), keys.sent.end());
  all.push_back(keys.side);
  ASSERT_EQ(all.size(), 2u * 81 + 3 * 9 + 9 + 1);
  std::sort(all.begin(), all.end());
  EXPECT_NE(all.front(), 0u);
  EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());
  // Stockfish's xorshift64*, written out here: the first draw is X on square 1:1, the last
  // (the 199th) the side key.
  std::uint64_t s = UtttDefaultSeed;
  auto next = [&s] {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  };
  EXPECT_EQ(keys.square[0][0], next());
  for (int i = 1; i < 198; ++i) next();
  EXPECT_EQ(keys.side, next());
  EXPECT_FALSE(uttt_keys(0));
}

TEST(UtttPosition, StartsAtZeroAndAFirstMoveAddsSquareSentAndSide) {
  const UtttKeys keys = keys_of();
  UtttPosition position(keys);
  EXPECT_EQ(position.key(), 0u);
  play_all(position, {"5:5"});
  EXPECT_EQ(position.key(), keys.square[0][sq(5, 5)] ^ keys.sent[4] ^ keys.side);
  EXPECT_EQ(position.state().sent, 4);
}

TEST(UtttPosition, ClosingABoardTakesItsSquaresOutAndFreesAPlayerSentThere) {
  const UtttKeys keys = keys_of();
  UtttPosition position(keys);
  play_all(position, XWinsBoardOne);
  EXPECT_EQ(position.state().status[0], UtttBoardStatus::XWon);
  EXPECT_EQ(position.state().sent, UtttFreeChoice);
  const Key expected = keys.square[0][sq(5, 5)] ^ keys.square[1][sq(5, 1)] ^
                       keys.square[1][sq(2, 1)] ^ keys.square[1][sq(3, 1)] ^ keys.closed[0][0] ^
                       keys.side;
  EXPECT_EQ(position.key(), expected);
  EXPECT_EQ(uttt_full_key(keys, position.state()), expected);
  EXPECT_TRUE(uttt_check_move(position.state(), {7, 7}));  // free choice: board 8 is fine
}

TEST(UtttPosition, IllegalMovesSayWhy) {
  const UtttKeys keys = keys_of();
  UtttPosition position(keys);
  play_all(position, {"5:5"});
  auto elsewhere = position.play({1, 0});
  ASSERT_FALSE(elsewhere);
  EXPECT_EQ(elsewhere.error(), "move 2:1: the player to move was sent to board 5");
  auto taken = position.play({4, 4});
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error(), "move 5:5: the square is taken");
  UtttPosition closed(keys);
  play_all(closed, XWinsBoardOne);
  auto into_closed = closed.play({0, 4});
  ASSERT_FALSE(into_closed);
  EXPECT_EQ(into_closed.error(), "move 1:5: board 1 is closed (won by X)");
  EXPECT_EQ(closed.moves_played(), XWinsBoardOne.size());
}

TEST(UtttPosition, UnmakeTakesEveryMoveBack) {
  const UtttKeys keys = keys_of();
  UtttPosition position(keys);
  play_all(position, XWinsBoardOne);
  for (std::size_t i = 0; i < XWinsBoardOne.size(); ++i) position.unmake();
  EXPECT_EQ(position.key(), 0u);
  EXPECT_EQ(position.state(), UtttState{});
}

// Board 1 won by X along the top row, or along the diagonal with an O elsewhere: one position.
TEST(UtttPosition, AClosedBoardHashesTheSameHoweverItWasFilled) {
  const UtttKeys keys = keys_of();
  UtttState row, diagonal;
  for (int cell : {1, 2, 3}) row.squares[sq(1, cell)] = UtttMark::X;
  for (int cell : {4, 5}) row.squares[sq(1, cell)] = UtttMark::O;
  for (int cell : {1, 5, 9}) diagonal.squares[sq(1, cell)] = UtttMark::X;
  for (int cell : {2, 3}) diagonal.squares[sq(1, cell)] = UtttMark::O;
  row.status[0] = diagonal.status[0] = UtttBoardStatus::XWon;
  EXPECT_TRUE(uttt_same_position(row, diagonal));
  EXPECT_EQ(uttt_full_key(keys, row), uttt_full_key(keys, diagonal));
  EXPECT_EQ(uttt_full_key(keys, row), keys.closed[0][0]);
}

// Two real games: O wins board 1 on its anti-diagonal (3, 5, 7) while X's one square there is 1:1
// in the first and 1:2 in the second; everything else ends up equal. One position, one key.
TEST(UtttPosition, TwoGamesThatFillAClosedBoardDifferentlyReachOneKey) {
  const UtttKeys keys = keys_of();
  UtttPosition first(keys), second(keys);
  play_all(first, {"1:1", "1:3", "3:1", "1:5", "5:1", "1:7", "7:1", "2:3"});
  play_all(second, {"1:2", "2:3", "3:1", "1:5", "5:1", "1:7", "7:1", "1:3"});
  EXPECT_EQ(first.state().status[0], UtttBoardStatus::OWon);
  EXPECT_NE(first.state().squares, second.state().squares);
  EXPECT_TRUE(uttt_same_position(first.state(), second.state()));
  EXPECT_EQ(first.key(), second.key());
}

TEST(UtttRules, ThreeWonBoardsInARowEndTheGame) {
  UtttState state;
  state.status[2] = state.status[4] = UtttBoardStatus::OWon;
  EXPECT_FALSE(uttt_game_over(state));
  state.status[6] = UtttBoardStatus::Drawn;
  EXPECT_FALSE(uttt_has_won(state, UtttPlayer::O));
  state.status[6] = UtttBoardStatus::OWon;
  EXPECT_TRUE(uttt_has_won(state, UtttPlayer::O));
  EXPECT_TRUE(uttt_game_over(state));
  EXPECT_TRUE(uttt_legal_moves(state).empty());
  auto after = uttt_check_move(state, {0, 0});
  ASSERT_FALSE(after);
  EXPECT_EQ(after.error(), "move 1:1: the game is over (O has won)");
}

TEST(UtttRules, AllBoardsClosedWithoutAWinnerEndsTheGame) {
  UtttState state;
  for (auto& status : state.status) status = UtttBoardStatus::Drawn;
  EXPECT_TRUE(uttt_game_over(state));
  EXPECT_TRUE(uttt_legal_moves(state).empty());
}

TEST(UtttRules, TheStartHasEightyOneMovesAndASentPlayerHasNine) {
  UtttState state;
  EXPECT_EQ(uttt_legal_moves(state).size(), 81u);
  state.sent = 3;
  EXPECT_EQ(uttt_legal_moves(state).size(), 9u);
}

}  // namespace
}  // namespace zobrist_verify
