#include "zobrist_verify/doors/position_gate.h"

#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/doors/forwarding_hash.h"

namespace zobrist_verify {

namespace {

Error withheld(const std::string& why) {
  return Error{"withheld, no legal game reaches it: " + why, ErrorKind::Withheld};
}

// Refuses a position that fails the gate before it goes; every other call passes straight through.
class GatedHash final : public ForwardingHash {
 public:
  using ForwardingHash::ForwardingHash;

 private:
  std::optional<Error> before(const DoorCall& call) override {
    if (call.kind != DoorCall::Kind::SetPosition) return std::nullopt;
    if (std::optional<std::string> why = unreachable_reason(route().fen, route().chess960))
      return withheld(*why);
    return std::nullopt;
  }
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
