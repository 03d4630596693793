// The properties of the seed systems beyond chess (Huima's Go hash, seed 002; Ultimate
// tic-tac-toe, seed 003), run by the generic game suite on the built-in tables. Their results
// are ordinary PropertyResults: the chess reports serve them unchanged.
#pragma once

#include <string>
#include <vector>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// "go", "uttt".
std::vector<std::string> other_game_names();
// Each game's properties ("go:incremental-equals-full", ..., "uttt:closed-board-equivalence").
std::vector<PropertyInfo> game_property_infos(const std::string& game);
bool is_game_property_name(const std::string& name);
// Runs a game's properties named in options.only (all when empty): Go on the 19x19 table in xor
// and in add mode, Ultimate tic-tac-toe on its keys, both from their default seeds.
std::vector<PropertyResult> run_game_properties(const std::string& game,
                                                const SuiteOptions& options);

}  // namespace zobrist_verify::properties
