// Every planted bug of the mutation catalogue, in one file: its value of Bug (what MutantHasher
// switches on, in mutant_hasher.cpp) and its row (name, scheme, claimed rule, what the code does
// wrong, the real bug it mirrors, and a witness). A new mutant is a value and a row here and its
// bug in mutant_hasher.cpp; mutants_test checks that each row's bug is planted once and that its
// witness shows it, and docs/mutants.md describes each in prose.
#pragma once

#include <cstdint>
#include <iterator>

#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::properties {

// One planted bug. docs/mutants.md describes each and the real bug report it mirrors.
enum class Bug : std::uint8_t {
  None,
  // En passant.
  EpKeptAfterPawnReply,       // the old ep key is XORed out only when a piece (not a pawn) moves
  EpKeyFromFenWithoutSquare,  // a FEN with "-" XORs enpassant[file_of(SQ_NONE)], file a's key
  EpHashedWithoutCapturer,    // hashes every ep square although the rule needs a capturer
  EpPinnedHashedUnderLegal,   // claims the legal rule, hashes a capture only a pinned pawn has
  EpPinnedUnhashedUnderPseudoLegal,  // claims the pseudo-legal rule, drops pinned captures
  EpLegalChecksOnlyPinnedPawn,       // legal rule via "is the capturer pinned", misses rank pins
  EpSameFileUpdateSkipped,           // skips the ep update when old and new squares share a file
  EpCaptureRemovesPawnOnTarget,      // an ep capture XORs the captured pawn out on the ep square
  NoEpKeys,                          // no en-passant term at all
  // Split rules: the FEN reader keys the square by another rule than make_move does.
  EpAlwaysWhenSetFromFen,  // a FEN's en-passant square is always hashed (Ethereal, chess.js)
  EpLegalWhenSetFromFen,   // a FEN's en-passant square is hashed only for a legal capture
  // Castling.
  RookCaptureKeepsRight,            // rights are cleared from the origin square only
  KingMoveKeepsRights,              // an ordinary king move keeps the rights (only castling clears)
  CastlingClearsOnlyUsedRight,      // castling drops the right used, not both rights of that colour
  OnlyFirstCastlingRightHashed,     // the from-scratch castling term stops after the first right
  FenKeysLackCastlingRights,        // the from-scratch key has no castling term at all
  CastlingKeyCollidesWithSide,      // the side key is read from the White O-O castling slot
  CastlingRookMoveNotHashed,        // castling moves the king in the key, not the rook
  NoCastlingKeys,                   // no castling term at all
  Chess960CastlingKeyedByRookFile,  // Chess960 castling keyed by rook file, shared by colours
  XfenLetterPicksInnerRook,  // K/Q in a FEN pick the rook nearest the king, not the outermost
  // Null move and side to move.
  NullMoveKeepsEpKey,        // a null move clears the ep square but not its key
  NullMoveRehashesCastling,  // a null move XORs the castling term once more
  NoSideKey,                 // no side-to-move term at all
  // Promotion, pawn key, material key.
  PromotionKeepsPawnInKey,      // the promoting pawn stays in the key, the new piece is not added
  UnderpromotionHashedAsQueen,  // the key always adds a queen on promotion
  MaterialKeyOffByOneOnPromotion,  // the promoted piece's material slot is one too high
  PawnKeyMissesCapturedPawn,       // capturing a pawn leaves the pawn key unchanged
  PawnKeyZeroWhenPawnless,         // from scratch, a pawnless position gets pawn key 0, not noPawns
  NoPawnsTermDropped,  // the pawn key starts from 0, not noPawns, on every path (before PR #887)
  // Unmake.
  StaleKeyAfterUnmake,  // key() caches its value and unmake does not invalidate it
  // Auxiliary keys.
  PromotionMissingFromNonPawnKey,     // the promoted piece is not added to nonPawnKey (PR #6494)
  CapturedPieceLeftInMinorKey,        // a capture is classed minor or major by the capturer's type
  CastlingRookMissingFromNonPawnKey,  // castling moves the king in nonPawnKey but not the rook
  NonPawnKeyHashesPawns,              // nonPawnKey, declared without pawns, hashes them too
  Count,                              // the number of bugs above (Bug::None included): keep last
};
static_assert(unsigned(Bug::Count) <= 64, "MutantHasher keeps its bugs in one 64-bit mask");

