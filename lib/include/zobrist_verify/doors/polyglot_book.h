// Polyglot opening books: reading the 16-byte big-endian entries, decoding their moves, and
// walking the book from the start position under a key scheme to find moves that are illegal
// where they are stored or that are not moves at all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

constexpr std::size_t PolyglotEntrySize = 16;

struct PolyglotEntry {
  Key key = 0;
  std::uint16_t move = 0;
  std::uint16_t weight = 0;
  std::uint32_t learn = 0;
};

struct PolyglotBook {
  std::vector<PolyglotEntry> entries;  // in file order
  std::size_t trailing_bytes = 0;      // a partial entry after the last whole one, ignored
};

// Reads a book from its bytes. `source` names it in errors. Fewer bytes than one entry is an
// error; a trailing partial entry is not (see trailing_bytes).
[[nodiscard]] Expected<PolyglotBook> parse_polyglot_book(std::string_view bytes,
                                                         std::string_view source);
// Reads a book file; a missing, unreadable, empty or too short file is an error naming the path.
[[nodiscard]] Expected<PolyglotBook> read_polyglot_book(const std::string& path);

// A book move's fields: bits 0-2 to-file, 3-5 to-row, 6-8 from-file, 9-11 from-row, 12-14 the
// promotion piece (0 none, 1 knight, 2 bishop, 3 rook, 4 queen). Castling is king-takes-rook.
struct BookMove {
  Square from = NoSquare;
  Square to = NoSquare;
  PieceType promotion = NoPieceType;
};

// Decodes a book move without a position. The error says why the encoding is no move at all:
// from == to, a promotion piece code 5-7, promotion bits where no pawn can promote, bit 15 set,
// or squares no piece moves between.
[[nodiscard]] Expected<BookMove> decode_polyglot_move(std::uint16_t raw);
// The raw fields as text, whether they decode or not: "e2e4", "e7e8q", "a7a8?" (promotion 5-7).
std::string polyglot_move_text(std::uint16_t raw);
// The position's legal move a decoded book move stands for (e1h1 is castling when the king on e1
// may castle with the rook on h1). The error says why it is illegal in this position.
[[nodiscard]] Expected<Move> book_move_in_position(const Position& pos, BookMove book_move);

// One move the walk found wrong.
struct BookFinding {
  std::string fen;   // the position it is stored for; empty when the walk never reached its key
  std::string move;  // polyglot_move_text
  std::string why;
};

struct BookWalkOptions {
  std::size_t max_findings = 10;  // findings kept in full; the rest are only counted
  // Called every few thousand positions expanded (positions so far, current depth).
  std::function<void(std::size_t positions, int depth)> progress;
};

struct BookReport {
  std::size_t entries = 0;
  std::size_t distinct_keys = 0;
  std::size_t trailing_bytes = 0;
  bool sorted = true;
  std::size_t first_unsorted_entry = 0;  // 0-based index of the first key below its predecessor
  // The walk: from the start position, every book move of every position whose key is in the
  // book, each distinct key expanded once, breadth first.
  std::size_t reached_keys = 0;
  std::size_t unreached_keys = 0;
  std::size_t illegal_moves = 0;      // in positions the walk reached
  std::size_t undecodable_moves = 0;  // over all entries: decoding needs no position
  int max_depth = 0;                  // plies from the start position to the deepest reached key
  std::vector<BookFinding> first_findings;
  bool passed() const { return sorted && illegal_moves == 0 && undecodable_moves == 0; }
};

// Checks the order of the entries and walks the book with keys computed under `scheme`.
BookReport check_polyglot_book(const PolyglotBook& book, const KeyScheme& scheme,
                               const BookWalkOptions& options = {});

}  // namespace zobrist_verify
