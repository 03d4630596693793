#include "zobrist_verify/doors/engine_hash.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <utility>

#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/castling_letters.h"
#include "zobrist_verify/doors/engine_protocols.h"

namespace zobrist_verify {

EngineConnection::EngineConnection(std::unique_ptr<EngineDialect> dialect,
                                   EngineDoorOptions options)
    : PipelinedConnection(std::move(dialect), std::move(options)) {}

Expected<std::shared_ptr<EngineConnection>> EngineConnection::open(EngineDoorOptions options) {
  auto dialect = engine_protocol(options.protocol).dialect(options);
  if (!dialect) return Error{dialect.error()};
  std::shared_ptr<EngineConnection> connection(
      new EngineConnection(std::move(*dialect), std::move(options)));
  if (auto started = connection->start(); !started) return Error{started.error()};
  return connection;
}

namespace {

class EngineHash final : public HashUnderTest {
 public:
  EngineHash(std::shared_ptr<PipelinedConnection> connection, CastlingLetters letters)
      : connection_(std::move(connection)), letters_(letters) {}
  ~EngineHash() override {
    for (const Outstanding& o : outstanding_) connection_->forget(KeyTicket{o.id});
  }
  EngineHash(const EngineHash&) = delete;
  EngineHash& operator=(const EngineHash&) = delete;

  std::string name() const override { return "engine:" + connection_->engine_name(); }

  Capabilities capabilities() const override {
    Capabilities caps;
    caps.chess960 = connection_->offers_chess960();
    caps.pipelined = true;
    // The keys the key pattern names besides the main one (Glaurung's "pawn key: N").
    caps.pawn_key = connection_->prints_pawn_key();
    caps.material_key = connection_->prints_material_key();
    return caps;
  }

  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    if (auto taken = take_fen(fen, chess960); !taken) return taken;
    return take_start_position();
  }

  // The FEN goes to the engine with the key request, and the answer, a refusal included, is
  // read when the ticket is collected: a run of fresh positions does not wait on each.
  Expected<KeyTicket> request_key_of(std::string_view fen, bool chess960) override {
    if (auto taken = take_fen(fen, chess960); !taken) return taken.failure();
    ++lines_;
    start_key_.reset();
    std::string seen = seen_as(chess960_, start_fen_);
    if (auto refused = connection_->refused_fens().find(seen);
        refused != connection_->refused_fens().end())
      return refused->second;
    const KeyTicket ticket = connection_->request(start_fen_, "", chess960_, start_fen_);
    Outstanding asked{ticket.id, lines_, 0, false, start_fen_, {}};
    if (!connection_->accepted_fens().contains(seen)) asked.judges_fen = std::move(seen);
    outstanding_.push_back(std::move(asked));
    return ticket;
  }

  Expected<Done> make_move(std::string_view uci) override {
    // Every tail_plies moves the FEN is kept, as the base of later position commands.
    std::string checkpoint;
    const std::size_t every = std::size_t(std::max(1, connection_->tail_plies()));
    if (!moves_.empty() && moves_.size() % every == 0)
      checkpoint = with_chess960_castling(game_.position().fen(), game_.position(), letters_);
    Expected<Move> move = game_.play_uci(uci);
    if (!move) return Error{move.error()};
    current_keys_.reset();
    if (!checkpoint.empty()) checkpoints_.emplace_back(moves_.size(), std::move(checkpoint));
    moves_.push_back(move_to_uci(*move, chess960_));
    return Done{};
  }

  Expected<Done> unmake_move() override {
    return Error{"a UCI engine has no unmake: the door sends each position afresh"};
  }

  // The keys of the current position are read from one reply: key() asks for them, and
  // pawn_key() and material_key() give what that reply held (asking first when key() has not).
  Expected<Key> key() override {
    Expected<PrintedKeys> keys = current_keys();
    if (!keys) return keys.failure();
    return keys->key;
  }

  Expected<Key> pawn_key() override {
    if (!connection_->prints_pawn_key()) return HashUnderTest::pawn_key();
    Expected<PrintedKeys> keys = current_keys_ ? *current_keys_ : current_keys();
    if (!keys) return keys.failure();
    return *keys->pawn;
  }

  Expected<Key> material_key() override {
    if (!connection_->prints_material_key()) return HashUnderTest::material_key();
    Expected<PrintedKeys> keys = current_keys_ ? *current_keys_ : current_keys();
    if (!keys) return keys.failure();
    return *keys->material;
  }

  Expected<KeyTicket> request_key() override {
    if (start_fen_.empty()) return Error{"no position was set"};
    // The base is the latest checkpoint before the last move (the start FEN, as given, before
    // the first): the command plays 1 to tail_plies moves.
    if (moves_.empty() && start_key_) {
      // The key read when the FEN was taken.
      const KeyTicket ticket = connection_->known(std::move(*start_key_));
      start_key_.reset();
      return ticket;
    }
    std::size_t base = 0;
    const std::string* fen = &start_fen_;
    for (auto it = checkpoints_.rbegin(); it != checkpoints_.rend() && !connection_->whole_lines();
         ++it) {
      if (it->first < moves_.size()) {
        base = it->first;
        fen = &it->second;
        break;
      }
    }
    std::string moves;
    for (std::size_t i = base; i < moves_.size(); ++i) {
      if (!moves.empty()) moves += ' ';
      moves += moves_[i];
    }
    std::string expected = game_.position().fen();
    const KeyTicket ticket = connection_->request(*fen, moves, chess960_, expected);
    outstanding_.push_back({ticket.id, lines_, moves_.size(), base > 0, std::move(expected), {}});
    return ticket;
  }

  Expected<Key> collect_key(KeyTicket ticket) override {
    Expected<PrintedKeys> keys = collect_keys(ticket);
    if (!keys) return keys.failure();
    return keys->key;
  }

