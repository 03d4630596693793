// The xboard (CECP) dialect of the engine door: the handshake of xboard_engine.h (an engine
// without ping=1 or setboard=1 cannot be used), then for each request "setboard FEN" and its
// moves ("usermove MOVE" when the engine asked for it; "new", "force" and "variant fischerandom"
// when a request changes the game between standard chess and Chess960, which only an engine that
// announces fischerandom gets), the key command, and "ping N". The reply is every line up to
// "pong N", read by KeyReply as UCI's is up to "readyok": the numbered pong places every line
// exactly, so a pong of another number is a fault (AnsweredBadly) that stops the engine, and a
// reply without a key is only that. CECP's error lines ("Error (...): ...", "Illegal move: ...",
// "illegal position", "tellusererror ...") refuse the position. The pipeline (requests in flight,
// blame, replay, restarts) is the same as UCI's.
#pragma once

#include <memory>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/pipelined_connection.h"

namespace zobrist_verify {

// Reads argv, key_command, key_pattern, fen_pattern and timeout of the options; the error says why
// they cannot be used. The engine starts later, when the connection starts.
[[nodiscard]] Expected<std::unique_ptr<EngineDialect>> make_xboard_dialect(
    const EngineDoorOptions& options);

}  // namespace zobrist_verify
