// A Zobrist key scheme held as data: a key table plus a few named conventions. Every scheme is
// served by the same incremental code path in Position and the same from-scratch computation.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/random.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"

namespace zobrist_verify {

// When the en-passant square of a position contributes its key. Engines disagree exactly here.
enum class EnPassantRule : std::uint8_t {
  Always,       // whenever an en-passant square is set (after every double push)
  PseudoLegal,  // only when a pawn of the side to move attacks the square, pins ignored
  Legal,        // only when an en-passant capture is legal
  Never,        // never: positions that differ only in en-passant rights share a key, which is a
                // repetition bug by the rules of chess, accepted only when asked for
};

// "always", "pseudo-legal", "legal", "never": the spellings of reports, JSON and --en-passant.
const char* to_string(EnPassantRule rule);
// The rule a spelling (one of to_string's) names.
[[nodiscard]] Expected<EnPassantRule> parse_en_passant_rule(std::string_view text);

// What the castling term of a position is keyed by.
enum class CastlingKeying : std::uint8_t {
  RightsMask,  // castling[rights]: one key per whole rights mask (Stockfish; Polyglot's XORs)
  RookSquare,  // the XOR of castling_rook[s] over the rook square s of each right still held, and
               // 0 when none is (Ethereal's ZobristCastleKeys[square], Chess960 engines)
};

// The placement keys, psq[piece][square] indexed by the Piece code (unused codes stay 0), and the
// one table derived from them: the material prefixes, prefix[pc][n] = psq[pc][0] ^ ... ^
// psq[pc][n - 1], the material key's term for n pieces pc (Position::compute_keys reads it). The
// prefixes are built from the keys on first use and forgotten on any non-const access to the keys
// (and by copying), so an edited scheme is never read with the table of its old keys. A writable
// Row& or Key* kept past a compute_keys and written later would bypass that: take it afresh for
// each edit. Only the keys are compared and copied.
class PieceSquareKeys {
 public:
  using Row = std::array<Key, SquareCount>;
  // How many pieces of one code a position may hold: a side has at most 16 pieces, one of them its
  // king (the FEN rules; no move adds a piece).
  static constexpr int MaxCount = 16;
  using MaterialPrefixes = std::array<std::array<Key, MaxCount + 1>, PieceCount>;

  PieceSquareKeys() = default;
  PieceSquareKeys(const PieceSquareKeys& other) : keys_(other.keys_) {}
  PieceSquareKeys& operator=(const PieceSquareKeys& other) {
    keys_ = other.keys_;
    forget_prefixes();
    return *this;
  }
  ~PieceSquareKeys() = default;

  const Row& operator[](std::size_t piece) const { return keys_[piece]; }
  // Writable: the prefixes are rebuilt at their next use.
  Row& operator[](std::size_t piece) {
    forget_prefixes();
    return keys_[piece];
  }
  bool operator==(const PieceSquareKeys& other) const { return keys_ == other.keys_; }

  // Safe to call from several threads at once on a scheme nobody is editing.
  const MaterialPrefixes& material_prefixes() const {
    if (!prefixes_built_.load(std::memory_order_acquire)) build_prefixes();
    return prefixes_;
  }

 private:
  void forget_prefixes() { prefixes_built_.store(false, std::memory_order_relaxed); }
  void build_prefixes() const;