 private:
  // A key asked for and not collected yet.
  struct Outstanding {
    std::uint64_t id = 0;
    std::uint64_t line = 0;  // lines_ when asked
    std::size_t plies = 0;   // moves played when asked
    bool from_checkpoint = false;
    std::string fen;  // the position asked for, as the reference writes it
    // For request_key_of's request of a FEN the engine has not answered before: the FEN as
    // refused_fens and accepted_fens know it, to be filed there by the answer.
    std::string judges_fen;
  };

  // The keys of the current position, asked for and kept for pawn_key() and material_key().
  Expected<PrintedKeys> current_keys() {
    current_keys_.reset();
    Expected<KeyTicket> ticket = request_key();
    if (!ticket) return ticket.failure();
    Expected<PrintedKeys> keys = collect_keys(*ticket);
    if (keys) current_keys_ = *keys;
    return keys;
  }

  Expected<PrintedKeys> collect_keys(KeyTicket ticket) {
    const auto it = std::find_if(outstanding_.begin(), outstanding_.end(),
                                 [&](const Outstanding& o) { return o.id == ticket.id; });
    if (it == outstanding_.end()) return connection_->collect_keys(ticket);
    const Outstanding asked = std::move(*it);
    outstanding_.erase(it);
    Expected<PrintedKeys> key = connection_->collect_keys(ticket);
    if (!asked.judges_fen.empty()) {
      // As take_start_position: the answer to the FEN alone says whether the engine takes it.
      if (key)
        connection_->accepted_fens().insert(asked.judges_fen);
      else if (key.error_kind() == ErrorKind::Refused)
        connection_->refused_fens().emplace(asked.judges_fen, key.failure());
      return key;
    }
    if (key || key.error_kind() != ErrorKind::Refused || !asked.from_checkpoint ||
        asked.line != lines_)
      return key;
    // The engine refused a FEN the door wrote (a checkpoint), not one it was given: from now on
    // every request carries the whole line from the given FEN.
    connection_->send_whole_lines();
    std::string moves;
    for (std::size_t i = 0; i < asked.plies; ++i) moves += (i ? " " : "") + moves_[i];
    return connection_->collect_keys(connection_->request(start_fen_, moves, chess960_, asked.fen));
  }

  static std::string seen_as(bool chess960, const std::string& fen) {
    return (chess960 ? "960 " : "") + fen;
  }

  // The reference's side of set_position: the FEN parsed and kept as the engine will get it.
  Expected<Done> take_fen(std::string_view fen, bool chess960) {
    FenOptions options;
    options.chess960 = chess960;
    options.allow_unreachable = true;
    if (auto errors = game_.set(fen, polyglot_scheme(), options); !errors.empty())
      return Error{"the door's own reader rejects the FEN: " + format_errors(errors)};
    // As given, but for Chess960 castling in the run's one form (X-FEN letters make a position
    // Chess960 by themselves, and then go in UCI_Chess960 mode too).
    start_fen_ = with_chess960_castling(fen, game_.position(), letters_);
    chess960_ = game_.position().is_chess960();
    current_keys_.reset();
    moves_.clear();
    checkpoints_.clear();
    return Done{};
  }

  // Gives the engine the FEN alone and reads its reply, once for each FEN the connection sees: an
  // engine that refuses it (an error line, or another position shown: reply_checks.h) makes
  // set_position fail with kind Refused, so that the suite counts the refusal. Any other answer,
  // a fault included, is kept as the key of the position before its first move.
  Expected<Done> take_start_position() {
    ++lines_;
    start_key_.reset();
    const std::string seen = seen_as(chess960_, start_fen_);
    if (auto refused = connection_->refused_fens().find(seen);
        refused != connection_->refused_fens().end())
      return refused->second;
    if (connection_->accepted_fens().contains(seen)) return Done{};
    Expected<PrintedKeys> key =
        connection_->collect_keys(connection_->request(start_fen_, "", chess960_, start_fen_));
    if (!key && key.error_kind() == ErrorKind::Refused) {
      connection_->refused_fens().emplace(seen, key.failure());
      return key.failure();
    }
    if (key) connection_->accepted_fens().insert(seen);
    start_key_ = std::move(key);
    return Done{};
  }

  std::shared_ptr<PipelinedConnection> connection_;
  CastlingLetters letters_;
  Game game_;
  std::string start_fen_;
  bool chess960_ = false;
  std::vector<std::string> moves_;  // as sent: king-takes-rook castling in Chess960
  // (i, FEN of the position before moves_[i]) every tail_plies moves, in order.
  std::vector<std::pair<std::size_t, std::string>> checkpoints_;
  std::deque<Outstanding> outstanding_;  // in the order asked: mostly collected from the front
  std::uint64_t lines_ = 0;              // set_position calls so far
  // Read by take_start_position, not yet asked for.
  std::optional<Expected<PrintedKeys>> start_key_;
  // The keys key() read for the current position (none since a set_position or a move).
  std::optional<PrintedKeys> current_keys_;
};

}  // namespace

std::string engine_fen(std::string_view fen, bool chess960, CastlingLetters letters) {
  Position pos;
  StateInfo st;
  if (!pos.set(fen, st, polyglot_scheme(),
               FenOptions{.chess960 = chess960, .allow_unreachable = true})
           .empty())
    return std::string(fen);
  return with_chess960_castling(fen, pos, letters);
}

std::unique_ptr<HashUnderTest> make_engine_hash(std::shared_ptr<PipelinedConnection> connection,
                                                CastlingLetters letters) {
  return std::make_unique<EngineHash>(std::move(connection), letters);
}

}  // namespace zobrist_verify
