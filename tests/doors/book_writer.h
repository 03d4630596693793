// A small Polyglot book writer for the book tests: an 8x8 board that plays UCI moves from the
// start position (castling written king-takes-rook, as Polyglot books do) and hashes itself by the
// Polyglot specification, with the writer's slips the book check must catch as options. Keys
// come from here, never from the library under test.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace zobrist_verify::testkit {

inline const char* const StartPlacement =
    "rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR";

// How a writer keys its positions: Polyglot's way is the default.
struct BookKeying {
  enum class EnPassant { Always, PseudoLegal, Legal };
  EnPassant en_passant = EnPassant::PseudoLegal;
  bool turn_key_for_black = false;  // the slip: the turn key XORed when Black is to move
};

inline std::vector<std::uint64_t> polyglot_random64() {
  std::ifstream in(std::string(ZV_CORPUS_DIR) + "/keys/polyglot-random64.txt");
  std::vector<std::uint64_t> keys;
  std::string line;
  while (std::getline(in, line)) keys.push_back(std::stoull(line, nullptr, 16));
  return keys;
}

// An 8x8 board that plays UCI moves from the start position (castling written king-takes-rook,
// as Polyglot books do) and hashes itself by the Polyglot specification.
class TestBoard {
 public:
  explicit TestBoard(BookKeying keying = {}) : keying_(keying) {
    // StartPlacement lists rank 8 first; square index is rank * 8 + file.
    for (int i = 0; i < 64; ++i) board_[(7 - i / 8) * 8 + i % 8] = StartPlacement[i];
  }

  void play(const std::string& uci) {
    const int from = square(uci.substr(0, 2));
    const int to = square(uci.substr(2, 2));
    const char piece = board_[from];
    const bool white = piece < 'a';
    ep_file_ = -1;
    if (std::tolower(piece) == 'k' && board_[to] == (white ? 'R' : 'r')) {
      const bool king_side = to > from;
      const int rank = from / 8 * 8;
      board_[from] = board_[to] = '.';
      board_[rank + (king_side ? 6 : 2)] = piece;
      board_[rank + (king_side ? 5 : 3)] = white ? 'R' : 'r';
    } else {
      if (std::tolower(piece) == 'p' && from % 8 != to % 8 && board_[to] == '.')
        board_[to + (white ? -8 : 8)] = '.';  // en passant
      if (std::tolower(piece) == 'p' && std::abs(to - from) == 16) ep_file_ = from % 8;
      board_[to] = uci.size() == 5 ? char(white ? std::toupper(uci[4]) : uci[4]) : piece;
      board_[from] = '.';
    }
    if (std::tolower(piece) == 'k') castle_[white ? 0 : 2] = castle_[white ? 1 : 3] = false;
    const std::array<int, 4> rook_squares{7, 0, 63, 56};  // K, Q, k, q
    for (int i = 0; i < 4; ++i)
      if (from == rook_squares[i] || to == rook_squares[i]) castle_[i] = false;
    white_to_move_ = !white_to_move_;
  }

  std::uint64_t key() const {
    static const std::vector<std::uint64_t> random = polyglot_random64();
    const std::string kinds = "pPnNbBrRqQkK";
    std::uint64_t key = 0;
    for (int s = 0; s < 64; ++s) {
      if (board_[s] != '.') key ^= random[64 * kinds.find(board_[s]) + s];
    }
    for (int i = 0; i < 4; ++i)
      if (castle_[i]) key ^= random[768 + i];
    if (ep_file_ >= 0 && en_passant_keyed()) key ^= random[772 + ep_file_];
    if (white_to_move_ != keying_.turn_key_for_black) key ^= random[780];
    return key;
  }

 private:
  // Whether the writer keys the en-passant file: after every double push, or only when a pawn of
  // the side to move stands beside the pushed one (and, under Legal, may take without exposing
  // its king).
  bool en_passant_keyed() const {
    using Rule = BookKeying::EnPassant;
    if (keying_.en_passant == Rule::Always) return true;
    const int rank = white_to_move_ ? 4 : 3;
    const char own_pawn = white_to_move_ ? 'P' : 'p';
    for (int f : {ep_file_ - 1, ep_file_ + 1}) {
      if (f < 0 || f > 7 || board_[rank * 8 + f] != own_pawn) continue;
      if (keying_.en_passant == Rule::PseudoLegal || capture_keeps_king_safe(rank * 8 + f))
        return true;
    }
    return false;
  }

