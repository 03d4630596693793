#include "zobrist_verify/mutants/mutant_hasher.h"

#include <cctype>

#include "chess/position_tools.h"
#include "zobrist_verify/chess/bitboard.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::properties {

namespace {

constexpr CastlingRights SingleRights[] = {WhiteOO, WhiteOOO, BlackOO, BlackOOO};

}  // namespace

MutantHasher::MutantHasher(std::string name, const KeyScheme& scheme, EnPassantRule rule, Bug bug)
    : MutantHasher(std::move(name), scheme, rule, std::vector<Bug>{bug}) {}

MutantHasher::MutantHasher(std::string name, const KeyScheme& scheme, EnPassantRule rule,
                           const std::vector<Bug>& bugs)
    : name_(std::move(name)), scheme_(scheme), rule_(rule) {
  for (Bug bug : bugs)
    if (bug != Bug::None) bugs_ |= std::uint64_t(1) << unsigned(bug);
}

Capabilities MutantHasher::capabilities() const {
  Capabilities caps{true, true, true, true, true};
  caps.aux_keys = stockfish_aux_keys();
  return caps;
}

void MutantHasher::xor_aux(AuxKeys& aux, Piece pc, Key term, bool non_pawn,
                           PieceType type_for_class) const {
  const PieceType pt = type_for_class == NoPieceType ? type_of(pc) : type_for_class;
  if (type_of(pc) == Pawn) {
    // The bug: a pawn goes into its side's non-pawn key (never into the minor or major key).
    if (has(Bug::NonPawnKeyHashesPawns))
      aux[color_of(pc) == White ? NonPawnWhite : NonPawnBlack] ^= term;
    return;
  }
  if (non_pawn) aux[color_of(pc) == White ? NonPawnWhite : NonPawnBlack] ^= term;
  if (pt == Rook || pt == Queen || pt == King)
    aux[MajorPieces] ^= term;
  else
    aux[MinorPieces] ^= term;
}

Expected<Done> MutantHasher::set_position(std::string_view fen, bool chess960) {
  states_.clear();
  cached_key_.reset();
  const auto errors = game_.set(fen, scheme_, FenOptions{chess960});
  if (!errors.empty()) return Error{name_ + ": " + format_errors(errors)};

  // The FEN parsed, so it has single-space-separated fields.
  const FenFields fields = split_fen(fen);
  fen_has_ep_square_ = fields.en_passant != "-";
  if (auto read = read_castling_field(fields.castling); !read) return read;
  states_.push_back(compute_from_scratch());
  return Done{};
}

// Reads the castling letters the way an engine's FEN parser does: K/Q name the outermost rook on
// that wing (X-FEN), a file letter names the rook on that file (Shredder-FEN).
Expected<Done> MutantHasher::read_castling_field(std::string_view field) {
  const Position& pos = game_.position();
  for (auto& mask : rights_mask_) mask = NoCastling;
  for (auto& square : rook_square_) square = NoSquare;
  initial_rights_ = NoCastling;
  if (field == "-") return Done{};

  for (char letter : field) {
    const Color color = std::isupper(static_cast<unsigned char>(letter)) ? White : Black;
    const char lower = char(std::tolower(static_cast<unsigned char>(letter)));
    const Rank back = relative_rank(color, Rank1);
    const Square king = pos.king_square(color);
    const Piece rook = make_piece(color, Rook);
    auto rook_on = [&](int file) { return pos.piece_on(make_square(File(file), back)) == rook; };

    int rook_file = -1;
    const bool inner = has(Bug::XfenLetterPicksInnerRook);
    if (lower == 'k') {
      if (inner) {
        for (int f = file_of(king) + 1; f <= FileH && rook_file < 0; ++f)
          if (rook_on(f)) rook_file = f;
      } else {
        for (int f = FileH; f > file_of(king) && rook_file < 0; --f)
          if (rook_on(f)) rook_file = f;
      }
    } else if (lower == 'q') {
      if (inner) {
        for (int f = file_of(king) - 1; f >= FileA && rook_file < 0; --f)
          if (rook_on(f)) rook_file = f;
      } else {
        for (int f = FileA; f < file_of(king) && rook_file < 0; ++f)
          if (rook_on(f)) rook_file = f;
      }
    } else if (lower >= 'a' && lower <= 'h' && rook_on(lower - 'a')) {
      rook_file = lower - 'a';
    }
    if (rook_file < 0)
      return Error{name_ + ": castling letter '" + std::string(1, letter) +
                   "' names no rook in the position"};

    const Square rook_square = make_square(File(rook_file), back);
    const CastlingRights right =
        color & (rook_square > king ? (WhiteOO | BlackOO) : (WhiteOOO | BlackOOO));
    initial_rights_ = initial_rights_ | right;
    rights_mask_[king] = rights_mask_[king] | right;
    rights_mask_[rook_square] = rights_mask_[rook_square] | right;
    rook_square_[right] = rook_square;
  }
  return Done{};
}

