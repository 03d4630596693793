// The UCI dialect of the engine door: the "uci" / "isready" handshake, UCI_Chess960 switched as
// a request needs it, "position fen <FEN> moves <moves>", the key command (Stockfish's `d`) and
// "isready", and a reply read up to "readyok" for the one line matching the key pattern.
// Everything else (requests in flight, blame, replay, restarts) is the pipeline's.
#pragma once

#include <memory>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/pipelined_connection.h"

namespace zobrist_verify {

// Reads argv, key_command, key_pattern and timeout of the options; the error says why they
// cannot be used (a malformed key pattern or key command). The engine starts later, when the
// connection starts.
[[nodiscard]] Expected<std::unique_ptr<EngineDialect>> make_uci_dialect(
    const EngineDoorOptions& options);

}  // namespace zobrist_verify
