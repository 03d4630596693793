// The parts of the book check that share the book's index: the walk from known positions, the
// en-passant probe of each child, and the diagnosis of keys that match no known start.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "zobrist_verify/doors/polyglot_book.h"

namespace zobrist_verify {

// The book's entries in key order, read in place: a sorted book is its own index; an unsorted
// one gets the order of its entries (4 bytes an entry). A key is known by the position of its
// first entry in key order, so per-key marks are vectors of index.size() bits.
struct BookIndex {
  const PolyglotBook& book;
  std::vector<std::uint32_t> order;  // empty when the book is sorted
  std::size_t distinct_keys = 0;

  BookIndex(const PolyglotBook& book, bool sorted);
  static constexpr std::size_t NotFound = ~std::size_t(0);
  std::size_t size() const { return book.size(); }
  PolyglotEntry entry(std::size_t e) const { return book.entry(order.empty() ? e : order[e]); }
  // The first entry stored under `key`, or NotFound.
  std::size_t find(Key key) const;
  // One past the last entry stored under the key whose first entry is `first`.
  std::size_t end_of(std::size_t first) const;
};

// The first few findings of a check, with the FEN they were found at.
struct Findings {
  BookReport& report;
  std::size_t max;
  void add(std::string fen, std::uint16_t raw, std::string why);
};

// A position the walk expands: its FEN and the book key it was found under (its first entry).
struct WalkNode {
  std::string fen;
  std::size_t key_index;
  int depth;
};

// The book keys a position may be stored under: its key under each en-passant rule (one key, or
// two when the rules disagree about its en-passant square). When the rules disagree and the book
// holds exactly one of the two, the position decides between the rules and is counted in
// `evidence` (if given).
std::vector<std::size_t> held_keys(const Position& pos, const BookIndex& index,
                                   EnPassantEvidence* evidence);

// The positions the walk starts from under `scheme`: the start position when its key is in the
// book, else the book's positions one ply from it, else (when `two_plies`) two plies from it.
// Evidence from children probed on the way is counted.
std::vector<WalkNode> find_roots(const BookIndex& index, const KeyScheme& scheme, bool two_plies,
                                 EnPassantEvidence* evidence);

// Walks breadth first from `roots` through the book's own moves (the depth of a key is the fewest
// plies that reach it), following a child under whichever rule's key the book holds. Roots not at
// the start mean a book that may hold one side's moves only (polyglot make-book -only-black): a
// child not in the book is bridged by trying each of its legal replies. Fills the
// reach, depth, illegal moves and en-passant evidence of `report`; returns which keys it reached.
std::vector<bool> walk_book(const BookIndex& index, const KeyScheme& scheme,
                            std::vector<WalkNode> roots, const BookWalkOptions& options,
                            BookReport& report, Findings& findings);

// When `scheme` finds no known start: which reading of the keys does (another built-in scheme,
// the turn key on the other side), or that none does. Sets report.start, start_roots and
// diagnosis; walks the book when a position two plies deep is found under `scheme` itself.
std::vector<bool> diagnose_and_walk(const BookIndex& index, const KeyScheme& scheme,
                                    const BookWalkOptions& options, BookReport& report,
                                    Findings& findings);

}  // namespace zobrist_verify
