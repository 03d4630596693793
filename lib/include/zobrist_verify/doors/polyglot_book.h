// Polyglot opening books: reading the 16-byte big-endian entries, decoding their moves, and
// walking the book from the start position under a key scheme to find moves that are illegal
// where they are stored or that are not moves at all, keys that no known start explains, and the
// en-passant rule the book's keys follow.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
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

// A book read in place: its entries are decoded from the bytes when asked for, so that a book of
// any size takes no memory of its own beyond the pages being read.
struct PolyglotBook {
  std::shared_ptr<const void> storage;  // keeps `bytes` alive: the mapped file or a copy
  std::string_view bytes;               // the whole entries, in file order
  std::size_t trailing_bytes = 0;       // a partial entry after the last whole one, ignored

  std::size_t size() const { return bytes.size() / PolyglotEntrySize; }
  PolyglotEntry entry(std::size_t i) const;
};

// A book that is not a regular file (a FIFO, /dev/stdin) is read into memory up to this size; a
// regular file is mapped, whatever its size.
inline constexpr std::size_t BookStreamLimit = std::size_t(256) << 20;

// Reads a book from its bytes (copied). `source` names it in errors. Fewer bytes than one entry
// is an error; a trailing partial entry is not (see trailing_bytes).
[[nodiscard]] Expected<PolyglotBook> parse_polyglot_book(std::string_view bytes,
                                                         std::string_view source);
// Reads a book file through read_input's rules (MappedInput): a missing, unreadable, empty or
// too short file, or a directory, is an error naming the path.
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
  // The en-passant rule the book must follow; the scheme's rule when not given.
  std::optional<EnPassantRule> en_passant;
  // Called every few thousand positions expanded (positions so far, current depth).
  std::function<void(std::size_t positions, int depth)> progress;
};

// Where the walk began, or why it could not begin.
enum class BookStart : std::uint8_t {
  StartPosition,  // the start position's key is in the book
  StartChildren,  // not it, but keys of positions one ply from it (a book of Black's moves only)
  TwoPlies,       // neither, but keys of positions two plies from it (a book of one opening)
  WrongKeys,      // none under the scheme, but some under another reading: `diagnosis` names it
  OutOfReach,     // no position within two plies under any reading tried: Chess960, or a book of
                  // a late opening position; the walk cannot judge its keys
};
// "start-position", "start-children", "two-plies", "wrong-keys", "out-of-reach".
const char* to_string(BookStart start);

// Which en-passant rule the book's keys follow, from the positions the walk reached where the
// rules give different keys (an en-passant square no pawn can take, or only a pinned one can).
struct EnPassantEvidence {
  // Positions where the rules disagree and the book holds exactly one of the two keys.
  std::size_t deciding_positions = 0;
  // Positions where the rules disagree and the book holds both keys (followed both ways).
  std::size_t both_held = 0;
  // Per rule, indexed by EnPassantRule (Always, PseudoLegal, Legal): the deciding positions
  // whose held key that rule predicts.
  std::array<std::size_t, 3> agreeing{};
  // Whether every deciding position agrees with `rule` (true when none decides).
  bool fits(EnPassantRule rule) const;
  // The rules every deciding position agrees with; empty when the book follows none.
  std::vector<EnPassantRule> fitting_rules() const;
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
  BookStart start = BookStart::StartPosition;
  std::size_t start_roots = 0;  // the positions the walk began from
  std::string diagnosis;        // WrongKeys: the reading of the keys that explains them
  EnPassantEvidence en_passant;
  EnPassantRule expected_rule = EnPassantRule::PseudoLegal;  // the scheme's or --en-passant's
  // Whether the walk could judge the keys: OutOfReach books pass on order and decoding alone.
  bool keys_judged() const { return start != BookStart::OutOfReach; }
  bool keys_passed() const {
    return start != BookStart::WrongKeys && en_passant.fits(expected_rule);
  }
  bool passed() const {
    return sorted && illegal_moves == 0 && undecodable_moves == 0 && keys_passed();
  }
};

// Checks the order of the entries and walks the book with keys computed under `scheme`. When the
// book holds neither the start position nor any of its children, tries other readings of the
// keys (each built-in scheme, the turn key on the other side) to name what the writer did.
BookReport check_polyglot_book(const PolyglotBook& book, const KeyScheme& scheme,
                               const BookWalkOptions& options = {});

}  // namespace zobrist_verify
