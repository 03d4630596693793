// The built-in key schemes (Polyglot, Stockfish 15.1, Rustic) and seeded xorshift64* schemes.
#include "zobrist_verify/keys/key_scheme.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zobrist_verify {

void PieceSquareKeys::build_prefixes() const {
  // Builds are rare (once per scheme and edit); one lock for all schemes keeps the type small.
  static std::mutex building;
  const std::lock_guard lock(building);
  if (prefixes_built_.load(std::memory_order_relaxed)) return;
  for (std::size_t pc = 0; pc < PieceCount; ++pc) {
    Key running = 0;
    for (int n = 0; n <= MaxCount; ++n) {
      prefixes_[pc][n] = running;
      running ^= keys_[pc][n];
    }
  }
  prefixes_built_.store(true, std::memory_order_release);
}

namespace {

// Polyglot's Random64 table, generated at configure time from corpus/keys/polyglot-random64.txt.
constexpr std::array<Key, 781> PolyglotRandom64 = {
#include "polyglot_random64.inc"
};

constexpr std::array<Piece, 12> WhiteThenBlack = {
    WhitePawn, WhiteKnight, WhiteBishop, WhiteRook, WhiteQueen, WhiteKing,
    BlackPawn, BlackKnight, BlackBishop, BlackRook, BlackQueen, BlackKing};

// Polyglot numbers its kinds black pawn 0, white pawn 1, black knight 2, ... white king 11.
constexpr int polyglot_kind(Piece pc) {
  return 2 * (type_of(pc) - Pawn) + (color_of(pc) == White ? 1 : 0);
}

KeyScheme build_polyglot() {
  KeyScheme scheme = polyglot_layout_scheme(PolyglotRandom64);
  scheme.name = "polyglot";
  return scheme;
}

// Stockfish 15.1 Position::init(): psq for W_PAWN..W_KING then B_PAWN..B_KING (its `Pieces`
// array), squares a1..h8; enpassant[file]; castling[cr] for cr = 0..15, one draw each; side;
// noPawns.
void draw_in_stockfish_order(XorShift64Star& rng, KeyScheme& scheme) {
  for (Piece pc : WhiteThenBlack)
    for (int sq = 0; sq < SquareCount; ++sq) scheme.psq[pc][sq] = rng.next();
  std::array<Key, 8> by_file{};
  for (Key& key : by_file) key = rng.next();
  for (int sq = 0; sq < SquareCount; ++sq) scheme.en_passant[sq] = by_file[file_of(Square(sq))];
  for (Key& key : scheme.castling) key = rng.next();
  scheme.side_black = rng.next();
  scheme.no_pawns = rng.next();
}

KeyScheme build_stockfish() {
  KeyScheme scheme;
  scheme.name = "stockfish";
  XorShift64Star rng(1070372);
  draw_in_stockfish_order(rng, scheme);
  scheme.en_passant_rule = EnPassantRule::PseudoLegal;
  scheme.fold_rule50_into_printed_key = true;
  scheme.defines_pawn_key = scheme.defines_material_key = true;
  return scheme;
}

// Rustic (mvanthoor/rustic, librustic/src/board/zobrist.rs): ChaChaRng::from_seed([125; 32]), one
// gen::<u64>() a key, filled in the order rnd_pieces[side][piece][square] (side White, Black;
// piece King, Queen, Rook, Bishop, Knight, Pawn as in board/defs.rs), rnd_castling[16] (mask bits
// WK 1, WQ 2, BK 4, BQ 8, as ours), rnd_sides[White, Black], rnd_en_passant[65] (indexed by
// square, entry 64 = no square). Only the 16 squares of ranks 3 and 6 and entry 64 can ever be
// hashed, so the other 48 draws are skipped here: 768 + 16 + 2 + 17 = 803 keys in use. Older
// Rustic releases drew from SmallRng, whose output differs between platforms and rand versions.
KeyScheme build_rustic() {
  KeyScheme scheme;
  scheme.name = "rustic";
  std::array<std::uint8_t, 32> seed{};
  seed.fill(125);
  ChaCha20Stream rng(seed);
  constexpr std::array<PieceType, 6> RusticPieceOrder = {King, Queen, Rook, Bishop, Knight, Pawn};
  for (Color c : {White, Black})
    for (PieceType pt : RusticPieceOrder)
      for (int sq = 0; sq < SquareCount; ++sq) scheme.psq[make_piece(c, pt)][sq] = rng.next_u64();
  for (Key& key : scheme.castling) key = rng.next_u64();
  scheme.side_white = rng.next_u64();
  scheme.side_black = rng.next_u64();
  for (int sq = 0; sq < SquareCount; ++sq) {
    const Key key = rng.next_u64();
    const Rank rank = rank_of(Square(sq));
    if (rank == Rank3 || rank == Rank6) scheme.en_passant[sq] = key;
  }
  scheme.en_passant_none = rng.next_u64();
  scheme.en_passant_rule = EnPassantRule::Always;  // Rustic sets the square on every double push
  return scheme;
}

}  // namespace

const char* to_string(EnPassantRule rule) {
  switch (rule) {
    case EnPassantRule::Always:
      return "always";
    case EnPassantRule::PseudoLegal:
      return "pseudo-legal";
    case EnPassantRule::Legal:
      return "legal";
    case EnPassantRule::Never:
      return "never";
  }
  return "unknown";
}

