// An xboard (CECP version 2) engine in a child process: the handshake ("xboard", "protover 2",
// each feature accepted or rejected, up to "feature done=1"), positions (as GUIs send them:
// "new", "variant fischerandom" where needed, "force", "setboard FEN", the moves as the features
// say), and the
// "ping N" / "pong N" fence, which plays the part of UCI's isready. An engine that does not
// announce ping=1 or setboard=1, or whose variants do not include normal chess, cannot be used.
// Besides the key door's dialect (xboard_dialect.h)
// it offers what a perft session needs: a position, a line out, a line in within a deadline,
// a fence, and close (those of EngineOverProcess, the process layer both dialects share).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/engine_process.h"
#include "zobrist_verify/doors/xboard_protocol.h"

namespace zobrist_verify {

// CECP: a GUI waits this long after "protover 2" for "feature done=1" unless the engine sent
// "feature done=0" (then up to the handshake timeout). Counted here from the engine's first line,
// so that an engine slower to start than this is not taken for one without features.
inline constexpr std::chrono::milliseconds XboardFeatureWait{2'000};

class XboardEngine : public EngineOverProcess {
 public:
  // Starts the engine and completes the handshake, then "new", "force" and a first fence. The
  // error says why the engine cannot be used: it does not start, dies, hangs, sends a malformed
  // feature line, lacks ping=1 or setboard=1 (named), or plays no normal chess (its variants
  // listed).
  [[nodiscard]] static Expected<XboardEngine> start(
      const std::vector<std::string>& argv, EngineTimeouts timeouts = {}, SentLinesTap tap = {},
      XboardGames games = XboardGames::NewEachPosition);

  const XboardHandshake& features() const { return features_; }
  // Every line sent to the engine by start(), in order ("xboard", "protover 2", the accepted and
  // rejected features, "new", "force", "ping 1"), for a transcript.
  const std::vector<std::string>& handshake_lines() const { return handshake_lines_; }
  // Whether it announced "fischerandom" among its variants: then a Chess960 position is set up
  // after "variant fischerandom", castling sent as king takes rook (b1h1), which Fairy-Stockfish
  // 11.1 reads (it refuses O-O).
  bool offers_chess960() const { return features_.plays_variant("fischerandom"); }

  // The lines that start a position's game, as XboardGames says: "new", "variant fischerandom"
  // for Chess960 ("variant normal" when the game before was Chess960: Fairy-Stockfish 11.1 keeps
  // the variant across "new"), "force"; with SetOnce, "new", "force" and the variant when it
  // changes, else nothing. The variant is taken as set once the lines are returned: send them.
  std::vector<std::string> game_lines(bool chess960);
  // game_lines, then "setboard FEN" and the moves ("usermove MOVE" when the engine asked for it).
  std::vector<std::string> position_lines(std::string_view fen, std::string_view uci_moves,
                                          bool chess960);
  // Sends position_lines. The engine does not answer; fence() tells it has taken them.
  [[nodiscard]] Expected<Done> set_position(std::string_view fen, std::string_view uci_moves,
                                            bool chess960 = false);

  // "ping N" with the next number, N into `number`.
  std::string next_ping(std::uint64_t& number) {
    number = ++pings_;
    return "ping " + std::to_string(number);
  }
  // Sends the next ping and reads up to its pong within `timeout`: the lines before it. A pong of
  // another number, a timeout or a death stops the engine (kinds AnsweredBadly, TimedOut,
  // Crashed), and so does a reply of more than max_reply_lines lines.
  [[nodiscard]] Expected<std::vector<std::string>> fence(std::chrono::milliseconds timeout);

 private:
  explicit XboardEngine(EngineProcess process) : EngineOverProcess(std::move(process)) {}
  [[nodiscard]] Expected<Done> handshake();
  // Sends lines of the handshake, and keeps them for handshake_lines().
  [[nodiscard]] Expected<Done> send_handshake(const std::vector<std::string>& lines);

  XboardHandshake features_;
  std::vector<std::string> handshake_lines_;
  std::uint64_t pings_ = 0;
  std::optional<bool> chess960_game_;  // the variant of the game set up last (none yet)
  XboardGames games_ = XboardGames::NewEachPosition;
};

}  // namespace zobrist_verify
