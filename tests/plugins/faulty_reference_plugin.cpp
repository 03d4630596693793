// The reference with one planted fault of properties/chess/test_targets.h (ZV_FAULT names it): a plugin
// that aborts, segfaults or hangs on some case, for the isolation of the plugin door.
#include "chess/test_targets.h"
#include "zobrist_verify/doors/plugin_export.h"

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  using namespace zobrist_verify::properties::test_targets;
  static const zv_plugin* table = zobrist_verify::export_plugin(
      {"faulty reference", [] { return std::make_unique<Faulty>(Fault::ZV_FAULT); }, false});
  return table;
}
