// Polyglot opening books: reading, move decoding and the walk from the start position.
#include "zobrist_verify/doors/polyglot_book.h"

#include "zobrist_verify/core/hex.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "zobrist_verify/core/file_io.h"

#include "book_walk.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"

namespace zobrist_verify {

namespace {

std::uint64_t read_big_endian(std::string_view bytes, std::size_t offset, int size) {
  std::uint64_t value = 0;
  for (int i = 0; i < size; ++i)
    value = (value << 8) | static_cast<unsigned char>(bytes[offset + i]);
  return value;
}

std::string hex(std::uint64_t value, int digits) {
  char text[24];
  std::snprintf(text, sizeof text, "%0*llx", digits, static_cast<unsigned long long>(value));
  return text;
}

const char* piece_name(PieceType pt) {
  constexpr const char* Names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return Names[pt];
}

// Whether a queen or a knight could move between the squares: every real move does one or the
// other (castling is king-takes-rook, along the rank).
bool some_piece_moves_between(Square from, Square to) {
  const int files = std::abs(int(file_of(to)) - int(file_of(from)));
  const int ranks = std::abs(int(rank_of(to)) - int(rank_of(from)));
  return files == 0 || ranks == 0 || files == ranks || (files == 1 && ranks == 2) ||
         (files == 2 && ranks == 1);
}

bool pawn_could_promote(Square from, Square to) {
  const int files = std::abs(int(file_of(to)) - int(file_of(from)));
  return files <= 1 && ((rank_of(from) == Rank7 && rank_of(to) == Rank8) ||
                        (rank_of(from) == Rank2 && rank_of(to) == Rank1));
}

}  // namespace

namespace {

// A book over `bytes`, which `storage` keeps alive; the size errors name `source`.
Expected<PolyglotBook> book_over(std::shared_ptr<const void> storage, std::string_view bytes,
                                 std::string_view source) {
  const std::string where = "book " + std::string(source);
  if (bytes.empty())
    return Error{where +
                 " is empty: a Polyglot book holds 16-byte entries (key, move, weight, "
                 "learn)"};
  if (bytes.size() < PolyglotEntrySize)
    return Error{where + " has " + std::to_string(bytes.size()) +
                 " bytes, fewer than one 16-byte Polyglot entry"};
  PolyglotBook book;
  book.storage = std::move(storage);
  book.trailing_bytes = bytes.size() % PolyglotEntrySize;
  book.bytes = bytes.substr(0, bytes.size() - book.trailing_bytes);
  return book;
}

}  // namespace

PolyglotEntry PolyglotBook::entry(std::size_t i) const {
  const std::size_t at = i * PolyglotEntrySize;
  return {read_big_endian(bytes, at, 8), std::uint16_t(read_big_endian(bytes, at + 8, 2)),
          std::uint16_t(read_big_endian(bytes, at + 10, 2)),
          std::uint32_t(read_big_endian(bytes, at + 12, 4))};
}

Expected<PolyglotBook> parse_polyglot_book(std::string_view bytes, std::string_view source) {
  auto copy = std::make_shared<const std::string>(bytes);
  const std::string_view view = *copy;
  return book_over(std::move(copy), view, source);
}

Expected<PolyglotBook> read_polyglot_book(const std::string& path) {
  auto input = MappedInput::open(path, BookStreamLimit, "a book that is not a regular file");
  if (!input) return Error{input.error()};
  auto mapped = std::make_shared<const MappedInput>(std::move(*input));
  const std::string_view view = mapped->bytes();
  return book_over(std::move(mapped), view, path);
}

std::string polyglot_move_text(std::uint16_t raw) {
  const Square to = make_square(File(raw & 7), Rank((raw >> 3) & 7));
  const Square from = make_square(File((raw >> 6) & 7), Rank((raw >> 9) & 7));
  std::string text = square_name(from) + square_name(to);
  const unsigned promotion = (raw >> 12) & 7;
  if (promotion != 0) text += "nbrq???"[promotion - 1];
  return text;
}

Expected<BookMove> decode_polyglot_move(std::uint16_t raw) {
  BookMove m;
  m.to = make_square(File(raw & 7), Rank((raw >> 3) & 7));
  m.from = make_square(File((raw >> 6) & 7), Rank((raw >> 9) & 7));
  const unsigned promotion = (raw >> 12) & 7;
  const std::string code = " (raw 0x" + hex(raw, 4) + ")";
  if (raw & 0x8000) return Error{"bit 15 is set, which no Polyglot move uses" + code};
  if (m.from == m.to) return Error{"from and to are the same square" + code};
  if (promotion > 4) {
    return Error{"promotion piece " + std::to_string(promotion) +
                 " is none of 1-4 (knight, bishop, rook, queen)" + code};
  }
  if (!some_piece_moves_between(m.from, m.to))
    return Error{"no piece moves from " + square_name(m.from) + " to " + square_name(m.to) + code};
  if (promotion != 0 && !pawn_could_promote(m.from, m.to))
    return Error{"promotion bits on a move no pawn can promote with" + code};
  m.promotion = promotion == 0 ? NoPieceType : PieceType(Knight + promotion - 1);
  return m;
}

Expected<Move> book_move_in_position(const Position& pos, BookMove book_move) {
  const MoveList moves = legal_moves(pos);
  for (Move m : moves) {
    if (m.from() != book_move.from || m.to() != book_move.to)
      continue;  // castling: king takes rook
    const bool promotes = m.kind() == MoveKind::Promotion;
    if (promotes != (book_move.promotion != NoPieceType)) continue;
    if (!promotes || m.promotion_type() == book_move.promotion) return m;
  }

  const Square from = book_move.from;
  const Piece piece = pos.piece_on(from);
  if (piece == NoPiece) return Error{"there is no piece on " + square_name(from)};
  if (color_of(piece) != pos.side_to_move())
    return Error{"the piece on " + square_name(from) + " belongs to the side not to move"};
  if (book_move.promotion != NoPieceType && type_of(piece) != Pawn)
    return Error{std::string("promotion bits on a ") + piece_name(type_of(piece)) + " move"};
  if (book_move.promotion == NoPieceType && type_of(piece) == Pawn &&
      relative_rank(pos.side_to_move(), book_move.to) == Rank8)
    return Error{"a pawn reaching the last rank needs a promotion piece"};
  for (Move m : moves) {
    if (m.kind() == MoveKind::Castling && m.from() == from &&
        make_square(m.to() > from ? FileG : FileC, rank_of(from)) == book_move.to) {
      return Error{"castling is encoded king-takes-rook in Polyglot (" + square_name(from) +
                   square_name(m.to()) + "), not as the king's destination"};
    }
  }
  if (pos.checkers()) return Error{"it is not legal here (the side to move is in check)"};
  return Error{"it is not legal here"};
}

BookIndex::BookIndex(const PolyglotBook& book_, bool sorted) : book(book_) {
  const std::size_t n = book.size();
  if (!sorted) {
    order.resize(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = std::uint32_t(i);
    std::stable_sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) {
      return book.entry(a).key < book.entry(b).key;
    });
  }
  for (std::size_t e = 0; e < n; ++e)
    if (e == 0 || entry(e).key != entry(e - 1).key) ++distinct_keys;
}