  std::array<Row, PieceCount> keys_{};
  mutable MaterialPrefixes prefixes_{};
  mutable std::atomic<bool> prefixes_built_{false};
};

struct KeyScheme {
  std::string name;
  // psq[piece][square], indexed by the Piece code (unused codes stay 0).
  PieceSquareKeys psq;
  CastlingKeying castling_keying = CastlingKeying::RightsMask;
  // Indexed by the whole castling-rights mask; a scheme with four single keys stores their XORs.
  // Used under CastlingKeying::RightsMask only.
  std::array<Key, 16> castling{};
  // Indexed by the square of a castling rook; only ranks 1 and 8 are ever read. Used under
  // CastlingKeying::RookSquare only.
  std::array<Key, SquareCount> castling_rook{};
  // Indexed by the en-passant square; a scheme keyed by file repeats the key down the file.
  std::array<Key, SquareCount> en_passant{};
  Key en_passant_none = 0;  // hashed when no en-passant term applies (0 in most schemes)
  Key side_white = 0;       // hashed when White is to move
  Key side_black = 0;       // hashed when Black is to move
  Key no_pawns = 0;         // the pawn key's starting value
  EnPassantRule en_passant_rule = EnPassantRule::PseudoLegal;
  // Stockfish 15.1 prints (and probes its table with) key ^ make_key((rule50 - 14) / 8) once the
  // halfmove clock reaches 14. Only that scheme sets this.
  bool fold_rule50_into_printed_key = false;
  // Whether the scheme defines a pawn key (no_pawns ^ the pawns' psq keys) and a material key
  // (the material prefixes): the keys --expect compares besides the key. Every scheme computes
  // both (Position), but Polyglot's and Rustic's define the key alone; Stockfish's defines all
  // three.
  bool defines_pawn_key = false;
  bool defines_material_key = false;
};

// The castling term of `rights`, whose rook squares are rook_square[right] (indexed by the single
// right, as Position::castling_rook_square is); read only for the rights held.
inline Key castling_key(const KeyScheme& scheme, CastlingRights rights,
                        const Square (&rook_square)[16]) {
  if (scheme.castling_keying == CastlingKeying::RightsMask) return scheme.castling[rights];
  Key key = 0;
  for (CastlingRights right : {WhiteOO, WhiteOOO, BlackOO, BlackOOO})
    if (rights & right) key ^= scheme.castling_rook[rook_square[right]];
  return key;
}

// The built-in schemes. Each is built once, on first use.
const KeyScheme& polyglot_scheme();
const KeyScheme& stockfish_scheme();
const KeyScheme& rustic_scheme();

// A scheme in Polyglot's layout from its 781 keys in Polyglot's index order (piece kinds black
// pawn 0, white pawn 1, ... white king 11, times 64 squares; castling K, Q, k, q; en passant by
// file; the turn key, hashed when White is to move), with the pseudo-legal en-passant rule.
KeyScheme polyglot_layout_scheme(std::span<const Key, 781> keys);

// One built-in scheme: its name (KeyScheme::name, and the CLI's --scheme), one line saying what
// it is, the function that builds it once, on first use, and its verification value: the key of
// the standard start position, as the engine or format it reproduces gives it (from a source
// outside this project, named beside the row), checked by a test as SMHasher checks a hash; and
// the release it reproduces when the name does not say it ("Stockfish 15.1"), for reports.
struct BuiltinScheme {
  std::string_view name;
  std::string_view description;
  const KeyScheme& (*scheme)();
  Key start_key;
  std::string_view release = {};
};

// The built-in schemes, one row each, in the order they are listed and checked. A new built-in
// scheme is a builder and a row of this table (key_scheme.cpp); the rest reads the table.
std::span<const BuiltinScheme> builtin_schemes();

// The names of builtin_schemes(), in order, and a scheme by its name.
std::vector<std::string> builtin_scheme_names();
[[nodiscard]] Expected<const KeyScheme*> builtin_scheme(std::string_view name);

// A scheme's name for reports: with the release a built-in scheme of that name reproduces
// ("stockfish (Stockfish 15.1)"), else the name alone.
std::string scheme_title(std::string_view name);
// The built-in scheme whose start key is `key`, if any.
const BuiltinScheme* builtin_scheme_with_start_key(Key key);

// A scheme drawn from xorshift64* seeded with `seed`, in Stockfish's draw order, with 16
// independent castling keys, one black-to-move key and the pseudo-legal en-passant rule; it
// defines a pawn and a material key, as Stockfish's layout does.
KeyScheme seeded_scheme(std::uint64_t seed);

// Reads a scheme from the text format documented in docs/key-scheme-file.md.
[[nodiscard]] Expected<KeyScheme> parse_scheme_text(std::string_view text, std::string name);
// A scheme file is a few hundred lines; one above this size is refused unread.
inline constexpr std::size_t SchemeFileLimit = std::size_t(1) << 20;
// Reads a scheme file (read_input: a directory or a file above SchemeFileLimit is an error).
[[nodiscard]] Expected<KeyScheme> load_scheme_file(const std::string& path);
// Writes a scheme in the same format; parse_scheme_text(write_scheme_text(s)) == s, field for
// field, when the castling table the scheme's keying does not use (castling_rook under
// RightsMask, castling under RookSquare) is all zero, as every parsed or built-in scheme's is.
std::string write_scheme_text(const KeyScheme& scheme);

// Stockfish 15.1's make_key: an LCG step used to fold the halfmove clock into the printed key.
constexpr Key stockfish_make_key(std::uint64_t seed) {
  return seed * 6364136223846793005ULL + 1442695040888963407ULL;
}

// ChaCha20 as Rust's rand_chacha ChaCha20Rng uses it (64-bit block counter, stream 0), so a
// 32-byte seed gives the same u64 stream as `ChaCha20Rng::from_seed(seed).gen::<u64>()`.
class ChaCha20Stream {
 public:
  explicit ChaCha20Stream(const std::array<std::uint8_t, 32>& seed);
  std::uint32_t next_u32();
  std::uint64_t next_u64();
  // The raw block function (RFC 8439 layout with a 64-bit counter), exposed for its test vector.
  static std::array<std::uint32_t, 16> block(const std::array<std::uint32_t, 8>& key,
                                             std::uint64_t counter, std::uint64_t stream);

 private:
  void refill();
  std::array<std::uint32_t, 8> key_{};
  std::uint64_t counter_ = 0;
  std::array<std::uint32_t, 64> buffer_{};  // four blocks, as rand_chacha buffers them
  unsigned index_ = 64;
};

}  // namespace zobrist_verify
