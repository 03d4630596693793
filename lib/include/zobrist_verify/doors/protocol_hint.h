// What an engine's first lines say of the protocol it speaks, for a handshake that fails: an
// xboard engine sent UCI's "uci" (Sjeng 11.2 prints its board and waits; others answer "Illegal
// move: uci" or "Error (unknown command): uci"), or a UCI engine sent xboard's "xboard"
// (Stockfish 15.1: "Unknown command: 'xboard'. Type help for more information."; Ethereal 12 says
// nothing). Text only: the dialects' handshakes (uci_engine.cpp, xboard_engine.cpp) ask it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/doors/engine_door_options.h"

namespace zobrist_verify {

// Whether `line` refuses `command`, the handshake's first line ("uci", "xboard"): its first word
// is error, illegal, unknown or invalid (any case, a ':' after it), and one of its words, quotes
// and punctuation aside, is the command ("Illegal move: uci", "Unknown command: 'xboard'."). An
// engine that says so will not complete that handshake.
bool refuses_command(std::string_view line, std::string_view command);

// Whether a line is one only an xboard engine prints (its features and pongs, CECP's answers to a
// command it does not take, "Illegal move: uci", and its messages to the user), or only a UCI
// engine (its id, options, uciok, readyok, info and bestmove, and its refusal of "xboard"): rows
// of engine_protocols.h.
bool is_xboard_line(std::string_view line);
bool is_uci_line(std::string_view line);

// For a handshake in `sent` that failed, given the lines the engine printed: "; ..." naming the
// --protocol to give, when the lines are another protocol's ("; its reply is an xboard (CECP)
// engine's: give --protocol xboard"), or when none is the protocol's own handshake's (its row's
// handshake_words: UCI's id, option and uciok; xboard's feature and pong): then "if it is ...";
// else "".
std::string other_protocol_hint(EngineProtocol sent, const std::vector<std::string>& lines);

}  // namespace zobrist_verify
