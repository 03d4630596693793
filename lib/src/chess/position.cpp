// Position: board updates, attacks, legality of a single move, make/unmake with incremental keys.
#include "zobrist_verify/chess/position.h"

#include <cstring>

namespace zobrist_verify {

namespace {

// Which running XORs a piece's placement key goes into, by piece code: all ones where it does,
// zero where not, so that neither make_move nor compute_keys' scan over the board branches on the
// piece.
struct KeyClassMasks {
  Key aux[PieceCount][AuxKeyCount] = {};  // the auxiliary keys of make_move
  Key white_non_pawn[PieceCount] = {};
  Key minor[PieceCount] = {};
};

constexpr KeyClassMasks key_class_masks() {
  KeyClassMasks m;
  for (Piece pc : EveryPiece) {
    const PieceType pt = type_of(pc);
    if (pt == Pawn) continue;
    m.white_non_pawn[pc] = color_of(pc) == White ? ~Key(0) : 0;
    m.minor[pc] = pt == Knight || pt == Bishop ? ~Key(0) : 0;
    m.aux[pc][color_of(pc) == White ? NonPawnWhite : NonPawnBlack] = ~Key(0);
    m.aux[pc][pt <= Bishop ? MinorPieces : MajorPieces] = ~Key(0);
  }
  return m;
}

constexpr KeyClassMasks KeyClass = key_class_masks();

// XORs `term` (psq keys of `pc`) into the auxiliary keys `pc` belongs to (none for a pawn).
inline void xor_aux(AuxKeys& aux, Piece pc, Key term) {
  for (int i = 0; i < AuxKeyCount; ++i) aux[i] ^= term & KeyClass.aux[pc][i];
}

}  // namespace

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

void Position::clear() {
  *this = Position();
}

void Position::put_piece(Piece pc, Square s) {
  const Bitboard b = square_bb(s);
  board_[s] = pc;
  by_type_[AllPieces] |= b;
  by_type_[type_of(pc)] |= b;
  by_color_[color_of(pc)] |= b;
  ++piece_count_[pc];
  ++piece_count_[make_piece(color_of(pc), AllPieces)];
}

void Position::remove_piece(Square s) {
  const Piece pc = board_[s];
  const Bitboard b = square_bb(s);
  by_type_[AllPieces] ^= b;
  by_type_[type_of(pc)] ^= b;
  by_color_[color_of(pc)] ^= b;
  board_[s] = NoPiece;
  --piece_count_[pc];
  --piece_count_[make_piece(color_of(pc), AllPieces)];
}

void Position::move_piece(Square from, Square to) {
  const Piece pc = board_[from];
  const Bitboard b = square_bb(from) | square_bb(to);
  by_type_[AllPieces] ^= b;
  by_type_[type_of(pc)] ^= b;
  by_color_[color_of(pc)] ^= b;
  board_[from] = NoPiece;
  board_[to] = pc;
}

// Records a castling right for colour c with the rook on rook_from; the king must be placed.
void Position::set_castling_right(Color c, Square rook_from) {
  const Square king_from = king_square(c);
  const bool king_side = king_from < rook_from;
  const CastlingRights cr = c & (king_side ? (WhiteOO | BlackOO) : (WhiteOOO | BlackOOO));
  state_->castling_rights = state_->castling_rights | cr;
  castling_rights_mask_[king_from] = castling_rights_mask_[king_from] | cr;
  castling_rights_mask_[rook_from] = castling_rights_mask_[rook_from] | cr;
  castling_rook_square_[cr] = rook_from;
  castling_king_from_[cr] = king_from;
  castling_configured_ = castling_configured_ | cr;

  const Square king_to = relative_square(c, king_side ? G1 : C1);
  const Square rook_to = relative_square(c, king_side ? F1 : D1);
  castling_path_[cr] = (between_bb(rook_from, rook_to) | between_bb(king_from, king_to)) &
                       ~(square_bb(king_from) | square_bb(rook_from));
  castling_king_path_[cr] = between_bb(king_from, king_to) | square_bb(king_from);
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(Black, s) & pieces(White, Pawn)) |
         (pawn_attacks(White, s) & pieces(Black, Pawn)) | (knight_attacks(s) & pieces(Knight)) |
         (rook_attacks(s, occupied) & pieces(Rook, Queen)) |
         (bishop_attacks(s, occupied) & pieces(Bishop, Queen)) | (king_attacks(s) & pieces(King));
}

bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
  return (pawn_attacks(~c, s) & pieces(c, Pawn)) || (knight_attacks(s) & pieces(c, Knight)) ||
         (king_attacks(s) & pieces(c, King)) ||
         (bishop_attacks(s, occupied) & pieces(c, Bishop, Queen)) ||
         (rook_attacks(s, occupied) & pieces(c, Rook, Queen));
}