// The engine's init: walk the board once and add every term.
MutantHasher::State MutantHasher::compute_from_scratch() const {
  const Position& pos = game_.position();
  const KeyScheme& z = scheme_;
  State st;
  st.castling = initial_rights_;
  st.ep_square = pos.ep_square();
  st.ep_hashed = ep_hashed(st.ep_square, /*from_fen=*/true);

  int counts[PieceCount] = {};
  st.pawn_key = has(Bug::NoPawnsTermDropped) ? 0 : z.no_pawns;
  for (Square s = A1; s < SquareCount; ++s) {
    const Piece pc = pos.piece_on(s);
    if (pc == NoPiece) continue;
    ++counts[pc];
    st.key ^= z.psq[pc][s];
    if (type_of(pc) == Pawn) st.pawn_key ^= z.psq[pc][s];
    xor_aux(st.aux, pc, z.psq[pc][s]);
  }
  if (has(Bug::PawnKeyZeroWhenPawnless) && counts[WhitePawn] + counts[BlackPawn] == 0)
    st.pawn_key = 0;
  for (Piece pc : EveryPiece)
    for (int i = 0; i < counts[pc]; ++i) st.material_key ^= z.psq[pc][i];

  st.key ^= castling_term(st.castling, /*from_scratch=*/true);
  st.key ^= side_term(pos.side_to_move());
  st.key ^= ep_term(st);
  // The parser turned "-" into SQ_NONE and hashed enpassant[file_of(SQ_NONE)], file a's key.
  if (has(Bug::EpKeyFromFenWithoutSquare) && !fen_has_ep_square_)
    st.key ^= z.en_passant[make_square(FileA, Rank3)];
  return st;
}

Expected<Done> MutantHasher::make_move(std::string_view uci) {
  if (states_.empty()) return Error{name_ + ": make_move before set_position"};
  if (uci == "0000") {
    if (game_.position().checkers())
      return Error{name_ + ": null move while in check in " + game_.position().fen()};
    make_null_move();
    return Done{};
  }
  Expected<Move> m = parse_uci_move(game_.position(), uci);
  if (!m) return Error{name_ + ": " + m.error()};
  make_real_move(*m);
  return Done{};
}

// The piece terms of a castling move: king takes own rook, and both land on the usual squares,
// whatever the variant. Updates the aux keys of `st`.
Key MutantHasher::castling_move_terms(Move m, State& st) const {
  const Position& pos = game_.position();
  const KeyScheme& z = scheme_;
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece king = pos.piece_on(from);
  const bool king_side = to > from;
  const Square king_to = relative_square(us, king_side ? G1 : C1);
  const Square rook_to = relative_square(us, king_side ? F1 : D1);
  const Piece rook = make_piece(us, Rook);
  Key k = z.psq[king][from] ^ z.psq[king][king_to];
  if (!has(Bug::CastlingRookMoveNotHashed)) k ^= z.psq[rook][to] ^ z.psq[rook][rook_to];
  xor_aux(st.aux, king, z.psq[king][from] ^ z.psq[king][king_to]);
  xor_aux(st.aux, rook, z.psq[rook][to] ^ z.psq[rook][rook_to],
          !has(Bug::CastlingRookMissingFromNonPawnKey));
  return k;
}

