#include "zobrist_verify/doors/xboard_dialect.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <optional>
#include <utility>

#include "reply_lines.h"
#include "zobrist_verify/doors/engine_faults.h"
#include "zobrist_verify/doors/key_reply.h"
#include "zobrist_verify/doors/xboard_engine.h"

namespace zobrist_verify {
namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

constexpr int MaxXboardReplyLines = XboardEngine::max_reply_lines;
// Separates the position's lines in a request's name (no FEN or move holds it).
constexpr std::string_view LineSeparator = "; ";

class XboardDialect final : public EngineDialect {
 public:
  XboardDialect(const EngineDoorOptions& options, KeyPattern pattern, KeyPattern fen_pattern)
      : argv_(options.argv),
        key_command_(options.key_command),
        timeout_(options.timeout),
        games_(options.xboard_new_games ? XboardGames::NewEachPosition : XboardGames::SetOnce),
        keys_(std::move(pattern), options.key_base),
        fen_pattern_(std::move(fen_pattern)) {}

  Expected<Done> start(EngineTranscript& transcript) override;
  bool running() const override { return engine_ && engine_->running(); }
  const std::string& engine_name() const override { return name_; }
  bool offers_chess960() const override { return offers_chess960_; }
  std::string key_reading() const override { return keys_.reading(); }
  std::optional<KeyBase> key_base() const override { return keys_.base(); }
  // "setboard FEN; usermove e2e4; usermove e7e5": the position's lines, as sent.
  std::string position_command(std::string_view fen, std::string_view moves) const override;
  bool send(const std::string& position_command, bool chess960,
            EngineTranscript& transcript) override;
  void stretch_replies(int factor) override { stretch_ = factor; }
  Expected<PrintedKeys> read_reply(const std::string& position_command,
                                   std::string_view expected_fen, bool chess960) override;
  KeyGroups key_groups() const override { return keys_.pattern().groups(); }
  std::string stop() override { return engine_ ? engine_->close() : "not running"; }
  std::string quit(EngineTranscript& transcript) override;

 private:
  Error stop_for(const Error& fault) { return engine_->kill(fault.message, fault.kind); }

  std::vector<std::string> argv_;
  std::string key_command_;
  Milliseconds timeout_;
  XboardGames games_;
  int stretch_ = 1;  // replies get stretch_ times timeout_ (stretch_replies)
  KeyReader keys_;   // the key pattern, and the base keys are read in
  KeyPattern fen_pattern_;
  bool keys_seen_ = false;
  std::optional<XboardEngine> engine_;
  std::string name_;
  bool offers_chess960_ = false;
  bool usermove_ = false;
  std::deque<std::uint64_t> pings_;  // the ping of each request in flight, oldest first
  std::string line_;
};

Expected<Done> XboardDialect::start(EngineTranscript& transcript) {
  const EngineTimeouts timeouts = engine_timeouts(timeout_);
  transcript.write("xboard\nprotover 2\n");
  engine_.reset();  // a stopped engine is reaped before the next one starts
  auto engine = XboardEngine::start(argv_, timeouts, {}, games_);
  if (!engine) return Error{engine.error()};
  // The rest of the handshake: the features' replies, "new", "force" and the first ping.
  for (std::size_t i = 2; i < engine->handshake_lines().size(); ++i)
    transcript.write(engine->handshake_lines()[i] + '\n');
  if (name_.empty()) name_ = engine->name();  // the first start's (engine_name())
  offers_chess960_ = engine->offers_chess960();
  usermove_ = engine->features().usermove();
  pings_.clear();
  engine_.emplace(std::move(*engine));
  return Done{};
}

std::string XboardDialect::position_command(std::string_view fen, std::string_view moves) const {
  std::string command;
  for (const std::string& line : xboard_position_lines(fen, moves, usermove_))
    command += (command.empty() ? "" : std::string(LineSeparator)) + line;
  return command;
}

bool XboardDialect::send(const std::string& position_command, bool chess960,
                         EngineTranscript& transcript) {
  if (!running()) return false;
  std::vector<std::string> lines = engine_->game_lines(chess960);
  for (std::string_view rest = position_command; !rest.empty();) {
    const std::size_t end = rest.find(LineSeparator);
    lines.emplace_back(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view{}
                                         : rest.substr(end + LineSeparator.size());
  }
  lines.push_back(key_command_);
  std::uint64_t ping = 0;
  lines.push_back(engine_->next_ping(ping));
  pings_.push_back(ping);
  for (const std::string& line : lines) transcript.write(line + '\n');
  return engine_->send_lines(lines).has_value();
}

Expected<PrintedKeys> XboardDialect::read_reply(const std::string& position_command,
                                                std::string_view expected_fen, bool chess960) {
  const std::string asked = "'" + position_command + "' then '" + key_command_ + "'";
  if (!running() || pings_.empty()) return not_running_for(asked);
  const std::uint64_t ping = pings_.front();
  pings_.pop_front();
  const Milliseconds timeout = timeout_ * stretch_;
  const auto deadline = Clock::now() + timeout;
  KeyReply reply(keys_, fen_pattern_, name_, asked, key_command_);
  for (int count = 0; count < MaxXboardReplyLines; ++count) {
    if (auto read = next_reply_line(*engine_, line_, deadline, name_, asked, timeout); !read)
      return reply_cut_short(*engine_, reply, read.failure());
    if (std::optional<std::uint64_t> pong = pong_number(line_)) {
      if (*pong != ping)
        return stop_for(reply.out_of_step(
            line_, "where 'pong " + std::to_string(ping) +
                       "' was to end its reply (a pong no request was waiting for)"));
      KeyReply::Outcome outcome = reply.finish(expected_fen, chess960, keys_seen_, line_, true);
      if (outcome.stop_engine) return stop_for(outcome.key.failure());
      if (!outcome.key) return outcome.key.failure();
      return PrintedKeys{*outcome.key, outcome.pawn, outcome.material};
    }
    if (std::optional<std::string> why = reply.take(line_, xboard_reports_error(line_)))
      return stop_for(reply.out_of_step(line_, *why));
  }
  return stop_for(reply_flooded(name_, asked, MaxXboardReplyLines, "pong " + std::to_string(ping)));
}

std::string XboardDialect::quit(EngineTranscript& transcript) {
  return quit_engine(engine_, transcript);
}

}  // namespace

Expected<std::unique_ptr<EngineDialect>> make_xboard_dialect(const EngineDoorOptions& options) {
  auto patterns = compile_reply_patterns(options);
  if (!patterns) return Error{patterns.error()};
  return std::unique_ptr<EngineDialect>(
      std::make_unique<XboardDialect>(options, std::move(patterns->key), std::move(patterns->fen)));
}

}  // namespace zobrist_verify