Position::SliderLines Position::slider_lines(Color king_color) const {
  const Square ksq = king_square(king_color);
  const Bitboard snipers = ((pseudo_attacks(Rook, ksq) & pieces(Queen, Rook)) |
                            (pseudo_attacks(Bishop, ksq) & pieces(Queen, Bishop))) &
                           pieces(~king_color);
  // Only the sniper's own square is lifted: a nearer sniper on the same line is a real second
  // blocker. (Lifting every sniper, as Stockfish does, marks the piece behind a checking slider
  // as pinned, and a pinned pawn could then not capture that checker.)
  SliderLines lines{0, 0, 0};
  // Without a branch per sniper (which of the three cases holds is data, not a pattern the
  // predictor can learn): all-ones masks select what each sniper adds.
  const Bitboard ours = pieces(king_color);
  for (Bitboard b = snipers; b; b &= b - 1) {
    const Square sniper = lsb(b);
    const Bitboard sniper_bb = b & -b;
    const Bitboard between = between_bb(ksq, sniper) & pieces() & ~sniper_bb;
    const Bitboard none = Bitboard(0) - Bitboard(between == 0);
    const Bitboard one = Bitboard(0) - Bitboard((between != 0) & !more_than_one(between));
    lines.checkers |= sniper_bb & none;
    lines.blockers |= between & one;
    lines.pinners |= sniper_bb & one & (Bitboard(0) - Bitboard((between & ours) != 0));
  }
  return lines;
}

void Position::set_check_info(StateInfo& st) const {
  // attackers_to(ksq) & pieces(them): the leapers by table, the sliders from the same walk over
  // the snipers that finds the pins (no sliding-attack lookup).
  const Color us = side_to_move_, them = ~us;
  const Square ksq = king_square(us);
  const SliderLines lines = slider_lines(us);
  st.blockers_for_king = lines.blockers;
  st.pinners = lines.pinners;
  st.checkers = (pawn_attacks(us, ksq) & pieces(them, Pawn)) |
                (knight_attacks(ksq) & pieces(them, Knight)) |
                (king_attacks(ksq) & pieces(them, King)) | lines.checkers;
}

bool Position::legal(Move m) const {
  const Color us = side_to_move_, them = ~us;
  const Square from = m.from(), to = m.to(), ksq = king_square(us);

  if (m.kind() == MoveKind::EnPassant) {
    const Square captured = to - pawn_push(us);
    const Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
    return !(attackers_to(ksq, occupied) & pieces(them) & ~square_bb(captured));
  }
  if (m.kind() == MoveKind::Castling) {
    const CastlingRights cr = us & (to > from ? (WhiteOO | BlackOO) : (WhiteOOO | BlackOOO));
    if (!can_castle(cr) || castling_rook_square_[cr] != to || castling_impeded(cr) || checkers())
      return false;
    // With king and rook lifted, no square the king crosses or lands on may be attacked.
    const Bitboard occupied = pieces() ^ square_bb(from) ^ square_bb(to);
    for (Bitboard path = castling_king_path_[cr]; path;)
      if (attacked_by(them, pop_lsb(path), occupied)) return false;
    return true;
  }
  if (from == ksq)
    return !(attackers_to(to, pieces() ^ square_bb(from)) & pieces(them) & ~square_bb(to));
  if (checkers()) {
    if (more_than_one(checkers())) return false;
    if (!(between_bb(ksq, lsb(checkers())) & square_bb(to))) return false;
  }
  return !(blockers_for_king(us) & square_bb(from)) || aligned(from, to, ksq);
}

bool Position::en_passant_capture_legal() const {
  const Square ep = ep_square();
  if (ep == NoSquare) return false;
  const Color us = side_to_move_;
  for (Bitboard b = pawn_attacks(~us, ep) & pieces(us, Pawn); b;)
    if (legal(Move::make(MoveKind::EnPassant, pop_lsb(b), ep))) return true;
  return false;
}

bool Position::compute_ep_hashed() const {
  const Square ep = ep_square();
  if (ep == NoSquare) return false;
  switch (scheme_->en_passant_rule) {
    case EnPassantRule::Always:
      return true;
    case EnPassantRule::PseudoLegal:
      return pawn_attacks(~side_to_move_, ep) & pieces(side_to_move_, Pawn);
    case EnPassantRule::Legal:
      return en_passant_capture_legal();
    case EnPassantRule::Never:
      return false;
  }
  return false;
}

