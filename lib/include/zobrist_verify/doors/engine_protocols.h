// The protocols the engine door speaks, one row each. The door's code reads the table: the
// command line's --protocol word, the dialect that asks for keys, the perft connection that asks
// for divides, what a failed handshake hints, and how a door names the protocol. A new protocol
// is its value of EngineProtocol (engine_door_options.h), its own files (a dialect on
// PipelinedConnection, a PerftConnection) and a row of engine_protocols() (engine_protocols.cpp).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/perft_connection.h"
#include "zobrist_verify/doors/pipelined_connection.h"

namespace zobrist_verify {

struct EngineProtocolRow {
  EngineProtocol protocol;
  std::string_view name;          // --protocol's word: "uci"
  std::string_view title;         // in messages: "UCI"
  std::string_view engine_words;  // "a UCI engine"
  // The first words of its own handshake's lines (UCI's id, option, uciok): an engine that printed
  // one speaks the protocol, however slowly or badly.
  std::span<const std::string_view> handshake_words;
  // Whether a line is one only this protocol's engines print (protocol_hint.h): what tells the
  // user to give this --protocol when the handshake of another failed.
  bool (*prints_only_its_own)(std::string_view line);
  // The dialect that asks an engine for keys (check, replay).
  Expected<std::unique_ptr<EngineDialect>> (*dialect)(const EngineDoorOptions& options);
  // The perft connection that asks for divides (movegen); `games` is xboard's --no-new, which the
  // others ignore.
  Expected<std::unique_ptr<PerftConnection>> (*perft)(const std::vector<std::string>& argv,
                                                      EngineTimeouts timeouts, bool chess960,
                                                      SentLinesTap tap, XboardGames games);
  // Why movegen needs --perft-command with this protocol; empty when it has a standard one.
  std::string_view no_perft_command;
  // Whether it takes --no-new (the game set once rather than for each position).
  bool takes_games_option = false;
  // Whether a door's description names it (" over xboard"), and what it adds when the engine
  // offers no Chess960.
  bool named_in_door = false;
  std::string_view no_chess960 = {};
};

// Every protocol, the default first.
std::span<const EngineProtocolRow> engine_protocols();
const EngineProtocolRow& engine_protocol(EngineProtocol protocol);
// The protocol --protocol's word names; the error lists the words ("'x' is not a protocol (uci,
// the default, or xboard)").
[[nodiscard]] Expected<EngineProtocol> parse_engine_protocol(std::string_view word);
// "--protocol NAME", with " (the default)" for the first row's.
std::string protocol_option_words(const EngineProtocolRow& row);

}  // namespace zobrist_verify
