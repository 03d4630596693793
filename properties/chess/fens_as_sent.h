// Reports show the FEN a target received, byte for byte: a door that rewrites FENs on their way
// (the plugin and engine doors write Chess960 castling in one form) says how, in
// Target::fen_as_sent, and the counterexamples are rewritten with it once the suite is over.
#pragma once

#include <vector>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// Every counterexample's start FEN and its compared positions' FENs as `target` got them.
void show_fens_as_sent(std::vector<PropertyResult>& results, const Target& target);

}  // namespace zobrist_verify::properties