Key Position::en_passant_term(const StateInfo& st) const {
  return st.ep_hashed ? scheme_->en_passant[st.ep_square] : scheme_->en_passant_none;
}

Key Position::printed_key() const {
  if (!scheme_->fold_rule50_into_printed_key || rule50() < 14) return key();
  return key() ^ stockfish_make_key(std::uint64_t(rule50() - 14) / 8);
}

// From the board alone (the bitboards, the board array, the castling rights, the side to move and
// the en-passant square), never from the keys make_move keeps. Two scans with every key in a
// register: the pawns, then the other pieces, whose placement keys go to White's non-pawn key and
// the minor-piece key through masks indexed by piece code (no branch per piece). Black's non-pawn
// key and the major-piece key follow by XOR. The material key is, for each piece code, the XOR of
// psq[pc][0..n-1] for the n pieces pc on the board, n counted here from the bitboards and the XOR
// read from the scheme's prefix table, built from psq alone (never from the counts make_move
// keeps).
Keys Position::compute_keys() const {
  const KeyScheme& z = *scheme_;
  Key pawns = 0, non_pawns = 0, white_non_pawn = 0, minor = 0;
  // The square as an unsigned index: no sign extension in the loops. Each loop is unrolled once
  // (two squares an iteration, the exit tested after each): 2 to 6% more verified plies a second
  // with g++ 12 (bench/HISTORY.md).
#pragma GCC unroll 2
  for (Bitboard b = by_type_[Pawn]; b; b &= b - 1) {
    const unsigned s = unsigned(std::countr_zero(b));
    pawns ^= z.psq[board_[s]][s];
  }
#pragma GCC unroll 2
  for (Bitboard b = by_type_[AllPieces] & ~by_type_[Pawn]; b; b &= b - 1) {
    const unsigned s = unsigned(std::countr_zero(b));
    const Piece pc = board_[s];
    const Key term = z.psq[pc][s];
    non_pawns ^= term;
    white_non_pawn ^= term & KeyClass.white_non_pawn[pc];
    minor ^= term & KeyClass.minor[pc];
  }
  const PieceSquareKeys::MaterialPrefixes& prefix = z.psq.material_prefixes();
  Key material = 0;
  for (Color c : {White, Black})
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
      material ^= prefix[make_piece(c, pt)][popcount(by_color_[c] & by_type_[pt])];
  const Key black_non_pawn = non_pawns ^ white_non_pawn;
  Keys k;
  k.pawn_key = z.no_pawns ^ pawns;
  k.material_key = material;
  k.aux[NonPawnWhite] = white_non_pawn;
  k.aux[NonPawnBlack] = black_non_pawn;
  k.aux[MinorPieces] = minor;
  k.aux[MajorPieces] = non_pawns ^ minor;
  k.key = pawns ^ non_pawns ^ castling_key(z, castling_rights(), castling_rook_square_) ^
          (side_to_move_ == White ? z.side_white : z.side_black) ^
          (ep_square() != NoSquare && compute_ep_hashed() ? z.en_passant[ep_square()]
                                                          : z.en_passant_none);
  return k;
}

void Position::set_scheme(const KeyScheme& scheme) {
  scheme_ = &scheme;
  state_->ep_hashed = compute_ep_hashed();
  const Keys k = compute_keys();
  state_->key = k.key;
  state_->pawn_key = k.pawn_key;
  state_->material_key = k.material_key;
  state_->aux = k.aux;
}

void Position::do_castling(Color us, Square king_from, Square& king_to, Square& rook_from,
                           Square& rook_to, bool undo) {
  const bool king_side = king_to > king_from;
  rook_from = king_to;  // castling is encoded as king takes rook
  rook_to = relative_square(us, king_side ? F1 : D1);
  king_to = relative_square(us, king_side ? G1 : C1);
  const Piece king = make_piece(us, King), rook = make_piece(us, Rook);
  // Remove both first: in Chess960 the king or rook may land where the other stood.
  remove_piece(undo ? king_to : king_from);
  remove_piece(undo ? rook_to : rook_from);
  put_piece(king, undo ? king_from : king_to);
  put_piece(rook, undo ? rook_from : rook_to);
}

