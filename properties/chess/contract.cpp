// The numbered contract: each property once, with the rule it checks and a bug it catches.
#include <algorithm>

#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

// The bodies, each in properties/chess/<name>_property.cpp: a new property is its file and its
// declaration and row here.
void incremental_equals_full(const PropertyContext& context);
void reversibility(const PropertyContext& context);
void equal_positions_equal_keys(const PropertyContext& context);
void unequal_positions_unequal_keys(const PropertyContext& context);
void en_passant(const PropertyContext& context);
void castling(const PropertyContext& context);
void side_to_move(const PropertyContext& context);
void pawn_and_material_keys(const PropertyContext& context);
void zero_keys(const PropertyContext& context);
void auxiliary_keys(const PropertyContext& context);
void auxiliary_key_dependencies(const PropertyContext& context);

namespace {

std::string always_supported(const Capabilities&) {
  return "";
}

std::string needs_unmake(const Capabilities& caps) {
  return caps.unmake ? "" : "the target cannot unmake moves";
}

std::string needs_pawn_or_material_key(const Capabilities& caps) {
  return caps.pawn_key || caps.material_key ? "" : "the target has no pawn key and no material key";
}

std::string needs_aux_keys(const Capabilities& caps) {
  return caps.aux_keys.empty() ? "the target has no auxiliary keys" : "";
}

// The last column: what the row judges under --move-routes-only (UnderMoveRoutes): the FEN
// reader's part it keeps, and whether its failures compare two routes from one FEN.
std::vector<PropertyDefinition> build_definitions() {
  return {
      {{"incremental-equals-full",
        "1. The incremental key, pawn key and material key equal the keys recomputed from scratch "
        "(a fresh set_position of the FEN) after every ply.",
        "make_move forgets to XOR out the old en-passant key after a double push."},
       incremental_equals_full,
       always_supported,
       false,
       {"a fresh set_position of every position played, against its incremental keys", false}},
      {{"reversibility",
        "2. make_move then unmake_move restores every key, null moves included; replaying after a "
        "full unwind gives the same keys; the reference passes its full check() report.",
        "unmake_move restores the pieces but returns the key cached before it (a stale key)."},
       reversibility,
       needs_unmake,
       false,
       {"", false}},
      {{"equal-positions-equal-keys",
        "3. Routes to the same position (same placement, side, castling rights and en-passant "
        "term under the target's rule) give one key; routes that differ in one of them do not.",
        "the en-passant square is hashed after every double push under the PseudoLegal rule, so "
        "e2e4 and e2e3 ... e3e4 differ."},
       equal_positions_equal_keys,
       always_supported,
       false,
       {"", true}},
      {{"unequal-positions-unequal-keys",
        "4. No two of at least 10^5 distinct generated positions share a 64-bit key.",
        "a scheme with no castling keys: the position before and after a king's trip out and "
        "back share a key."},
       unequal_positions_unequal_keys,
       always_supported,
       true,
       {"", true}},
      {{"en-passant",
        "5. The en-passant term is present exactly when the rule (Always, PseudoLegal, Legal) "
        "says so, for pinned captures, check evasions and non-capturable double pushes.",
        "a Legal-rule engine that hashes the square when the only capture is pinned."},
       en_passant,
       always_supported,
       false,
       {"FENs with and without the en-passant square", false}},
      {{"castling",
        "6. A move changes the castling term by exactly castling[old] ^ castling[new]; each right "
        "has its own non-zero term, unlike the side term; lost rights never reappear "
        "(king move, rook move, rook captured on its square, Chess960 included).",
        "a rook captured on h8 leaves Black's O-O right in the key."},
       castling,
       always_supported,
       false,
       {"", true}},
      {{"side-to-move",
        "7. A null move, and the side-to-move field of a FEN, change the key by exactly the side "
        "term (the null move also drops the en-passant term).",
        "a null move that flips the side but leaves the en-passant key of the double push in."},
       side_to_move,
       always_supported,
       false,
       {"FENs with either side to move", false}},
      {{"pawn-and-material-keys",
        "8. The pawn key depends on the pawns only; the material key on the piece counts only.",
        "a material key off by one after a promotion, or a pawn key that includes the kings."},
       pawn_and_material_keys,
       needs_pawn_or_material_key,
       false,
       {"FENs built with the same pawns or piece counts, or one changed", false}},
      {{"zero-keys",
        "9. No key is 0 (a random 64-bit key is 0 with probability 2^-64, and 0 is what an empty "
        "slot of a zero-initialised table holds): checked on every ply of generated games and on "
        "bare kings, one piece besides the kings, pawnless boards and the capture of the last "
        "piece of a kind. A pawn key of 0 in pawnless positions, or a material key of 0 with bare "
        "kings, is a warning, and a failure where the expected scheme's key is not 0.",
        "a pawn key that starts from 0 instead of a no-pawns key, so every pawnless position hits "
        "an empty slot of the pawn table (Stockfish PR #887)."},
       zero_keys,
       always_supported,
       false,
       {"", false}},
      {{"auxiliary-keys",
        "10. Each auxiliary key equals the one recomputed from scratch after every ply, is "
        "restored by unmake_move, stays the same across a move that changes nothing it declares "
        "and changes across a move that changes what it declares.",
        "the promoted piece not added to the non-pawn key (Stockfish PR #6494)."},
       auxiliary_keys,
       needs_aux_keys,
       false,
       {"", false}},
      {{"auxiliary-key-dependencies",
        "11. Positions that differ only in what an auxiliary key does not declare share it; "
        "positions that differ in a piece, side, castling right or en-passant term it declares "
        "do not.",
        "a pawn key declared as pawns only that also hashes the kings (Ethereal's pawn-king key "
        "must declare them)."},
       auxiliary_key_dependencies,
       needs_aux_keys,
       false,
       {"FENs built from each position of a game", false}},
  };
}

}  // namespace

const std::vector<PropertyDefinition>& property_definitions() {
  static const std::vector<PropertyDefinition> definitions = build_definitions();
  return definitions;
}

const std::vector<PropertyInfo>& all_properties() {
  static const std::vector<PropertyInfo> infos = [] {
    std::vector<PropertyInfo> out;
    for (const PropertyDefinition& d : property_definitions()) out.push_back(d.info);
    return out;
  }();
  return infos;
}

const PropertyDefinition* find_property_definition(const std::string& name) {
  for (const PropertyDefinition& d : property_definitions())
    if (d.info.name == name) return &d;
  return nullptr;
}

void tag_fen_reader_row(const PropertyContext& context, const std::string& property) {
  if (!context.move_routes_only) return;
  const PropertyDefinition* d = find_property_definition(property);
  if (d && *d->under_move_routes.fen_reader)
    tag_case(std::string("judges the FEN reader: ") + d->under_move_routes.fen_reader);
}

std::vector<std::string> fen_reader_properties(const std::vector<std::string>& only) {
  std::vector<std::string> names;
  for (const PropertyDefinition& d : property_definitions())
    if (*d.under_move_routes.fen_reader &&
        (only.empty() || std::find(only.begin(), only.end(), d.info.name) != only.end()))
      names.push_back(d.info.name);
  return names;
}

bool is_property_name(const std::string& name) {
  for (const PropertyDefinition& d : property_definitions())
    if (d.info.name == name) return true;
  return false;
}

}  // namespace zobrist_verify::properties
