// The table of games `check` runs: each row names the game, says what runs of it by default, lists
// its properties and runs them on its built-in tables.
#include <algorithm>

#include "go/go_game.h"
#include "uttt/uttt_game.h"
#include "zobrist_verify/core/listed.h"
#include "zobrist_verify/game_properties.h"
#include "zobrist_verify/keys/key_scheme.h"
#include "zobrist_verify/parallel_runs.h"

namespace zobrist_verify::properties {

namespace {

// The reference on every built-in scheme, one after the other.
std::vector<SuiteUnit> chess_units(const SuiteOptions& options) {
  std::vector<SuiteUnit> units;
  for (const BuiltinScheme& builtin : builtin_schemes()) {
    std::vector<SuiteUnit> its = suite_units(reference_target(builtin.scheme()), options);
    units.insert(units.end(), its.begin(), its.end());
  }
  return units;
}

// Every target of a game beyond chess through the game suite.
std::vector<SuiteUnit> target_units(const std::vector<games::GameTarget>& targets,
                                    const SuiteOptions& options) {
  std::vector<SuiteUnit> units;
  for (const games::GameTarget& target : targets) {
    std::vector<SuiteUnit> its = games::game_suite_units(target, options);
    units.insert(units.end(), its.begin(), its.end());
  }
  return units;
}

// Go on the built-in table in xor and in add mode.
std::vector<SuiteUnit> go_units(const SuiteOptions& options) {
  auto table = GoKeyTable::build(GoDefaultSize, GoDefaultSeed);
  if (!table) return {};  // cannot happen with the built-in size and seed
  auto shared = std::make_shared<const GoKeyTable>(std::move(*table));
  std::vector<games::GameTarget> targets;
  for (GoCombine mode : {GoCombine::Xor, GoCombine::Add})
    targets.push_back(games::go_target(games::reference_go_hash(shared, mode)));
  return target_units(targets, options);
}

std::vector<SuiteUnit> uttt_units(const SuiteOptions& options) {
  auto keys = uttt_keys(UtttDefaultSeed);
  if (!keys) return {};  // cannot happen with the built-in seed
  return target_units(
      {games::uttt_target(games::reference_uttt_hash(std::make_shared<const UtttKeys>(*keys)))},
      options);
}

}  // namespace

const std::vector<GameEntry>& game_catalogue() {
  // Property names depend only on the game, not on the table: a target with no table names them.
  static const std::vector<GameEntry> catalogue = {
      {"chess", "", [] { return all_properties(); }, chess_units},
      {"go",
       "Huima's Go hash on the built-in 19x19 table in xor and add mode (go:..., docs/go-hash.md)",
       [] { return games::game_properties(games::go_target(games::GoHashUnderTest{})); }, go_units},
      {"uttt", "the Ultimate tic-tac-toe hash (uttt:..., docs/uttt-hash.md)",
       [] { return games::game_properties(games::uttt_target(games::UtttHashUnderTest{})); },
       uttt_units},
  };
  return catalogue;
}

const GameEntry* find_game(std::string_view name) {
  for (const GameEntry& game : game_catalogue())
    if (game.name == name) return &game;
  return nullptr;
}

std::string game_choices() {
  std::vector<std::string> names;
  for (const GameEntry& game : game_catalogue()) names.push_back(game.name);
  return listed(names, "or");
}

std::vector<std::string> other_game_names() {
  std::vector<std::string> names;
  for (const GameEntry& game : game_catalogue())
    if (game.name != "chess") names.push_back(game.name);
  return names;
}

std::vector<PropertyInfo> game_property_infos(const std::string& game) {
  const GameEntry* entry = find_game(game);
  return entry ? entry->properties() : std::vector<PropertyInfo>{};
}

bool is_game_property_name(const std::string& name) {
  for (const std::string& game : other_game_names())
    for (const PropertyInfo& p : game_property_infos(game))
      if (p.name == name) return true;
  return false;
}

std::vector<PropertyResult> run_game_properties(const std::string& game,
                                                const SuiteOptions& options) {
  const GameEntry* entry = find_game(game);
  return entry ? run_units(entry->units(options), options.jobs) : std::vector<PropertyResult>{};
}

}  // namespace zobrist_verify::properties