void Position::make_move(Move m, StateInfo& new_state) {
  const KeyScheme& z = *scheme_;
  StateInfo& st = new_state;
  // Copy the fields carried over, then link the new record.
  st.pawn_key = state_->pawn_key;
  st.material_key = state_->material_key;
  st.aux = state_->aux;
  st.castling_rights = state_->castling_rights;
  st.rule50 = state_->rule50 + 1;
  st.plies_from_null = state_->plies_from_null + 1;
  st.previous = state_;
  Key k = state_->key ^ z.side_white ^ z.side_black ^ en_passant_term(*state_);
  state_ = &st;
  ++game_ply_;

  const Color us = side_to_move_, them = ~us;
  const Square from = m.from();
  Square to = m.to();
  const Piece pc = piece_on(from);
  Piece captured = m.kind() == MoveKind::EnPassant ? make_piece(them, Pawn) : piece_on(to);

  if (m.kind() == MoveKind::Castling) {
    Square rook_from, rook_to;
    do_castling(us, from, to, rook_from, rook_to, false);
    const Piece rook = make_piece(us, Rook);
    k ^= z.psq[rook][rook_from] ^ z.psq[rook][rook_to] ^ z.psq[pc][from] ^ z.psq[pc][to];
    xor_aux(st.aux, rook, z.psq[rook][rook_from] ^ z.psq[rook][rook_to]);
    xor_aux(st.aux, pc, z.psq[pc][from] ^ z.psq[pc][to]);
    captured = NoPiece;
  } else {
    if (captured) {
      const Square capture_square = m.kind() == MoveKind::EnPassant ? to - pawn_push(us) : to;
      if (type_of(captured) == Pawn) st.pawn_key ^= z.psq[captured][capture_square];
      remove_piece(capture_square);
      k ^= z.psq[captured][capture_square];
      xor_aux(st.aux, captured, z.psq[captured][capture_square]);
      st.material_key ^= z.psq[captured][piece_count_[captured]];
      st.rule50 = 0;
    }
    k ^= z.psq[pc][from] ^ z.psq[pc][to];
    xor_aux(st.aux, pc, z.psq[pc][from] ^ z.psq[pc][to]);
    move_piece(from, to);
  }

  const CastlingRights lost = castling_rights_mask_[from] | castling_rights_mask_[to];
  if (st.castling_rights & lost) {
    k ^= castling_key(z, st.castling_rights, castling_rook_square_);
    st.castling_rights = CastlingRights(st.castling_rights & ~lost);
    k ^= castling_key(z, st.castling_rights, castling_rook_square_);
  }

  st.ep_square = NoSquare;
  if (type_of(pc) == Pawn) {
    if ((int(to) ^ int(from)) == 16) {
      st.ep_square = to - pawn_push(us);
    } else if (m.kind() == MoveKind::Promotion) {
      const Piece promoted = make_piece(us, m.promotion_type());
      remove_piece(to);
      put_piece(promoted, to);
      k ^= z.psq[pc][to] ^ z.psq[promoted][to];
      xor_aux(st.aux, promoted, z.psq[promoted][to]);
      st.pawn_key ^= z.psq[pc][to];
      st.material_key ^= z.psq[promoted][piece_count_[promoted] - 1] ^ z.psq[pc][piece_count_[pc]];
    }
    st.pawn_key ^= z.psq[pc][from] ^ z.psq[pc][to];
    st.rule50 = 0;
  }

  st.captured = captured;
  side_to_move_ = them;
  set_check_info(st);
  st.ep_hashed = st.ep_square != NoSquare && compute_ep_hashed();
  st.key = k ^ en_passant_term(st);
}

void Position::unmake_move(Move m) {
  side_to_move_ = ~side_to_move_;
  const Color us = side_to_move_;
  const Square from = m.from();
  Square to = m.to();

  if (m.kind() == MoveKind::Promotion) {
    remove_piece(to);
    put_piece(make_piece(us, Pawn), to);
  }
  if (m.kind() == MoveKind::Castling) {
    Square rook_from, rook_to;
    do_castling(us, from, to, rook_from, rook_to, true);
  } else {
    move_piece(to, from);
    if (state_->captured) {
      const Square capture_square = m.kind() == MoveKind::EnPassant ? to - pawn_push(us) : to;
      put_piece(state_->captured, capture_square);
    }
  }
  state_ = state_->previous;
  --game_ply_;
}

void Position::make_null_move(StateInfo& new_state) {
  std::memcpy(&new_state, state_, sizeof(StateInfo));
  StateInfo& st = new_state;
  st.previous = state_;
  state_ = &st;
  st.key ^= scheme_->side_white ^ scheme_->side_black ^ en_passant_term(st);
  st.ep_square = NoSquare;
  st.ep_hashed = false;
  st.key ^= en_passant_term(st);
  ++st.rule50;
  st.plies_from_null = 0;
  st.captured = NoPiece;
  ++game_ply_;
  side_to_move_ = ~side_to_move_;
  set_check_info(st);
}

void Position::unmake_null_move() {
  state_ = state_->previous;
  --game_ply_;
  side_to_move_ = ~side_to_move_;
}

}  // namespace zobrist_verify
