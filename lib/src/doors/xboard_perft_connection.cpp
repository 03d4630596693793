// The xboard side of the perft door (perft_connection.h): an XboardEngine behind the
// PerftConnection interface, its game (Chess960 or standard) set when opened and started again
// before each position ("new", the variant, "force"), unless XboardGames::SetOnce.
#include <cstdint>
#include <utility>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/engine_faults.h"
#include "zobrist_verify/doors/perft_connection.h"
#include "zobrist_verify/doors/xboard_engine.h"
#include "zobrist_verify/doors/xboard_protocol.h"

namespace zobrist_verify {
namespace {

class XboardPerftConnection final : public PerftConnection {
 public:
  XboardPerftConnection(XboardEngine engine, EngineTimeouts timeouts, bool chess960,
                        XboardGames games)
      : engine_(std::move(engine)), timeouts_(timeouts), chess960_(chess960), games_(games) {}

  const std::string& engine_name() const override { return engine_.name(); }
  bool running() const override { return engine_.running(); }
  std::string position_command(std::string_view fen, std::string_view uci_moves) const override {
    std::string text;
    for (const std::string& line : xboard_position_lines(fen == "startpos" ? StartFen : fen,
                                                         uci_moves, engine_.features().usermove()))
      text += (text.empty() ? "" : "\n") + line;
    return text;
  }
  std::vector<std::string> game_lines() override {
    if (games_ == XboardGames::SetOnce) return {};
    return engine_.game_lines(chess960_);
  }
  Expected<Done> send_lines(const std::vector<std::string>& lines) override {
    return engine_.send_lines(lines);
  }
  Expected<std::string> read_line(std::chrono::milliseconds timeout) override {
    return engine_.read_line(timeout);
  }
  Expected<Done> fence() override {
    if (auto fenced = engine_.fence(timeouts_.reply); !fenced) return fenced.failure();
    return Done{};
  }
  Expected<std::vector<std::string>> fence_lines(std::chrono::milliseconds timeout) override {
    return engine_.fence(timeout);
  }
  bool refuses(std::string_view line) const override { return xboard_reports_error(line); }
  std::string reply_fence() override { return engine_.next_ping(reply_ping_); }
  bool has_reply_fence() const override { return true; }
  bool answers_reply_fence(std::string_view line) const override {
    return reply_ping_ != 0 && pong_number(line) == reply_ping_;
  }
  Error kill(std::string why, ErrorKind kind) override {
    return engine_.kill(std::move(why), kind);
  }
  std::string close() override { return engine_.close(); }

 private:
  XboardEngine engine_;
  EngineTimeouts timeouts_;
  bool chess960_;
  XboardGames games_;
  std::uint64_t reply_ping_ = 0;  // the number of the last reply_fence(), 0 before any
};

}  // namespace

Expected<std::unique_ptr<PerftConnection>> open_xboard_perft_connection(
    const std::vector<std::string>& argv, EngineTimeouts timeouts, bool chess960, SentLinesTap tap,
    XboardGames games) {
  auto engine = XboardEngine::start(argv, timeouts, std::move(tap), games);
  if (!engine) return Error{engine.error()};
  if (chess960 && !engine->offers_chess960()) {
    engine->close();
    return Error{engine_words(engine->name()) +
                 " does not announce the fischerandom variant (feature variants), so it cannot " +
                 "be given Chess960 positions over xboard"};
  }
  // With SetOnce the game is set here, once: every position after it is a "setboard". Otherwise
  // each position brings its own (game_lines).
  if (games == XboardGames::SetOnce) {
    if (auto sent = engine->send_lines(engine->game_lines(chess960)); !sent)
      return Error{sent.error()};
    if (auto fenced = engine->fence(timeouts.handshake); !fenced) return Error{fenced.error()};
  }
  return std::unique_ptr<PerftConnection>(
      std::make_unique<XboardPerftConnection>(std::move(*engine), timeouts, chess960, games));
}

}  // namespace zobrist_verify
