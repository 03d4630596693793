// One mutant of the catalogue as a real plugin (the variant it is linked as names it): the plugin
// door must kill it black-box with the same property as in-process.
#include "plugin_variant.h"
#include "zobrist_verify/doors/plugin_export.h"
#include "zobrist_verify/mutants/mutants.h"

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  using namespace zobrist_verify::properties;
  static const zv_plugin* table = []() -> const zv_plugin* {
    for (const MutantInfo& m : mutants())
      if (m.name == zv_plugin_variant)
        return zobrist_verify::export_plugin(
            {"mutant " + m.name, [&m] { return make_mutant(m); }, false});
    zv_test_plugins::report_unknown_variant("the names of the catalogue's mutants");
    return nullptr;
  }();
  return table;
}
