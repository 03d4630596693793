// The UCI side of the perft door (perft_connection.h): a UciEngine behind the PerftConnection
// interface.
#include <utility>

#include "zobrist_verify/doors/engine_faults.h"
#include "zobrist_verify/doors/engine_perft.h"
#include "zobrist_verify/doors/perft_connection.h"
#include "zobrist_verify/doors/uci_engine.h"

namespace zobrist_verify {
namespace {

class UciPerftConnection final : public PerftConnection {
 public:
  explicit UciPerftConnection(UciEngine engine) : engine_(std::move(engine)) {}

  const std::string& engine_name() const override { return engine_.name(); }
  bool running() const override { return engine_.running(); }
  std::string position_command(std::string_view fen, std::string_view uci_moves) const override {
    return zobrist_verify::position_command(fen, uci_moves);
  }
  Expected<Done> send_lines(const std::vector<std::string>& lines) override {
    return engine_.send_lines(lines);
  }
  Expected<std::string> read_line(std::chrono::milliseconds timeout) override {
    return engine_.read_line(timeout);
  }
  bool take_buffered_line(std::string& line) override { return engine_.take_buffered_line(line); }
  Expected<Done> fence() override { return engine_.wait_ready(); }
  Expected<std::vector<std::string>> fence_lines(std::chrono::milliseconds timeout) override {
    return engine_.lines_before_ready(timeout);
  }
  bool refuses(std::string_view line) const override { return is_perft_refusal_line(line); }
  Error kill(std::string why, ErrorKind kind) override {
    return engine_.kill(std::move(why), kind);
  }
  std::string close() override { return engine_.close(); }

 private:
  UciEngine engine_;
};

}  // namespace

Expected<std::unique_ptr<PerftConnection>> open_uci_perft_connection(
    const std::vector<std::string>& argv, EngineTimeouts timeouts, bool chess960,
    SentLinesTap tap) {
  auto engine = UciEngine::start(argv, timeouts, std::move(tap));
  if (!engine) return Error{engine.error()};
  if (chess960 && !engine->has_option("UCI_Chess960"))
    return Error{engine_words(engine->name()) +
                 " offers no UCI_Chess960 option, so it cannot be given Chess960 positions"};
  if (engine->has_option("UCI_Chess960")) {
    if (auto sent = engine->send_line(std::string("setoption name UCI_Chess960 value ") +
                                      (chess960 ? "true" : "false"));
        !sent)
      return Error{sent.error()};
    if (auto ready = engine->wait_ready(timeouts.handshake); !ready) return ready.failure();
  }
  return std::unique_ptr<PerftConnection>(std::make_unique<UciPerftConnection>(std::move(*engine)));
}

}  // namespace zobrist_verify