// The piece terms of a promotion's new piece (the pawn has moved to the last rank): the key,
// the pawn key, the material key and the aux keys of `st`.
Key MutantHasher::promotion_terms(Move m, State& st) const {
  const Position& pos = game_.position();
  const KeyScheme& z = scheme_;
  const Color us = pos.side_to_move();
  const Piece pawn = pos.piece_on(m.from());
  const Square to = m.to();
  const Piece promoted = make_piece(us, m.promotion_type());
  const Piece keyed = has(Bug::UnderpromotionHashedAsQueen) ? make_piece(us, Queen) : promoted;
  Key k = 0;
  if (!has(Bug::PromotionKeepsPawnInKey)) k ^= z.psq[pawn][to] ^ z.psq[keyed][to];
  st.pawn_key ^= z.psq[pawn][to];
  xor_aux(st.aux, pawn, z.psq[pawn][to]);  // out of the aux keys that hold pawns (bugs only)
  xor_aux(st.aux, promoted, z.psq[promoted][to], !has(Bug::PromotionMissingFromNonPawnKey));
  int promoted_slot = popcount(pos.pieces(us, m.promotion_type()));
  if (has(Bug::MaterialKeyOffByOneOnPromotion)) ++promoted_slot;
  const int pawn_slot = popcount(pos.pieces(us, Pawn)) - 1;
  st.material_key ^= z.psq[promoted][promoted_slot] ^ z.psq[pawn][pawn_slot];
  return k;
}

// The piece terms of any other move: the capture, the move and a promotion.
Key MutantHasher::move_terms(Move m, State& st) const {
  const Position& pos = game_.position();
  const KeyScheme& z = scheme_;
  const Color us = pos.side_to_move(), them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = pos.piece_on(from);
  Piece captured = pos.piece_on(to);
  Square capture_square = to;
  if (m.kind() == MoveKind::EnPassant) {
    captured = make_piece(them, Pawn);
    if (!has(Bug::EpCaptureRemovesPawnOnTarget)) capture_square = to - pawn_push(us);
  }
  Key k = 0;
  if (captured != NoPiece) {
    k ^= z.psq[captured][capture_square];
    if (type_of(captured) == Pawn && !has(Bug::PawnKeyMissesCapturedPawn))
      st.pawn_key ^= z.psq[captured][capture_square];
    // The bug of Stockfish's first correction-history commit (60351b9d): the captured piece
    // classed by the capturer's type, so a knight taken by a rook stays in the minor key.
    const bool capturer_major = type_of(pc) == Rook || type_of(pc) == Queen;
    xor_aux(st.aux, captured, z.psq[captured][capture_square], true,
            !has(Bug::CapturedPieceLeftInMinorKey) ? NoPieceType
            : capturer_major                       ? Rook
                                                   : Knight);
    const int remaining = popcount(pos.pieces(them, type_of(captured))) - 1;
    st.material_key ^= z.psq[captured][remaining];
  }
  k ^= z.psq[pc][from] ^ z.psq[pc][to];
  if (type_of(pc) == Pawn) st.pawn_key ^= z.psq[pc][from] ^ z.psq[pc][to];
  xor_aux(st.aux, pc, z.psq[pc][from] ^ z.psq[pc][to]);
  if (m.kind() == MoveKind::Promotion) k ^= promotion_terms(m, st);
  return k;
}

// The rights the move takes away, as the implementation (bugs included) decides them.
CastlingRights MutantHasher::rights_lost(Move m) const {
  const Square from = m.from(), to = m.to();
  const Color us = game_.position().side_to_move();
  const bool king_move = type_of(game_.position().piece_on(from)) == King;
  if (has(Bug::RookCaptureKeepsRight) && m.kind() != MoveKind::Castling) return rights_mask_[from];
  if (has(Bug::KingMoveKeepsRights) && king_move && m.kind() != MoveKind::Castling)
    return rights_mask_[to];
  if (has(Bug::CastlingClearsOnlyUsedRight) && m.kind() == MoveKind::Castling)
    return us & (to > from ? (WhiteOO | BlackOO) : (WhiteOOO | BlackOOO));
  return rights_mask_[from] | rights_mask_[to];
}