Expected<EnPassantRule> parse_en_passant_rule(std::string_view text) {
  for (EnPassantRule rule : {EnPassantRule::Always, EnPassantRule::PseudoLegal,
                             EnPassantRule::Legal, EnPassantRule::Never})
    if (text == to_string(rule)) return rule;
  return Error{"unknown en-passant rule '" + std::string(text) +
               "' (expected always, pseudo-legal, legal or never)"};
}

const KeyScheme& polyglot_scheme() {
  static const KeyScheme scheme = build_polyglot();
  return scheme;
}

KeyScheme polyglot_layout_scheme(std::span<const Key, 781> keys) {
  KeyScheme scheme;
  for (Piece pc : WhiteThenBlack)
    for (int sq = 0; sq < SquareCount; ++sq) scheme.psq[pc][sq] = keys[64 * polyglot_kind(pc) + sq];
  // Four single keys (768..771 for WhiteOO, WhiteOOO, BlackOO, BlackOOO); store their XORs.
  for (int mask = 0; mask < 16; ++mask)
    for (int bit = 0; bit < 4; ++bit)
      if (mask & (1 << bit)) scheme.castling[mask] ^= keys[768 + bit];
  for (int sq = 0; sq < SquareCount; ++sq) scheme.en_passant[sq] = keys[772 + file_of(Square(sq))];
  scheme.side_white = keys[780];  // Polyglot hashes the turn when White is to move
  scheme.en_passant_rule = EnPassantRule::PseudoLegal;
  return scheme;
}

const KeyScheme& stockfish_scheme() {
  static const KeyScheme scheme = build_stockfish();
  return scheme;
}

const KeyScheme& rustic_scheme() {
  static const KeyScheme scheme = build_rustic();
  return scheme;
}

namespace {

// The start keys: Polyglot's from the book format's published test vectors
// (corpus/keys/polyglot-vectors.tsv); Stockfish 15.1's as its `d` command prints it
// (corpus/keys/stockfish-15.1-keys.tsv); Rustic's from rand_chacha 0.3.1 (Debian's
// librust-rand-chacha-dev), ChaChaRng::from_seed([125; 32]) drawn in the order of Rustic's
// ZobristRandoms::new, XORed as its Board::init_zobrist_key does (the 32 pieces, castling[15],
// sides[WHITE], en_passant[64] for no square).
constexpr BuiltinScheme BuiltinSchemes[] = {
    {"polyglot", "Polyglot's Random64 table, the keys of Polyglot opening books", polyglot_scheme,
     0x463B96181691FC9CULL},
    {"stockfish", "Stockfish 15.1: xorshift64* from 1070372, the clock folded into the printed key",
     stockfish_scheme, 0x8F8F01D4562F59FBULL, "Stockfish 15.1"},
    {"rustic", "Rustic: ChaCha20 from 32 bytes of 125, en passant keyed after every double push",
     rustic_scheme, 0x2BFACD1095943841ULL},
};

}  // namespace

std::span<const BuiltinScheme> builtin_schemes() {
  return BuiltinSchemes;
}

std::vector<std::string> builtin_scheme_names() {
  std::vector<std::string> names;
  for (const BuiltinScheme& builtin : builtin_schemes()) names.emplace_back(builtin.name);
  return names;
}

Expected<const KeyScheme*> builtin_scheme(std::string_view name) {
  for (const BuiltinScheme& builtin : builtin_schemes())
    if (builtin.name == name) return &builtin.scheme();
  std::string valid;
  for (const BuiltinScheme& builtin : builtin_schemes())
    valid += (valid.empty() ? "" : ", ") + std::string(builtin.name);
  return Error{"unknown key scheme '" + std::string(name) + "'; built-in schemes are " + valid};
}

std::string scheme_title(std::string_view name) {
  for (const BuiltinScheme& builtin : builtin_schemes())
    if (builtin.name == name && !builtin.release.empty())
      return std::string(name) + " (" + std::string(builtin.release) + ")";
  return std::string(name);
}

const BuiltinScheme* builtin_scheme_with_start_key(Key key) {
  for (const BuiltinScheme& builtin : builtin_schemes())
    if (builtin.start_key == key) return &builtin;
  return nullptr;
}

// xorshift64* never leaves state 0, so seed 0 is replaced by a fixed non-zero state (the 64-bit
// golden ratio constant). seeded_scheme(0) is therefore a valid scheme, equal to no other seed's
// unless that seed is 0x9E3779B97F4A7C15 itself.
KeyScheme seeded_scheme(std::uint64_t seed) {
  constexpr std::uint64_t StateForSeedZero = 0x9E3779B97F4A7C15ULL;
  KeyScheme scheme;
  scheme.name = "seed:" + std::to_string(seed);
  XorShift64Star rng(seed == 0 ? StateForSeedZero : seed);
  draw_in_stockfish_order(rng, scheme);
  scheme.en_passant_rule = EnPassantRule::PseudoLegal;
  scheme.defines_pawn_key = scheme.defines_material_key = true;  // as Stockfish's layout does
  return scheme;
}

}  // namespace zobrist_verify
