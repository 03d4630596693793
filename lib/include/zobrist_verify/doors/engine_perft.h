// A UCI engine's move generator through its `go perft D` divide: starting an engine for it
// (the handshake, UCI_Chess960 when asked, a first perft of the start position) and reading one
// position's divide. The engine's output is read up to its "Nodes searched:" line, never fenced
// with isready: Stockfish 15.1 and Fairy-Stockfish 11.1 run perft on a search thread and answer
// an isready sent after `go perft` before the perft lines.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/divide_comparison.h"
#include "zobrist_verify/doors/uci_engine.h"

namespace zobrist_verify {

// Starts `argv` as a UCI engine; with `chess960`, sets UCI_Chess960 (an engine that does not
// offer it is an error). Then asks for the divide of the start position at depth 1: an engine
// that cannot answer it is not usable. Every error names the engine and what failed.
[[nodiscard]] Expected<UciEngine> start_perft_engine(const std::vector<std::string>& argv,
                                                     EngineTimeouts timeouts, bool chess960);

// Whether an engine's line says it will not take the position: its first word, or the first
// after "info string", is "error", "illegal" or "invalid" (any case, a ':' after it allowed), as
// in "error Bad fen string" or "info string Invalid FEN".
bool is_perft_refusal_line(std::string_view line);

// Sends "position ..." (position_command) and "go perft D", then reads the divide up to its
// "Nodes searched:" line within `timeout`. A refusal line (is_perft_refusal_line) before any
// move is an error of kind Refused quoting it; the rest of that reply is read and an isready
// answered, so the engine stays in step. A line that is not part of a divide, a total that is
// not the sum of the counts, a timeout or an engine that dies is an error of another kind (a
// fault), and the engine is stopped (it is out of step).
[[nodiscard]] Expected<DivideCounts> engine_perft_divide(UciEngine& engine, std::string_view fen,
                                                         std::string_view uci_moves, int depth,
                                                         std::chrono::milliseconds timeout);

}  // namespace zobrist_verify
