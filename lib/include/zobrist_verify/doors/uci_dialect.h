// The UCI dialect of the engine door: the "uci" / "isready" handshake, UCI_Chess960 switched as
// a request needs it, "position fen <FEN> moves <moves>", the key command (Stockfish's `d`) and
// "isready", and a reply read up to "readyok" for the one line matching the key pattern. A line
// reporting an error, or a position shown (the FEN pattern) other than the one sent, makes the
// reply a refusal (reply_checks.h); a "readyok" with no key before it, or a second key or FEN in
// one reply, shows the replies out of step with the requests: a fault (AnsweredBadly) that stops
// the engine. Everything else (requests in flight, blame, replay, restarts) is the pipeline's.
#pragma once

#include <memory>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/pipelined_connection.h"

namespace zobrist_verify {

// Reads argv, key_command, key_pattern, fen_pattern and timeout of the options; the error says why
// they cannot be used (a malformed key or FEN pattern, or key command). The engine starts later,
// when the connection starts.
[[nodiscard]] Expected<std::unique_ptr<EngineDialect>> make_uci_dialect(
    const EngineDoorOptions& options);

}  // namespace zobrist_verify
