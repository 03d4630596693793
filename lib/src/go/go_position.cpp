// Go boards, their transforms and keys, the incremental position, and the table as a key set.
#include "zobrist_verify/go/go_hash.h"

namespace zobrist_verify {

GoBoard transform_board(const GoSymmetry& symmetry, const GoBoard& board) {
  GoBoard out(board.size());
  for (int y = 0; y < board.size(); ++y) {
    for (int x = 0; x < board.size(); ++x) {
      GoStone stone = board.at({x, y});
      if (symmetry.swap_colours && stone != GoStone::Empty)
        stone = stone == GoStone::Black ? GoStone::White : GoStone::Black;
      out.set(transform_point(symmetry, {x, y}, board.size()), stone);
    }
  }
  return out;
}

Key go_full_key(const GoKeyTable& table, GoCombine mode, const GoBoard& board) {
  Key key = 0;
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x)
      if (board.at({x, y}) != GoStone::Empty)
        key = go_combine(key, table.key(board.at({x, y}), {x, y}), mode);
  return key;
}

std::string describe_go_board(const GoBoard& board) {
  std::string out;
  for (GoStone colour : {GoStone::Black, GoStone::White}) {
    std::string points;
    for (int y = 0; y < board.size(); ++y)
      for (int x = 0; x < board.size(); ++x)
        if (board.at({x, y}) == colour) points += " " + go_point_name({x, y});
    if (!points.empty()) out += (out.empty() ? "" : ", ") + std::string(to_string(colour)) + points;
  }
  return out.empty() ? "empty" : out;
}

Expected<Done> GoPosition::place(GoPoint p, GoStone stone) {
  if (!board_.contains(p)) return Error{"point off the board"};
  if (stone == GoStone::Empty) return Error{"cannot place an empty stone on " + go_point_name(p)};
  if (board_.at(p) != GoStone::Empty)
    return Error{go_point_name(p) + " already holds a " + to_string(board_.at(p)) + " stone"};
  board_.set(p, stone);
  key_ = go_combine(key_, table_->key(stone, p), mode_);
  return Done{};
}

Expected<Done> GoPosition::remove(GoPoint p) {
  if (!board_.contains(p)) return Error{"point off the board"};
  const GoStone stone = board_.at(p);
  if (stone == GoStone::Empty) return Error{go_point_name(p) + " holds no stone to remove"};
  board_.set(p, GoStone::Empty);
  key_ = go_uncombine(key_, table_->key(stone, p), mode_);
  return Done{};
}

Expected<NamedKeySet> go_key_set(int size, GoCombine mode, std::uint64_t seed) {
  auto table = GoKeyTable::build(size, seed);
  if (!table) return Error{table.error()};
  NamedKeySet set;
  set.name = "go:" + std::to_string(size) + " " + to_string(mode);
  for (GoStone colour : {GoStone::Black, GoStone::White}) {
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        set.keys.push_back(table->key(colour, {x, y}));
        set.names.push_back(std::string(to_string(colour)) + " " + go_point_name({x, y}));
      }
    }
  }
  set.reductions.push_back("the " + std::to_string(2 * size * size) + " stone keys of Huima's " +
                           std::to_string(size) + "x" + std::to_string(size) + " table, seed " +
                           std::to_string(seed));
  if (mode == GoCombine::Add)
    set.reductions.push_back(
        "combined by byte-wise addition: XOR dependencies of the table are "
        "not dependencies of the add-mode hash (docs/go-hash.md)");
  return set;
}

}  // namespace zobrist_verify