// One row of the catalogue (MutantInfo, mutants.h, says what each field means).
struct BugRow {
  const char* name;
  Bug bug;
  const char* scheme;
  EnPassantRule en_passant_rule;
  const char* description;
  const char* mirrors;
  const char* witness_fen;
  bool witness_chess960;
  const char* witness_moves;
  bool expects_scheme = false;
};

namespace bug_rows {

using enum EnPassantRule;

inline constexpr const char* Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
inline constexpr const char* CastlingCorners = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
inline constexpr const char* PromotionReady = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
// Black's c7c5 lets White's d5 pawn attack c6, but the d8 rook pins it to the d-file.
inline constexpr const char* PinnedEnPassant = "3r3k/2p5/8/3P4/8/8/8/3K4 b - - 0 1";
// Black's c7c5 puts both pawns between the a5 king and the h5 rook: b5xc6 would expose the king.
inline constexpr const char* RankPinnedEnPassant = "8/2p5/8/KP5r/8/8/8/7k b - - 0 1";
// After python-chess tricky.perft "asymmetrical-and-king-on-h", with the king on g8 (no start
// has it on h8): q names the a8 rook, the d8 rook is inner.
inline constexpr const char* InnerRook = "r2r2k1/p7/3p4/8/8/P6P/8/R3K2R b q - 0 1";
// Chess960 start position 518 is the standard one; this is position 0 (BBQNNRKR).
inline constexpr const char* Chess960Start =
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
inline constexpr const char* Pawnless = "8/8/8/8/8/8/1R6/K6k w - - 0 1";
inline constexpr const char* RookTakesKnight = "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1";

inline constexpr BugRow Rows[] = {
    {"ep-kept-after-pawn-reply", Bug::EpKeptAfterPawnReply, "polyglot", PseudoLegal,
     "the old en-passant key is XORed out only in the branch for piece moves, so a pawn move "
     "answering a capturable double push leaves it in the key",
     "old en-passant key not XORed out after a double push", Start, false,
     "e2e4 d7d5 e4e5 f7f5 a2a3"},
    {"ep-key-from-fen-without-square", Bug::EpKeyFromFenWithoutSquare, "stockfish", PseudoLegal,
     "the FEN reader turns '-' into SQ_NONE and still XORs enpassant[file_of(SQ_NONE)], the "
     "a-file key",
     "en-passant key XORed from a FEN with no en-passant square", Start, false, ""},
    {"ep-hashed-without-capturer", Bug::EpHashedWithoutCapturer, "polyglot", PseudoLegal,
     "every double push hashes its en-passant square, although Polyglot hashes it only when a "
     "pawn of the side to move can capture",
     "en-passant key hashed when no capture is possible (book keys do not match Polyglot)", Start,
     false, "e2e4"},
    {"ep-pinned-hashed-under-legal-rule", Bug::EpPinnedHashedUnderLegal, "stockfish", Legal,
     "claims the legal rule (as Stockfish 16 does) but tests only that a pawn attacks the "
     "square, so a capture only a pinned pawn could make is hashed",
     "pinned en-passant capture treated as capturable against the scheme's rule", PinnedEnPassant,
     false, "c7c5"},
    {"ep-pinned-unhashed-under-pseudo-legal-rule", Bug::EpPinnedUnhashedUnderPseudoLegal,
     "polyglot", PseudoLegal,
     "runs a full legality test on the en-passant capture, so a pinned capturer drops the key "
     "that Polyglot's pseudo-legal rule keeps",
     "pinned en-passant capture treated as not capturable against the scheme's rule (book keys "
     "differ in pinned positions)",
     PinnedEnPassant, false, "c7c5"},
    {"ep-legal-checks-only-pinned-pawn", Bug::EpLegalChecksOnlyPinnedPawn, "stockfish", Legal,
     "the legal rule is implemented as 'the capturing pawn is not pinned', which misses the "
     "rank pin through both pawns (king, two pawns, rook on one rank)",
     "pinned en-passant capture treated as capturable against the scheme's rule (the "
     "horizontal two-pawn pin)",
     RankPinnedEnPassant, false, "c7c5"},
    {"ep-same-file-update-skipped", Bug::EpSameFileUpdateSkipped, "rustic", Always,
     "skips the en-passant update when the new square is on the old square's file, assuming "
     "keys by file; this scheme keys by square, so e3 stays hashed after e7e5",
     "two en-passant squares sharing a file (keyed by file where the rank matters)", Start, false,
     "e2e4 e7e5"},
    {"ep-capture-removes-pawn-on-target", Bug::EpCaptureRemovesPawnOnTarget, "rustic", Always,
     "an en-passant capture XORs the captured pawn out on the destination square instead of "
     "the square behind it",
     "en-passant capture hashed on the wrong square", Start, false, "e2e4 a7a6 e4e5 d7d5 e5d6"},
    {"no-ep-keys", Bug::NoEpKeys, "rustic", Always,
     "no en-passant term at all, not even the no-square key", "no en-passant keys at all", Start,
     false, "e2e4"},
    {"ep-always-when-set-from-fen", Bug::EpAlwaysWhenSetFromFen, "polyglot", PseudoLegal,
     "the FEN reader hashes any en-passant square it reads, while make_move hashes the square "
     "only when a pawn can capture: one position, two keys by route (a split rule)",
     "en-passant term under one rule when a FEN is set and another when a move is made "
     "(Ethereal, chess.js 1.4.0, Glaurung 2.2)",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, ""},
    {"ep-legal-when-set-from-fen", Bug::EpLegalWhenSetFromFen, "polyglot", PseudoLegal,
     "the FEN reader hashes an en-passant square only for a legal capture, while make_move "
     "hashes it whenever a pawn attacks it: a split rule seen only with a pinned capturer",
     "legal-only en-passant rule when a FEN is set, pseudo-legal when a move is made "
     "(chess-library)",
     "3r3k/8/8/2pP4/8/8/8/3K4 w - c6 0 2", false, ""},
    {"rook-capture-keeps-right", Bug::RookCaptureKeepsRight, "polyglot", PseudoLegal,
     "castling rights are cleared from the origin square only, so capturing a rook on its "
     "corner leaves the opponent's right in the key",
     "rook captured on its corner not clearing the right", CastlingCorners, false, "a1a8"},
    {"king-move-keeps-rights", Bug::KingMoveKeepsRights, "rustic", Always,
     "only castling clears the king's rights; an ordinary king step keeps them",
     "castling rights kept after a king move", Start, false, "e2e4 e7e5 e1e2"},
    {"castling-clears-only-used-right", Bug::CastlingClearsOnlyUsedRight, "stockfish", PseudoLegal,
     "castling clears the right it used and keeps the other wing's right of the same colour",
     "castling term wrong after castling", CastlingCorners, false, "e1g1"},
    {"only-first-castling-right-hashed", Bug::OnlyFirstCastlingRightHashed, "polyglot", PseudoLegal,
     "the from-scratch loop over the four rights breaks after the first one it finds; the "
     "incremental update XORs whole masks",
     "only the first castling right hashed", Start, false, ""},
    {"fen-keys-lack-castling-rights", Bug::FenKeysLackCastlingRights, "polyglot", PseudoLegal,
     "the key set from a FEN has no castling term; make_move XORs the rights a move loses as "
     "it should, so every key after a lost right holds that right's term",
     "castling rights missing from keys set from a FEN", Start, false, ""},
    {"castling-key-collides-with-side", Bug::CastlingKeyCollidesWithSide, "polyglot", PseudoLegal,
     "the turn key is read from Random64[768], White's O-O slot, instead of Random64[780], so "
     "White to move with K equals Black to move without it",
     "castling keys that collide with the side key", Start, false, ""},
    {"castling-rook-move-not-hashed", Bug::CastlingRookMoveNotHashed, "stockfish", PseudoLegal,
     "castling moves the king in the key but leaves the rook on its corner",
     "castling rook move not hashed", CastlingCorners, false, "e1g1"},
    {"no-castling-keys", Bug::NoCastlingKeys, "stockfish", PseudoLegal, "no castling term at all",
     "no castling keys at all", Start, false, ""},
    {"chess960-castling-keyed-by-rook-file", Bug::Chess960CastlingKeyedByRookFile, "stockfish",
     PseudoLegal,
     "in Chess960 each right is keyed by its rook's file alone, shared by both colours, so "
     "White's and Black's rights on one file cancel",
     "Chess960 castling keyed per rook square (rights on the same file collide)", Chess960Start,
     true, ""},
    {"xfen-letter-picks-inner-rook", Bug::XfenLetterPicksInnerRook, "rustic", Always,
     "K and Q pick the rook nearest the king instead of the outermost one, so the wrong rook's "
     "move clears the right",
     "wrong rook picked from an X-FEN castling letter", InnerRook, false, "d8d7"},
    {"null-move-keeps-ep-key", Bug::NullMoveKeepsEpKey, "polyglot", PseudoLegal,
     "a null move clears the en-passant square but not its key",
     "null move leaving the en-passant term wrong", Start, false, "e2e4 d7d5 e4e5 f7f5 0000"},
    {"null-move-rehashes-castling", Bug::NullMoveRehashesCastling, "rustic", Always,
     "the null move, copied from do_move, XORs the castling term once more",
     "null move leaving the castling term wrong", Start, false, "0000"},
    {"no-side-key", Bug::NoSideKey, "rustic", Always, "no side-to-move term at all",
     "no side-to-move key at all", Start, false, ""},
    {"promotion-keeps-pawn-in-key", Bug::PromotionKeepsPawnInKey, "polyglot", PseudoLegal,
     "a promotion moves the pawn in the key and never swaps it for the new piece",
     "promotion hashing the pawn instead of the promoted piece", PromotionReady, false, "a7a8q"},
    {"underpromotion-hashed-as-queen", Bug::UnderpromotionHashedAsQueen, "stockfish", PseudoLegal,
     "the key always adds a queen on promotion, whatever piece was chosen",
     "promotion hashing the wrong piece", PromotionReady, false, "a7a8n"},
    {"material-key-off-by-one-on-promotion", Bug::MaterialKeyOffByOneOnPromotion, "rustic", Always,
     "the promoted piece is counted in before its material slot is read, one slot too high",
     "material key off by one on promotion", PromotionReady, false, "a7a8q"},
    {"pawn-key-misses-captured-pawn", Bug::PawnKeyMissesCapturedPawn, "polyglot", PseudoLegal,
     "a pawn capture updates the main key but not the pawn key",
     "pawn key not updated on pawn captures", Start, false, "e2e4 d7d5 e4d5"},
    {"pawn-key-zero-when-pawnless", Bug::PawnKeyZeroWhenPawnless, "stockfish", PseudoLegal,
     "from scratch, a position without pawns gets pawn key 0 instead of the noPawns key",
     "pawn key of 0 for pawnless positions", Pawnless, false, ""},
    {"no-pawns-term-dropped", Bug::NoPawnsTermDropped, "stockfish", PseudoLegal,
     "the pawn key starts from 0 instead of the noPawns key, from scratch and so incrementally "
     "too: both paths agree, and every pawnless position has pawn key 0",
     "pawn key of 0 in every pawnless position, an empty pawn-table slot (Stockfish PR #887)",
     Pawnless, false, "", /*expects_scheme=*/true},
    {"stale-key-after-unmake", Bug::StaleKeyAfterUnmake, "polyglot", PseudoLegal,
     "key() caches its value and unmake forgets to invalidate the cache",
     "stale cached key after unmake", Start, false, "e2e4 undo"},
    {"promotion-missing-from-non-pawn-key", Bug::PromotionMissingFromNonPawnKey, "stockfish",
     PseudoLegal,
     "a promotion adds the new piece to the key, the material key and the minor or major key, "
     "but not to the promoting side's non-pawn key",
     "promoted piece missing from nonPawnKey (Stockfish PR #6494, issue #6492)", PromotionReady,
     false, "a7a8q"},
    {"captured-piece-left-in-minor-key", Bug::CapturedPieceLeftInMinorKey, "stockfish", PseudoLegal,
     "a captured piece is XORed out of the minor or the major key by the capturing piece's "
     "type, so a knight or bishop taken by a rook or queen stays in the minor-piece key",
     "captured piece left in minorPieceKey (Stockfish 60351b9d, the first correction-history "
     "keys)",
     RookTakesKnight, false, "a1a2"},
    {"castling-rook-missing-from-non-pawn-key", Bug::CastlingRookMissingFromNonPawnKey, "stockfish",
     PseudoLegal,
     "castling moves the king and the rook in the key and the major key, but only the king in "
     "the non-pawn key",
     "castling rook move missing from nonPawnKey", CastlingCorners, false, "e1g1"},
    {"non-pawn-key-hashes-pawns", Bug::NonPawnKeyHashesPawns, "stockfish", PseudoLegal,
     "each side's non-pawn key, declared as its knights, bishops, rooks, queens and king, also "
     "takes its pawns, from scratch and incrementally alike",
     "an auxiliary key that hashes more than it declares (a pawn-king key declared as pawns "
     "only, as Ethereal's must not be)",
     Start, false, ""},
};

static_assert(std::size(Rows) + 1 == unsigned(Bug::Count), "one row for each Bug but None");

}  // namespace bug_rows

}  // namespace zobrist_verify::properties
