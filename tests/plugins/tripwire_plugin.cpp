// The reference (Polyglot's keys, legal_moves) behind a tripwire: it aborts, with the position
// on stderr, when it is given a position that no legal game reaches. The position gate's tests
// run it through check, movegen, replay and fuzz_movegen: none of them may ever trip it.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "zobrist_verify/doors/plugin_export.h"
#include "zobrist_verify/doors/position_gate.h"

namespace {

using namespace zobrist_verify;

class Tripwire final : public HashUnderTest {
 public:
  std::string name() const override { return "tripwire"; }
  Capabilities capabilities() const override { return inner_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    if (std::optional<std::string> why = unreachable_reason(fen, chess960)) {
      std::fprintf(stderr, "tripwire: given an unreachable position: %.*s (%s)\n", int(fen.size()),
                   fen.data(), why->c_str());
      std::abort();
    }
    return inner_->set_position(fen, chess960);
  }
  Expected<Done> make_move(std::string_view uci) override { return inner_->make_move(uci); }
  Expected<Done> unmake_move() override { return inner_->unmake_move(); }
  Expected<Key> key() override { return inner_->key(); }
  Expected<Key> pawn_key() override { return inner_->pawn_key(); }
  Expected<Key> material_key() override { return inner_->material_key(); }
  Expected<Key> aux_key(std::size_t i) override { return inner_->aux_key(i); }

 private:
  std::unique_ptr<HashUnderTest> inner_ = make_reference_hash(polyglot_scheme());
};

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = zobrist_verify::export_plugin(
      {"tripwire (reference, polyglot)", [] { return std::make_unique<Tripwire>(); }, true});
  return table;
}