// do_move: every term is updated from what the position says before the move.
void MutantHasher::make_real_move(Move m) {
  const Position& pos = game_.position();
  const State& old = states_.back();
  State st = old;

  const Color us = pos.side_to_move(), them = ~us;
  const Square from = m.from(), to = m.to();
  const bool pawn_move = type_of(pos.piece_on(from)) == Pawn;
  const Key old_ep_term = ep_term(old);
  const Square old_ep_square = old.ep_square;
  Key k = old.key ^ side_term(us) ^ side_term(them);
  k ^= m.kind() == MoveKind::Castling ? castling_move_terms(m, st) : move_terms(m, st);

  if (const CastlingRights lost = rights_lost(m); st.castling & lost) {
    k ^= castling_term(st.castling, /*from_scratch=*/false);
    st.castling = CastlingRights(st.castling & ~lost);
    k ^= castling_term(st.castling, /*from_scratch=*/false);
  }

  st.ep_square = pawn_move && (int(from) ^ int(to)) == 16 ? from + pawn_push(us) : NoSquare;
  game_.play(m);
  // Whether the new square counts depends on the position after the move.
  st.ep_hashed = ep_hashed(st.ep_square);
  const Key new_ep_term = ep_term(st);
  const bool same_file = old_ep_square != NoSquare && st.ep_square != NoSquare &&
                         file_of(old_ep_square) == file_of(st.ep_square);
  if (!(has(Bug::EpSameFileUpdateSkipped) && same_file)) {
    if (!(has(Bug::EpKeptAfterPawnReply) && pawn_move)) k ^= old_ep_term;
    k ^= new_ep_term;
  }
  st.key = k;
  states_.push_back(st);
  cached_key_.reset();
}

void MutantHasher::make_null_move() {
  const Position& pos = game_.position();
  const State& old = states_.back();
  State st = old;
  const Color us = pos.side_to_move();
  Key k = old.key ^ side_term(us) ^ side_term(~us);
  if (!has(Bug::NullMoveKeepsEpKey)) k ^= ep_term(old);
  st.ep_square = NoSquare;
  st.ep_hashed = false;
  k ^= ep_term(st);
  if (has(Bug::NullMoveRehashesCastling)) k ^= castling_term(st.castling, false);
  st.key = k;
  game_.play_null();
  states_.push_back(st);
  cached_key_.reset();
}

Expected<Done> MutantHasher::unmake_move() {
  if (states_.size() < 2 || !game_.undo())
    return Error{name_ + ": unmake_move with no move to take back"};
  states_.pop_back();
  if (!has(Bug::StaleKeyAfterUnmake)) cached_key_.reset();
  return Done{};
}

Expected<Key> MutantHasher::key() {
  if (states_.empty()) return Error{name_ + ": key() before set_position"};
  if (!has(Bug::StaleKeyAfterUnmake)) return states_.back().key;
  if (!cached_key_) cached_key_ = states_.back().key;
  return *cached_key_;
}

Expected<Key> MutantHasher::pawn_key() {
  if (states_.empty()) return Error{name_ + ": pawn_key() before set_position"};
  return states_.back().pawn_key;
}

Expected<Key> MutantHasher::material_key() {
  if (states_.empty()) return Error{name_ + ": material_key() before set_position"};
  return states_.back().material_key;
}

Expected<Key> MutantHasher::aux_key(std::size_t index) {
  if (states_.empty()) return Error{name_ + ": aux_key() before set_position"};
  if (index >= AuxKeyCount) return Error{name_ + " has no auxiliary key " + std::to_string(index)};
  return states_.back().aux[index];
}

