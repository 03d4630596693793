#include "chess/expected_keys.h"

#include "chess/position_tools.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/hex.h"

namespace zobrist_verify::properties {

std::optional<std::string> table_is_not_the_schemes(const KeyScheme& scheme, Key start_key) {
  Position pos;
  StateInfo st;
  if (!pos.set(StartFen, st, scheme).empty()) return std::nullopt;  // cannot happen
  // At the start the clock is 0: the printed key is the key.
  if (pos.key() == start_key) return std::nullopt;
  std::string why = "the keys are not those of the scheme " + scheme_title(scheme.name) +
                    ": the target's key of the start position is " + hex_key_literal(start_key) +
                    ", the scheme's " + hex_key_literal(pos.key());
  if (const BuiltinScheme* builtin = builtin_scheme_with_start_key(start_key))
    why += "; " + hex_key_literal(start_key) + " is the start key of the scheme " +
           scheme_title(builtin->name) + " (--expect " + std::string(builtin->name) + ")";
  else
    why += ", and it is no built-in scheme's start key";
  return why + "; every other property judges the target as a black box";
}

bool keys_are_the_schemes(const Conventions& conventions, const KeyScheme& scheme) {
  int compared = 0;
  for (const EnPassantObservation& o : conventions.observations) {
    if (o.refused) continue;
    Position pos;
    StateInfo st;
    if (!pos.set(with_en_passant(o.after_fen, "-"), st, scheme).empty()) continue;
    if (pos.key() != o.without_square) return false;
    ++compared;
  }
  return compared > 0;
}

std::string keys_under_another_rule(const KeyScheme& scheme, EnPassantRule detected) {
  const std::string rule = to_string(detected);
  return "the keys are those of the scheme " + scheme_title(scheme.name) +
         ", but their en-passant " + "rule is " + rule + ", not the scheme's " +
         to_string(scheme.en_passant_rule) + ": every other property judges them under the " +
         rule + " rule, as --expect " + scheme.name + " --en-passant " + rule + " does";
}

std::string exact_keys_note(const KeyScheme& scheme, bool printed) {
  std::string note = "exact keys of " + scheme_title(scheme.name) + ": the key";
  if (printed && scheme.fold_rule50_into_printed_key)
    note += " as its engine prints it (the halfmove clock folded in from 14)";
  if (scheme.defines_pawn_key && scheme.defines_material_key)
    return note + ", and the pawn and material keys where the target has them";
  if (scheme.defines_pawn_key) return note + ", and the pawn key where the target has one";
  if (scheme.defines_material_key) return note + ", and the material key where the target has one";
  return note + " (the scheme defines no pawn or material key)";
}

void compare_defined_keys(Target& target, const KeyScheme& scheme) {
  target.exact_pawn_key = scheme.defines_pawn_key;
  target.exact_material_key = scheme.defines_material_key;
}

}  // namespace zobrist_verify::properties
