// What --expect SCHEME holds a third party to, and the one row that says so when it cannot: the
// table is not the scheme's (its start position's key is another), or it is the scheme's under
// another en-passant rule (Stockfish 19 keys Stockfish 15.1's table by the legal rule). Each is
// one cause, reported once, and the other properties are judged without it.
#pragma once

#include <optional>
#include <string>

#include "chess/conventions.h"
#include "zobrist_verify/keys/key_scheme.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// Why the target's table is not `scheme`'s, when its key of the start position (`start_key`) is
// not the scheme's: both keys, and the built-in scheme whose start key it is, if any. Nothing
// when the keys agree.
std::optional<std::string> table_is_not_the_schemes(const KeyScheme& scheme, Key start_key);

// Whether the target's keys of the positions the en-passant probes set without an en-passant
// square are the scheme's.
bool keys_are_the_schemes(const Conventions& conventions, const KeyScheme& scheme);

// The keys are `scheme`'s but follow `detected`, not the scheme's own rule: what the report says.
std::string keys_under_another_rule(const KeyScheme& scheme, EnPassantRule detected);

// The keys the target is compared on against `scheme`: the key (as its engine prints it, with
// `printed`), and the pawn and material keys the scheme defines. For the report's notes.
std::string exact_keys_note(const KeyScheme& scheme, bool printed);

// Compares only the pawn and material keys the scheme defines (Target::exact_pawn_key, ...).
void compare_defined_keys(Target& target, const KeyScheme& scheme);

}  // namespace zobrist_verify::properties
