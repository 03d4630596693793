// The reference with one planted fault of properties/chess/test_targets.h (its variant names it): a
// plugin that aborts, segfaults or hangs on some case, for the isolation of the plugin door.
#include <optional>

#include "chess/test_targets.h"
#include "plugin_variant.h"
#include "zobrist_verify/doors/plugin_export.h"

namespace {

using zobrist_verify::properties::test_targets::Fault;

constexpr zv_test_plugins::Variant<Fault> Faults[] = {
    {"AbortOnPromotion", Fault::AbortOnPromotion},
    {"SegfaultOnCastling", Fault::SegfaultOnCastling},
    {"HangOnEnPassantKey", Fault::HangOnEnPassantKey},
    {"RefuseEnPassantFens", Fault::RefuseEnPassantFens},
    {"RefuseBlackToMove", Fault::RefuseBlackToMove}};

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  using zobrist_verify::properties::test_targets::Faulty;
  static const zv_plugin* table = []() -> const zv_plugin* {
    const std::optional<Fault> fault = zv_test_plugins::linked_variant(Faults);
    if (!fault) return nullptr;
    return zobrist_verify::export_plugin(
        {"faulty reference", [f = *fault] { return std::make_unique<Faulty>(f); }, false});
  }();
  return table;
}