std::size_t BookIndex::find(Key key) const {
  std::size_t low = 0;
  std::size_t high = size();
  while (low < high) {  // the first entry whose key is not below `key`
    const std::size_t middle = low + (high - low) / 2;
    if (entry(middle).key < key)
      low = middle + 1;
    else
      high = middle;
  }
  return low < size() && entry(low).key == key ? low : NotFound;
}

std::size_t BookIndex::end_of(std::size_t first) const {
  const Key key = entry(first).key;
  std::size_t end = first + 1;
  while (end < size() && entry(end).key == key) ++end;
  return end;
}

void Findings::add(std::string fen, std::uint16_t raw, std::string why) {
  if (report.first_findings.size() < max)
    report.first_findings.push_back({std::move(fen), polyglot_move_text(raw), std::move(why)});
}

const char* to_string(BookStart start) {
  switch (start) {
    case BookStart::StartPosition:
      return "start-position";
    case BookStart::StartChildren:
      return "start-children";
    case BookStart::TwoPlies:
      return "two-plies";
    case BookStart::WrongKeys:
      return "wrong-keys";
    case BookStart::OutOfReach:
      return "out-of-reach";
  }
  return "?";
}

bool EnPassantEvidence::fits(EnPassantRule rule) const {
  if (deciding_positions == 0) return true;
  const auto at = std::size_t(rule);
  return at < agreeing.size() && agreeing[at] == deciding_positions;
}

std::vector<EnPassantRule> EnPassantEvidence::fitting_rules() const {
  std::vector<EnPassantRule> rules;
  for (EnPassantRule rule :
       {EnPassantRule::Always, EnPassantRule::PseudoLegal, EnPassantRule::Legal})
    if (fits(rule)) rules.push_back(rule);
  return rules;
}

namespace {

// Whether the entries are sorted by key, as a binary search over the book needs.
void check_order(const PolyglotBook& book, BookReport& report) {
  for (std::size_t i = 1; i < book.size(); ++i) {
    if (book.entry(i).key < book.entry(i - 1).key) {
      report.sorted = false;
      report.first_unsorted_entry = i;
      return;
    }
  }
}

}  // namespace

BookReport check_polyglot_book(const PolyglotBook& book, const KeyScheme& scheme,
                               const BookWalkOptions& options) {
  BookReport report;
  report.entries = book.size();
  report.trailing_bytes = book.trailing_bytes;
  check_order(book, report);
  report.expected_rule = options.en_passant.value_or(scheme.en_passant_rule);
  const BookIndex index(book, report.sorted);
  report.distinct_keys = index.distinct_keys;
  for (std::size_t e = 0; e < index.size(); ++e)
    if (!decode_polyglot_move(index.entry(e).move)) ++report.undecodable_moves;

  Findings findings{report, options.max_findings};
  std::vector<WalkNode> roots = find_roots(index, scheme, false, &report.en_passant);
  std::vector<bool> reached;
  if (roots.empty()) {
    reached = diagnose_and_walk(index, scheme, options, report, findings);
  } else {
    report.start = roots.front().depth == 0 ? BookStart::StartPosition : BookStart::StartChildren;
    report.start_roots = roots.size();
    reached = walk_book(index, scheme, std::move(roots), options, report, findings);
  }

  // Every key the walk did not reach is unreached, also when no walk could begin.
  report.unreached_keys = report.distinct_keys - report.reached_keys;
  // Moves stored under keys the walk never reached are still checked for their encoding.
  // Only the first few are kept (Findings), so the scan stops once they are.
  for (std::size_t k = 0, end = 0;
       k < index.size() && report.first_findings.size() < options.max_findings; k = end) {
    end = index.end_of(k);
    if (reached[k]) continue;
    for (std::size_t e = k; e < end; ++e) {
      const Expected<BookMove> decoded = decode_polyglot_move(index.entry(e).move);
      if (decoded) continue;
      findings.add("", index.entry(e).move,
                   "does not decode: " + decoded.error() + "; stored under key " +
                       hex_key(index.entry(e).key) + ", which the walk never reached");
    }
  }
  return report;
}

}  // namespace zobrist_verify
