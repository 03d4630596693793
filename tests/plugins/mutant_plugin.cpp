// One mutant of the catalogue as a real plugin (ZV_MUTANT names it at build time): the plugin door
// must kill it black-box with the same property as in-process.
#include "zobrist_verify/mutants/mutants.h"
#include "zobrist_verify/doors/plugin_export.h"

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  using namespace zobrist_verify::properties;
  static const zv_plugin* table = []() -> const zv_plugin* {
    for (const MutantInfo& m : mutants())
      if (m.name == ZV_MUTANT)
        return zobrist_verify::export_plugin(
            {"mutant " + m.name, [&m] { return make_mutant(m); }, false});
    return nullptr;
  }();
  return table;
}
