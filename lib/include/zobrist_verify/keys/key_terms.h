// The terms of a scheme's table that a difference of two keys is made of: when a target's key
// differs from the one its declared scheme gives, expected XOR actual is, for most hashing bugs,
// one table entry (a castling right never removed, a captured piece left in) or the XOR of a few
// (a rook left on its corner after castling). Naming them saves working it out by hand.
#pragma once
#include <string>
#include <vector>
#include "zobrist_verify/core/types.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {

// Which of a position's keys a difference is in: each combines its own terms of the table.
enum class KeyPart : std::uint8_t { Key, PawnKey, MaterialKey };

// One entry of a scheme's table, named for a reader, with the scheme-file line that holds it
// (docs/key-scheme-file.md, as `key --print-scheme` writes it) so it can be found in a dump.
struct KeyTerm {
  std::string name;  // "castling rights K (castling 1)", "white rook on h1 (psq R h1)"
  Key key = 0;
};

// The terms the key part combines, each value once (the first name kept: a scheme keyed by file
// repeats an en-passant key down the file, and is named by the file), zero keys left out.
// Key: the placement, castling, en-passant and side terms; PawnKey: the pawns' placement and the
// no-pawns start; MaterialKey: the placement keys read as material terms, psq[pc][n] being the
// term of an (n + 1)th piece pc.
std::vector<KeyTerm> key_terms(const KeyScheme& scheme, KeyPart part);

// The fewest terms of key_terms(scheme, part), at most max_terms (1 to 4), whose XOR is
// `difference`, by name, in table order; empty when there are none (or difference is 0). Four
// terms are searched meeting in the middle, over the sorted XORs of all pairs (about 300,000 for
// a full chess table, some milliseconds).
std::vector<std::string> terms_at_fault(const KeyScheme& scheme, KeyPart part, Key difference,
                                        int max_terms = 4);

}  // namespace zobrist_verify
