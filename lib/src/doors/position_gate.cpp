#include "zobrist_verify/doors/position_gate.h"

#include <vector>

#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {

namespace {

Error withheld(const std::string& why) {
  return Error{"withheld, no legal game reaches it: " + why, ErrorKind::Withheld};
}

class GatedHash final : public HashUnderTest {
 public:
  explicit GatedHash(std::unique_ptr<HashUnderTest> door) : door_(std::move(door)) {}

  std::string name() const override { return door_->name(); }
  Capabilities capabilities() const override { return door_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    return gated(fen, chess960, [&] { return door_->set_position(fen, chess960); });
  }
  Expected<Done> set_written_position(const std::string& fen, bool chess960) override {
    return gated(fen, chess960, [&] { return door_->set_written_position(fen, chess960); });
  }
  Expected<KeyTicket> request_key_of(std::string_view fen, bool chess960) override {
    if (std::optional<std::string> why = unreachable_reason(fen, chess960)) return withheld(*why);
    return door_->request_key_of(fen, chess960);
  }
  Expected<Done> make_move(std::string_view uci) override { return door_->make_move(uci); }
  Expected<Done> unmake_move() override { return door_->unmake_move(); }
  Expected<Key> key() override { return door_->key(); }
  Expected<KeyTicket> request_key() override { return door_->request_key(); }
  Expected<Key> collect_key(KeyTicket ticket) override { return door_->collect_key(ticket); }
  Expected<Key> pawn_key() override { return door_->pawn_key(); }
  Expected<Key> material_key() override { return door_->material_key(); }
  Expected<Key> aux_key(std::size_t index) override { return door_->aux_key(index); }

 private:
  template <class Set>
  Expected<Done> gated(std::string_view fen, bool chess960, Set set) {
    if (std::optional<std::string> why = unreachable_reason(fen, chess960)) return withheld(*why);
    return set();
  }
  std::unique_ptr<HashUnderTest> door_;
};

}  // namespace

std::optional<std::string> unreachable_reason(std::string_view fen, bool chess960) {
  // The last verdict is remembered: a property that checks a FEN itself and then sends it pays
  // for one parse, not two.
  thread_local std::string last_fen;
  thread_local bool last_chess960 = false;
  thread_local std::optional<std::string> last_verdict;
  if (!last_fen.empty() && fen == last_fen && chess960 == last_chess960) return last_verdict;
  thread_local Position pos;
  thread_local StateInfo state;
  thread_local std::vector<FenError> errors;
  std::optional<std::string> verdict;
  if (!pos.set(fen, state, polyglot_scheme(), FenOptions{.chess960 = chess960}, &errors)) {
    verdict.emplace();
    for (const FenError& e : errors) {
      if (!verdict->empty()) *verdict += "; ";
      *verdict += e.message();
    }
  }
  last_fen.assign(fen);
  last_chess960 = chess960;
  last_verdict = verdict;
  return verdict;
}

std::unique_ptr<HashUnderTest> behind_gate(std::unique_ptr<HashUnderTest> door) {
  if (!door) return door;
  return std::make_unique<GatedHash>(std::move(door));
}

}  // namespace zobrist_verify
