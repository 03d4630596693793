// The games `check` knows, as one table: chess (the reference on every built-in scheme), Huima's
// Go hash (seed 002) and Ultimate tic-tac-toe (seed 003). A game beyond chess is run by the
// generic game suite on its built-in tables; its results are ordinary PropertyResults, so the
// chess reports serve them unchanged. A fourth game is one row of game_catalogue() (its session
// lives in properties/<game>/).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

struct GameEntry {
  std::string name;  // "chess", "go", "uttt": --game's value and the prefix of its properties
  // What `check` runs of it without --game, for the help ("Huima's Go hash on the built-in 19x19
  // table in xor and add mode (go:..., docs/go-hash.md)"); empty for chess, which is the default.
  std::string runs;
  // Its properties, in order; the names do not depend on the table.
  std::function<std::vector<PropertyInfo>()> properties;
  // The properties named in options.only (all when empty) on the built-in tables, as units for
  // run_units (parallel_runs.h), in report order.
  std::function<std::vector<SuiteUnit>(const SuiteOptions&)> units;
};

// Chess first, then the other games in the order `check` runs them.
const std::vector<GameEntry>& game_catalogue();
// The row named `name`, or nullptr.
const GameEntry* find_game(std::string_view name);
// The names joined for a sentence: "chess, go or uttt".
std::string game_choices();

// The games other than chess: "go", "uttt".
std::vector<std::string> other_game_names();
// A game's properties ("go:incremental-equals-full", ..., "uttt:closed-board-equivalence");
// empty for an unknown game.
std::vector<PropertyInfo> game_property_infos(const std::string& game);
// Whether `name` is a property of a game other than chess.
bool is_game_property_name(const std::string& name);
// Runs a game's properties named in options.only (all when empty): Go on the 19x19 table in xor
// and in add mode, Ultimate tic-tac-toe on its keys, both from their default seeds.
std::vector<PropertyResult> run_game_properties(const std::string& game,
                                                const SuiteOptions& options);

}  // namespace zobrist_verify::properties
