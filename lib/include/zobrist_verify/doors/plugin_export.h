// The other side of the plugin door, for C++: exposes any HashUnderTest as a zv_plugin, so that a
// C++ hashing can be checked through `zobrist-verify check --plugin` (in a worker process, with
// crashes and hangs caught) as well as in-process. A plugin source defines the entry with it:
//
//   extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
//     static const zv_plugin* table = zobrist_verify::export_plugin(
//         {"my-engine 1.2", [] { return std::make_unique<MyEngineHash>(); }, true});
//     return table;
//   }
//
// The plugin's legal_moves (what `movegen --plugin` compares) is the engine's own when the class
// the factory makes has a member `legal_moves()` returning its legal moves in UCI as a
// std::vector<std::string> (found at compile time: HasOwnLegalMoves). Otherwise the third field,
// true, gives the reference's legal moves (a copy of the reference plays every move beside the
// hash), which checks nothing of the engine's generator but lets a hashing-only adapter run the
// tools that need legal moves; false gives none. examples/cpp-plugin shows the engine's own.
//
// This header defines `struct zv_state`; a plugin that uses it must not define its own.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/core/byte_words.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/plugin.h"

#define ZV_PLUGIN_EXPORT __attribute__((visibility("default")))

struct zv_state {
  std::unique_ptr<zobrist_verify::HashUnderTest> hash;
  std::string error;  // the message of the last refusal
  // The reference playing the same moves, for legal_moves (only when asked for: it costs a
  // second position's work per move).
  std::optional<zobrist_verify::Game> mirror;
};

namespace zobrist_verify {

// An adapter with a legal-move generator of its own: `legal_moves()` (const or not) gives the
// legal moves of its current position in UCI notation, king-takes-rook castling in Chess960.
template <typename Adapter>
concept HasOwnLegalMoves = requires(Adapter& adapter) {
  { adapter.legal_moves() } -> std::convertible_to<std::vector<std::string>>;
};

struct ExportedHash {
  std::string name;
  std::function<std::unique_ptr<HashUnderTest>()> make;
  // Without own_legal_moves: provide legal_moves from a mirror of the reference.
  bool legal_moves = false;
  // The adapter's own legal moves, called on an instance `make` made; set by the constructor
  // when that instance's class has them (HasOwnLegalMoves), and then legal_moves is not read.
  std::function<std::vector<std::string>(HashUnderTest&)> own_legal_moves;

