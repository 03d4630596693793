// Mutants of the catalogue as a real plugin (the variant it is linked as names them): the plugin
// door must kill each black-box with the same property as in-process. A variant "A+B" plants
// several mutants' bugs in one plugin, as a build with more than one fault has them.
#include <string_view>
#include <vector>

#include "plugin_variant.h"
#include "zobrist_verify/doors/plugin_export.h"
#include "zobrist_verify/mutants/mutants.h"

namespace {

using zobrist_verify::properties::MutantInfo;

const MutantInfo* find_mutant(std::string_view name) {
  for (const MutantInfo& m : zobrist_verify::properties::mutants())
    if (m.name == name) return &m;
  return nullptr;
}

// The mutants the variant names, or nothing when it names one the catalogue lacks.
std::vector<const MutantInfo*> planted(std::string_view variant) {
  std::vector<const MutantInfo*> found;
  while (!variant.empty()) {
    const std::size_t plus = variant.find('+');
    const MutantInfo* m = find_mutant(variant.substr(0, plus));
    if (!m) return {};
    found.push_back(m);
    variant = plus == std::string_view::npos ? std::string_view() : variant.substr(plus + 1);
  }
  return found;
}

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = []() -> const zv_plugin* {
    const std::vector<const MutantInfo*> bugs = planted(zv_plugin_variant);
    if (bugs.empty()) {
      zv_test_plugins::report_unknown_variant(
          "the names of the catalogue's mutants, or several joined by '+'");
      return nullptr;
    }
    std::string name = "mutant " + std::string(zv_plugin_variant);
    return zobrist_verify::export_plugin(
        {name, [bugs] { return zobrist_verify::properties::make_mutants(bugs); }, false});
  }();
  return table;
}
