#include "zobrist_verify/doors/forwarding_hash.h"

namespace zobrist_verify {

std::string DoorCall::words() const {
  switch (kind) {
    case Kind::SetPosition:
      return "set_position";
    case Kind::MakeMove:
      return "make_move " + std::string(move);
    case Kind::UnmakeMove:
      return "unmake_move";
    case Kind::Key:
      return "key";
    case Kind::PawnKey:
      return "pawn_key";
    case Kind::MaterialKey:
      return "material_key";
    case Kind::AuxKey:
      return "aux_key " + std::to_string(index);
  }
  return "key";
}

template <class T, class Call>
Expected<T> ForwardingHash::forward(const DoorCall& call, Call&& to_inner) {
  if (std::optional<Error> refused = before(call)) return std::move(*refused);
  // after() runs however the call ends, an exception included.
  struct After {
    ForwardingHash& self;
    const DoorCall& call;
    ~After() { self.after(call); }
  } after_call{*this, call};
  try {
    return to_inner();
  } catch (...) {
    return caught(call);
  }
}

Expected<Done> ForwardingHash::set_position(std::string_view fen, bool chess960) {
  route_ = Route{std::string(fen), chess960, {}};
  return forward<Done>(DoorCall(DoorCall::Kind::SetPosition),
                       [&] { return inner_->set_position(fen, chess960); });
}

Expected<Done> ForwardingHash::set_written_position(const std::string& fen, bool chess960) {
  route_ = Route{fen, chess960, {}};
  return forward<Done>(DoorCall(DoorCall::Kind::SetPosition),
                       [&] { return inner_->set_written_position(fen, chess960); });
}

Expected<KeyTicket> ForwardingHash::request_key_of(std::string_view fen, bool chess960) {
  route_ = Route{std::string(fen), chess960, {}};
  return forward<KeyTicket>(DoorCall(DoorCall::Kind::SetPosition),
                            [&] { return inner_->request_key_of(fen, chess960); });
}

Expected<Done> ForwardingHash::make_move(std::string_view uci) {
  route_.moves.emplace_back(uci);
  Expected<Done> done = forward<Done>(DoorCall(DoorCall::Kind::MakeMove, uci),
                                      [&] { return inner_->make_move(uci); });
  if (!done) route_.moves.pop_back();  // a refused move is not on the route
  return done;
}

Expected<Done> ForwardingHash::unmake_move() {
  Expected<Done> done =
      forward<Done>(DoorCall(DoorCall::Kind::UnmakeMove), [&] { return inner_->unmake_move(); });
  if (done && !route_.moves.empty()) route_.moves.pop_back();
  return done;
}

Expected<Key> ForwardingHash::key() {
  return forward<Key>(DoorCall(DoorCall::Kind::Key), [&] { return inner_->key(); });
}

Expected<KeyTicket> ForwardingHash::request_key() {
  return forward<KeyTicket>(DoorCall(DoorCall::Kind::Key), [&] { return inner_->request_key(); });
}

Expected<Key> ForwardingHash::collect_key(KeyTicket ticket) {
  return forward<Key>(DoorCall(DoorCall::Kind::Key), [&] { return inner_->collect_key(ticket); });
}

Expected<Key> ForwardingHash::pawn_key() {
  return forward<Key>(DoorCall(DoorCall::Kind::PawnKey), [&] { return inner_->pawn_key(); });
}

Expected<Key> ForwardingHash::material_key() {
  return forward<Key>(DoorCall(DoorCall::Kind::MaterialKey),
                      [&] { return inner_->material_key(); });
}

Expected<Key> ForwardingHash::aux_key(std::size_t index) {
  return forward<Key>(DoorCall(DoorCall::Kind::AuxKey, {}, index),
                      [&] { return inner_->aux_key(index); });
}

}  // namespace zobrist_verify