  ExportedHash() = default;
  template <typename Make>
  ExportedHash(std::string name_, Make make_, bool reference_legal_moves = false)
      : name(std::move(name_)), make(make_), legal_moves(reference_legal_moves) {
    using Adapter = typename std::invoke_result_t<Make&>::element_type;
    if constexpr (HasOwnLegalMoves<Adapter>)
      own_legal_moves = [](HashUnderTest& hash) -> std::vector<std::string> {
        return static_cast<Adapter&>(hash).legal_moves();
      };
  }
};

namespace plugin_export_detail {

inline ExportedHash& spec() {
  static ExportedHash exported;
  return exported;
}

// The exported hash's auxiliary keys: their descriptions (which own the names) and the table of
// zv_aux_key that points into them.
struct ExportedAuxKeys {
  std::vector<AuxKeyDescription> descriptions;
  std::vector<zv_aux_key> table;
};
inline ExportedAuxKeys& aux_spec() {
  static ExportedAuxKeys exported;
  return exported;
}

inline int refuse(zv_state* s, const std::string& message) {
  s->error = message;
  return 1;
}

inline zv_state* create() {
  auto* s = new zv_state;
  s->hash = spec().make();
  if (spec().legal_moves && !spec().own_legal_moves) s->mirror.emplace();
  return s;
}

inline void destroy(zv_state* s) {
  delete s;
}

// A to H or a to h.
inline bool is_file_letter(char c) {
  const char upper = char(c & ~0x20);
  return upper >= 'A' && upper <= 'H';
}

// Whether the castling field (the third) holds a file letter: Chess960's Shredder letters. KQkq
// letters are not file letters; anything else there is left to the FEN reader, which says what is
// wrong with it (this is not a check). This runs for every position the door sends, so the field
// (at most four letters, after a one-letter side field) is read as one eight-byte word with no
// branch per letter; a text too short for that, or of another shape, is read byte by byte.
// `at` is where the first space is (npos: none).
inline bool shredder_castling(std::string_view text, std::size_t at) {
  if (at == text.npos) return false;
  if (at + 11 <= text.size() && text[at + 1] != ' ' && text[at + 2] == ' ') {
    std::uint64_t x;
    std::memcpy(&x, text.data() + at + 3, 8);
    const std::uint64_t spaces = bytes_equal_to(x, ' ');
    if (spaces) {
      // The high bits of the bytes before the first space: the castling field's.
      const std::uint64_t field = ((spaces & (~spaces + 1)) - 1) & byte_in_every_lane(0x80);
      return (field & bytes_in_range(x & ~byte_in_every_lane(0x20), 'A', 'H')) != 0;
    }
  }
  for (++at; at < text.size() && text[at] != ' ';) ++at;  // the side field
  bool shredder = false;
  for (++at; at < text.size() && text[at] != ' '; ++at) shredder |= is_file_letter(text[at]);
  return shredder;
}

// A FEN's text and whether its castling field has Shredder letters. The first space is found
// with the text's end still unknown (strchr stops at either), and only the rest of the text is
// measured: one pass over the placement rather than two.
struct FenText {
  std::string_view text;
  bool shredder;
};
inline FenText read_fen_text(const char* fen) {
  const char* space = std::strchr(fen, ' ');
  if (!space) return {std::string_view(fen), false};
  const std::string_view text(fen, std::size_t(space - fen) + std::strlen(space));
  return {text, shredder_castling(text, std::size_t(space - fen))};
}

inline int set_fen(zv_state* s, const char* fen) {
  // Chess960 arrives with Shredder (file) letters; X-FEN letters with a king or rook off its
  // standard square make the reference read the position as Chess960 by itself.
  const auto [text, shredder] = read_fen_text(fen);
  if (shredder && !s->hash->capabilities().chess960)
    return refuse(s, "this plugin plays standard chess only: " + std::string(fen));
  if (Expected<Done> done = s->hash->set_position(text, shredder); !done)
    return refuse(s, done.error());
  if (s->mirror)
    (void)s->mirror->set(fen, polyglot_scheme(),
                         FenOptions{.chess960 = shredder, .allow_unreachable = true});
  return 0;
}

// A move's text, four or five bytes (anything longer is measured by strlen): counted here, since
// a library strlen cost as much as a tenth of the door's whole cost per move.
inline std::string_view move_text(const char* uci) {
  std::size_t n = 0;
  while (n < 6 && uci[n]) ++n;
  return n < 6 ? std::string_view(uci, n) : std::string_view(uci);
}

inline int make_move(zv_state* s, const char* uci) {
  const std::string_view move = move_text(uci);
  if (Expected<Done> done = s->hash->make_move(move); !done) return refuse(s, done.error());
  if (s->mirror) (void)s->mirror->play_uci(move);
  return 0;
}

inline int unmake_move(zv_state* s) {
  if (Expected<Done> done = s->hash->unmake_move(); !done) return refuse(s, done.error());
  if (s->mirror) (void)s->mirror->undo();
  return 0;
}

inline std::uint64_t key(const zv_state* s) {
  Expected<Key> k = s->hash->key();
  return k ? *k : 0;
}

inline std::uint64_t pawn_key(const zv_state* s) {
  Expected<Key> k = s->hash->pawn_key();
  return k ? *k : 0;
}

inline std::uint64_t material_key(const zv_state* s) {
  Expected<Key> k = s->hash->material_key();
  return k ? *k : 0;
}

inline std::uint64_t aux_key(const zv_state* s, std::uint32_t index) {
  Expected<Key> k = s->hash->aux_key(index);
  return k ? *k : 0;
}

inline int legal_moves(const zv_state* s, char* buf, std::size_t cap) {
  if (!s->mirror) return -1;
  const Position& pos = s->mirror->position();
  std::string out;
  int count = 0;
  for (Move m : zobrist_verify::legal_moves(pos)) {
    out += (count++ ? " " : "") + move_to_uci(m, pos.is_chess960());
  }
  if (out.size() + 1 > cap) return -1;
  out.copy(buf, out.size());
  buf[out.size()] = '\0';
  return count;
}

// The adapter's own moves, written as legal_moves above writes the reference's.
inline int own_legal_moves(const zv_state* s, char* buf, std::size_t cap) {
  const std::vector<std::string> moves = spec().own_legal_moves(*s->hash);
  std::string out;
  for (const std::string& move : moves) (out += out.empty() ? "" : " ") += move;
  if (out.size() + 1 > cap) return -1;
  out.copy(buf, out.size());
  buf[out.size()] = '\0';
  return int(moves.size());
}

inline const char* last_error(const zv_state* s) {
  return s->error.empty() ? nullptr : s->error.c_str();
}

}  // namespace plugin_export_detail

// The whole table for `exported`, built once (call it from zv_plugin_entry). Optional functions
// are present exactly when the hash's capabilities say so. A hash with auxiliary keys
// (Capabilities::aux_keys) gets a version 2 table; one without, a version 1 table (its base alone
// counts, abi_version ZV_PLUGIN_ABI_VERSION). A plugin that copies the table to change a function
// copies the zv_plugin_v2 whole (a copy of the base alone is a version 1 table, and must say so:
// set its abi_version to ZV_PLUGIN_ABI_VERSION).
inline const zv_plugin_v2* export_plugin_v2(ExportedHash exported) {
  namespace d = plugin_export_detail;
  static zv_plugin_v2 whole{};
  zv_plugin& table = whole.base;
  d::spec() = std::move(exported);
  const Capabilities caps = d::spec().make()->capabilities();
  table.abi_version = caps.aux_keys.empty() ? ZV_PLUGIN_ABI_VERSION : ZV_PLUGIN_ABI_VERSION_2;
  table.name = d::spec().name.c_str();
  table.chess960 = caps.chess960;
  table.create = d::create;
  table.destroy = d::destroy;
  table.set_fen = d::set_fen;
  table.make_move = d::make_move;
  table.unmake_move = caps.unmake ? d::unmake_move : nullptr;
  table.key = d::key;
  table.pawn_key = caps.pawn_key ? d::pawn_key : nullptr;
  table.material_key = caps.material_key ? d::material_key : nullptr;
  table.legal_moves = d::spec().own_legal_moves ? d::own_legal_moves
                      : d::spec().legal_moves   ? d::legal_moves
                                                : nullptr;
  table.last_error = d::last_error;
  table.null_move = caps.null_move;
  d::ExportedAuxKeys& aux = d::aux_spec();
  aux.descriptions = caps.aux_keys;
  aux.table.clear();
  for (const AuxKeyDescription& described : aux.descriptions) {
    zv_aux_key entry{};
    entry.name = described.name.c_str();
    entry.pieces[ZV_WHITE] = described.pieces[White];
    entry.pieces[ZV_BLACK] = described.pieces[Black];
    entry.flags = (described.side_to_move ? ZV_AUX_SIDE_TO_MOVE : 0u) |
                  (described.castling ? ZV_AUX_CASTLING : 0u) |
                  (described.en_passant ? ZV_AUX_EN_PASSANT : 0u);
    aux.table.push_back(entry);
  }
  whole.aux_key_count = std::uint32_t(aux.table.size());
  whole.aux_keys = aux.table.empty() ? nullptr : aux.table.data();
  whole.aux_key = aux.table.empty() ? nullptr : d::aux_key;
  return &whole;
}

// The table's base, what zv_plugin_entry returns.
inline const zv_plugin* export_plugin(ExportedHash exported) {
  return &export_plugin_v2(std::move(exported))->base;
}

}  // namespace zobrist_verify