// Whether the en-passant square counts in the current position, under the implemented rule.
bool MutantHasher::ep_hashed(Square ep, bool from_fen) const {
  if (ep == NoSquare) return false;
  if (from_fen && has(Bug::EpAlwaysWhenSetFromFen)) return true;
  const Position& pos = game_.position();
  const Color us = pos.side_to_move();
  const Bitboard capturers = pawn_attacks(~us, ep) & pos.pieces(us, Pawn);

  EnPassantRule rule = rule_;
  if (has(Bug::EpHashedWithoutCapturer)) return true;
  if (has(Bug::EpPinnedHashedUnderLegal)) rule = EnPassantRule::PseudoLegal;
  if (has(Bug::EpPinnedUnhashedUnderPseudoLegal)) rule = EnPassantRule::Legal;
  if (has(Bug::EpLegalWhenSetFromFen) && from_fen) rule = EnPassantRule::Legal;
  if (has(Bug::EpLegalChecksOnlyPinnedPawn)) {
    for (Bitboard b = capturers; b;)
      if (ep_capturer_unpinned(pop_lsb(b), ep)) return true;
    return false;
  }
  switch (rule) {
    case EnPassantRule::Always:
      return true;
    case EnPassantRule::PseudoLegal:
      return capturers != 0;
    case EnPassantRule::Legal:
      for (Bitboard b = capturers; b;)
        if (ep_capture_legal(pop_lsb(b), ep)) return true;
      return false;
    case EnPassantRule::Never:
      return false;
  }
  return false;
}

// Lifts the capturer and the captured pawn, drops the capturer on ep, and looks at the king.
bool MutantHasher::ep_capture_legal(Square from, Square ep) const {
  const Position& pos = game_.position();
  const Color us = pos.side_to_move(), them = ~us;
  const Square captured = ep - pawn_push(us);
  const Square king = pos.king_square(us);
  const Bitboard occupied =
      (pos.pieces() & ~square_bb(from) & ~square_bb(captured)) | square_bb(ep);
  const Bitboard enemies = pos.pieces(them) & ~square_bb(captured);
  const Bitboard attackers = (rook_attacks(king, occupied) & pos.pieces(Rook, Queen)) |
                             (bishop_attacks(king, occupied) & pos.pieces(Bishop, Queen)) |
                             (knight_attacks(king) & pos.pieces(Knight)) |
                             (pawn_attacks(us, king) & pos.pieces(Pawn));
  return !(attackers & enemies);
}

// The shortcut of many engines: a capture is fine unless the capturer itself is pinned off the
// line it moves along. It misses the rank pin through both pawns and checks the capture ignores.
bool MutantHasher::ep_capturer_unpinned(Square from, Square ep) const {
  const Position& pos = game_.position();
  const Color us = pos.side_to_move();
  return !(pos.blockers_for_king(us) & square_bb(from)) || aligned(from, ep, pos.king_square(us));
}

Key MutantHasher::ep_term(const State& st) const {
  if (has(Bug::NoEpKeys)) return 0;
  return st.ep_hashed ? scheme_.en_passant[st.ep_square] : scheme_.en_passant_none;
}

Key MutantHasher::castling_term(CastlingRights rights, bool from_scratch) const {
  const KeyScheme& z = scheme_;
  if (has(Bug::NoCastlingKeys)) return 0;
  if (has(Bug::Chess960CastlingKeyedByRookFile) && game_.position().is_chess960()) {
    Key term = 0;
    for (CastlingRights right : SingleRights)
      if (rights & right) term ^= z.castling[file_of(rook_square_[right])];
    return term;
  }
  // A FEN reader that never hashes the rights it reads, while moves toggle them as they change.
  if (has(Bug::FenKeysLackCastlingRights) && from_scratch) return 0;
  // The init loop that breaks after the first right it finds.
  if (has(Bug::OnlyFirstCastlingRightHashed) && from_scratch)
    return castling_key(z, CastlingRights(rights & -int(rights)), rook_square_);
  return castling_key(z, rights, rook_square_);
}

Key MutantHasher::side_term(Color side) const {
  if (has(Bug::NoSideKey)) return 0;
  // Polyglot's turn key is Random64[780]; this reads slot 768, White's O-O key.
  if (has(Bug::CastlingKeyCollidesWithSide) && side == White) return scheme_.castling[WhiteOO];
  return side == White ? scheme_.side_white : scheme_.side_black;
}

}  // namespace zobrist_verify::properties
