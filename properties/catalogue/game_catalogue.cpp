// The games `check` runs besides chess, on their built-in tables.
#include <algorithm>

#include "go/go_game.h"
#include "uttt/uttt_game.h"
#include "zobrist_verify/game_properties.h"

namespace zobrist_verify::properties {

namespace {

std::vector<games::GameTarget> targets_of(const std::string& game) {
  std::vector<games::GameTarget> targets;
  if (game == "go") {
    auto table = GoKeyTable::build(GoDefaultSize, GoDefaultSeed);
    if (!table) return targets;  // cannot happen with the built-in size and seed
    auto shared = std::make_shared<const GoKeyTable>(std::move(*table));
    for (GoCombine mode : {GoCombine::Xor, GoCombine::Add})
      targets.push_back(games::go_target(games::reference_go_hash(shared, mode)));
  } else if (game == "uttt") {
    auto keys = uttt_keys(UtttDefaultSeed);
    if (!keys) return targets;
    targets.push_back(
        games::uttt_target(games::reference_uttt_hash(std::make_shared<const UtttKeys>(*keys))));
  }
  return targets;
}

// Property names depend only on the game, not on the table: a target with no table names them.
games::GameTarget naming_target(const std::string& game) {
  if (game == "go") return games::go_target(games::GoHashUnderTest{});
  return games::uttt_target(games::UtttHashUnderTest{});
}

}  // namespace

std::vector<std::string> other_game_names() {
  return {"go", "uttt"};
}

std::vector<PropertyInfo> game_property_infos(const std::string& game) {
  return games::game_properties(naming_target(game));
}

bool is_game_property_name(const std::string& name) {
  for (const std::string& game : other_game_names())
    for (const PropertyInfo& p : game_property_infos(game))
      if (p.name == name) return true;
  return false;
}

std::vector<PropertyResult> run_game_properties(const std::string& game,
                                                const SuiteOptions& options) {
  std::vector<PropertyResult> results;
  for (const games::GameTarget& target : targets_of(game)) {
    auto run = games::run_game_suite(target, options);
    results.insert(results.end(), run.begin(), run.end());
  }
  return results;
}

}  // namespace zobrist_verify::properties
