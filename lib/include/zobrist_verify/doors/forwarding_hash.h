// A door in front of another: every call handed on, the route the instance stands on kept, and
// hooks before and after each call. The one frame of the decorators the suite puts around a third
// party: the position gate (position_gate.h) refuses a FEN before it goes, a watched instance
// (properties' isolation) announces each call in a worker's shared page, and the exception guard
// (properties' caught_exceptions) turns what a call throws into the target's error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/doors/hash_under_test.h"

namespace zobrist_verify {

// One call handed on, as the hooks see it. set_position, set_written_position and
// request_key_of are all SetPosition; key, request_key and collect_key are all Key.
struct DoorCall {
  enum class Kind : std::uint8_t {
    SetPosition,
    MakeMove,
    UnmakeMove,
    Key,
    PawnKey,
    MaterialKey,
    AuxKey
  };
  explicit DoorCall(Kind kind, std::string_view move = {}, std::size_t index = 0)
      : kind(kind), move(move), index(index) {}

  Kind kind;
  std::string_view move;  // MakeMove: the move
  std::size_t index;      // AuxKey: which auxiliary key
  // "set_position", "make_move e2e4", "unmake_move", "key", "pawn_key", "material_key",
  // "aux_key 1".
  std::string words() const;
};

class ForwardingHash : public HashUnderTest {
 public:
  explicit ForwardingHash(std::unique_ptr<HashUnderTest> inner) : inner_(std::move(inner)) {}

  std::string name() const override { return inner_->name(); }
  Capabilities capabilities() const override { return inner_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override;
  Expected<Done> set_written_position(const std::string& fen, bool chess960) override;
  Expected<Done> make_move(std::string_view uci) override;
  Expected<Done> unmake_move() override;
  Expected<Key> key() override;
  Expected<KeyTicket> request_key() override;
  Expected<Key> collect_key(KeyTicket ticket) override;
  Expected<KeyTicket> request_key_of(std::string_view fen, bool chess960) override;
  Expected<Key> pawn_key() override;
  Expected<Key> material_key() override;
  Expected<Key> aux_key(std::size_t index) override;

 protected:
  // The route this instance stands on: the FEN last set (or asked a key of) and the moves made
  // since. The hooks see a move being made already on it; a move the door refused is taken off.
  const Route& route() const { return route_; }
  // Ends the door behind this one now (for a destructor that watches that end too).
  void destroy_inner() { inner_.reset(); }

  // Before each call: an error returned is the call's answer, and the door behind is not called.
  virtual std::optional<Error> before(const DoorCall&) { return std::nullopt; }
  // After each call that went to the door behind, whether it returned or threw.
  virtual void after(const DoorCall&) {}
  // Inside the handler of an exception the door behind threw: the error to answer with instead.
  // The default throws it on.
  virtual Error caught(const DoorCall&) { throw; }

 private:
  template <class T, class Call>
  Expected<T> forward(const DoorCall& call, Call&& to_inner);

  std::unique_ptr<HashUnderTest> inner_;
  Route route_;
};

}  // namespace zobrist_verify
