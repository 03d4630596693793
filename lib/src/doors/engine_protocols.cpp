// The engine door's protocols, one row each (engine_protocols.h).
#include "zobrist_verify/doors/engine_protocols.h"

#include <array>

#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/protocol_hint.h"
#include "zobrist_verify/doors/uci_dialect.h"
#include "zobrist_verify/doors/xboard_dialect.h"

namespace zobrist_verify {

namespace {

constexpr std::array<std::string_view, 3> UciHandshake = {"id", "option", "uciok"};
constexpr std::array<std::string_view, 2> XboardHandshake = {"feature", "pong"};

Expected<std::unique_ptr<PerftConnection>> open_uci_perft(const std::vector<std::string>& argv,
                                                          EngineTimeouts timeouts, bool chess960,
                                                          SentLinesTap tap, XboardGames) {
  return open_uci_perft_connection(argv, timeouts, chess960, std::move(tap));
}

const std::array<EngineProtocolRow, 2> Protocols = {{
    {EngineProtocol::Uci, "uci", "UCI", "a UCI engine", UciHandshake, is_uci_line, make_uci_dialect,
     open_uci_perft, ""},
    {EngineProtocol::Xboard, "xboard", "xboard", "an xboard (CECP) engine", XboardHandshake,
     is_xboard_line, make_xboard_dialect, open_xboard_perft_connection,
     "xboard has no standard perft command (Sjaak II: --perft-command 'perft {depth}')",
     /*takes_games_option=*/true, /*named_in_door=*/true,
     "standard chess only (it announces no variant fischerandom)"},
}};

}  // namespace

std::span<const EngineProtocolRow> engine_protocols() {
  return Protocols;
}

const EngineProtocolRow& engine_protocol(EngineProtocol protocol) {
  for (const EngineProtocolRow& row : Protocols)
    if (row.protocol == protocol) return row;
  return Protocols.front();  // every value has its row (protocol_table_test)
}

Expected<EngineProtocol> parse_engine_protocol(std::string_view word) {
  std::string others;
  for (const EngineProtocolRow& row : Protocols) {
    if (row.name == word) return row.protocol;
    if (&row != &Protocols.front()) others += std::string(others.empty() ? "" : " or ") += row.name;
  }
  return Error{"'" + visible_text(word) + "' is not a protocol (" +
               std::string(Protocols.front().name) + ", the default, or " + others + ")"};
}

std::string protocol_option_words(const EngineProtocolRow& row) {
  return "--protocol " + std::string(row.name) +
         (&row == &Protocols.front() ? " (the default)" : "");
}

}  // namespace zobrist_verify