  // Whether the en-passant capture from `from` leaves the mover's king unattacked.
  bool capture_keeps_king_safe(int from) const {
    std::array<char, 64> after = board_;
    const int to = (white_to_move_ ? 5 : 2) * 8 + ep_file_;
    after[to] = after[from];
    after[from] = after[(white_to_move_ ? 4 : 3) * 8 + ep_file_] = '.';
    const char king = white_to_move_ ? 'K' : 'k';
    const int k = int(std::find(after.begin(), after.end(), king) - after.begin());
    // Sliders only: the capture can open a line, and no other attack changes with it.
    const int steps[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int d = 0; d < 8; ++d) {
      int file = k % 8 + steps[d][0], rank = k / 8 + steps[d][1];
      for (; file >= 0 && file < 8 && rank >= 0 && rank < 8;
           file += steps[d][0], rank += steps[d][1]) {
        const char piece = after[rank * 8 + file];
        if (piece == '.') continue;
        const bool enemy = (piece < 'a') != white_to_move_;
        const char kind = char(std::tolower(piece));
        if (enemy && (kind == 'q' || kind == (d < 4 ? 'r' : 'b'))) return false;
        break;
      }
    }
    return true;
  }

  static int square(const std::string& name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }
  std::array<char, 64> board_{};
  std::array<bool, 4> castle_{true, true, true, true};
  bool white_to_move_ = true;
  int ep_file_ = -1;
  BookKeying keying_;
};

inline std::uint64_t key_after(const std::vector<std::string>& moves) {
  TestBoard board;
  for (const std::string& m : moves) board.play(m);
  return board.key();
}

// A Polyglot move: to-file bits 0-2, to-row 3-5, from-file 6-8, from-row 9-11, promotion 12-14.
inline std::uint16_t encode(const std::string& uci, unsigned promotion_code = 0) {
  unsigned raw = unsigned(uci[2] - 'a') | unsigned(uci[3] - '1') << 3 |
                 unsigned(uci[0] - 'a') << 6 | unsigned(uci[1] - '1') << 9;
  if (uci.size() == 5) promotion_code = unsigned(std::string("nbrq").find(uci[4]) + 1);
  return std::uint16_t(raw | promotion_code << 12);
}

struct Entry {
  std::uint64_t key;
  std::uint16_t move;
};

// One book entry per ply of the line (the position before the move, the move), and `last` stored
// under the final position.
inline std::vector<Entry> line_entries(const std::vector<std::string>& line,
                                       const std::string& last) {
  std::vector<Entry> entries;
  TestBoard board;
  for (const std::string& m : line) {
    entries.push_back({board.key(), encode(m)});
    board.play(m);
  }
  entries.push_back({board.key(), encode(last)});
  return entries;
}

inline std::string book_bytes(std::vector<Entry> entries, bool sort = true) {
  if (sort) {
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry& a, const Entry& b) { return a.key < b.key; });
  }
  std::string bytes;
  for (const Entry& e : entries) {
    for (int i = 7; i >= 0; --i) bytes += char(e.key >> (8 * i));
    bytes += char(e.move >> 8);
    bytes += char(e.move);
    bytes += std::string("\x00\x01\x00\x00\x00\x00", 6);  // weight 1, learn 0
  }
  return bytes;
}

// A book of the games as a writer keying them so would make it: one entry per distinct
// (position, move), weight 1, sorted by key. With `only_black`, only Black's moves are stored
// (as polyglot make-book -only-black does, so the start position is not in the book).
inline std::string games_book(const std::vector<std::vector<std::string>>& games,
                              BookKeying keying = {}, bool only_black = false) {
  std::vector<Entry> entries;
  for (const std::vector<std::string>& game : games) {
    TestBoard board(keying);
    for (std::size_t ply = 0; ply < game.size(); ++ply) {
      const Entry entry{board.key(), encode(game[ply])};
      const bool seen = std::any_of(entries.begin(), entries.end(), [&](const Entry& e) {
        return e.key == entry.key && e.move == entry.move;
      });
      if (!seen && (!only_black || ply % 2 == 1)) entries.push_back(entry);
      board.play(game[ply]);
    }
  }
  return book_bytes(entries);
}

}  // namespace zobrist_verify::testkit
