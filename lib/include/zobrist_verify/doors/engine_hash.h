// A running engine (UCI or xboard) as a HashUnderTest: the key of each position is read from what
// the engine prints after a key command (Stockfish's `d` and its "Key:" line by default). Positions
// are sent as a FEN and a short tail of moves, many of them before any reply is read. The
// connection is a PipelinedConnection (pipelined_connection.h: requests in flight, a fault blamed
// on its own position, the rest replayed alone on a fresh engine) speaking the UCI dialect
// (uci_dialect.h) or the xboard one (xboard_dialect.h), as the options' protocol says.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/castling_letters.h"
#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/doors/key_pattern.h"
#include "zobrist_verify/doors/pipelined_connection.h"

namespace zobrist_verify {

// The engine door's connection: one engine process shared by every HashUnderTest instance of
// a door, with the positions in flight. Not thread-safe, except answered().
class EngineConnection final : public PipelinedConnection {
 public:
  // Starts the engine, completes the handshake of its protocol ("uci" and one "isready"; or
  // "xboard", "protover 2", the features and one ping). The error says why the engine cannot be
  // used (it does not start, dies, hangs, lacks an xboard feature the door needs, or the key
  // pattern is malformed).
  [[nodiscard]] static Expected<std::shared_ptr<EngineConnection>> open(EngineDoorOptions options);

 private:
  EngineConnection(std::unique_ptr<EngineDialect> dialect, EngineDoorOptions options);
};

// A HashUnderTest on the connection: it remembers the FEN it was given and the moves played, and
// asks the engine for the position "<FEN a few plies back> moves <the last few moves>" (for UCI,
// "position fen ... moves ..."). Chess960 FENs go with their castling in `letters`, every one of
// them (castling_letters.h), in UCI_Chess960 mode. set_position sends each new FEN alone first,
// so that an engine refusing it fails set_position (kind Refused, counted by the suite); once the
// engine refuses a FEN the door wrote itself, every request goes from the given FEN with all the
// moves since.
std::unique_ptr<HashUnderTest> make_engine_hash(
    std::shared_ptr<PipelinedConnection> connection,
    CastlingLetters letters = CastlingLetters::Shredder);

// The FEN an engine hash with `letters` sends for `fen` (the start of a route: later positions
// go as a FEN a few plies back in the same form). Talks to no engine.
std::string engine_fen(std::string_view fen, bool chess960, CastlingLetters letters);

}  // namespace zobrist_verify
