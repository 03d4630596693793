// Targets with planted faults and conventions, shared by the tests of isolation, convention
// detection and third-party checks.
#pragma once

#include <chrono>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties::test_targets {

inline KeyScheme polyglot_with_rule(EnPassantRule rule) {
  KeyScheme scheme = polyglot_scheme();
  scheme.en_passant_rule = rule;
  return scheme;
}

// A split en-passant rule, as outside trials found in five real implementations: the keys of
// `on_set` while the position is the one set from a FEN (before any move, or once every move is
// taken back, as a saved key is restored), and those of `on_move` after a move.
class SplitRoute final : public HashUnderTest {
 public:
  SplitRoute(std::string name, std::unique_ptr<HashUnderTest> on_set,
             std::unique_ptr<HashUnderTest> on_move)
      : name_(std::move(name)), on_set_(std::move(on_set)), on_move_(std::move(on_move)) {}
  std::string name() const override { return name_; }
  Capabilities capabilities() const override { return on_move_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    depth_ = 0;
    if (auto done = on_set_->set_position(fen, chess960); !done) return done;
    return on_move_->set_position(fen, chess960);
  }
  Expected<Done> make_move(std::string_view uci) override {
    if (auto done = on_set_->make_move(uci); !done) return done;
    ++depth_;
    return on_move_->make_move(uci);
  }
  Expected<Done> unmake_move() override {
    if (auto done = on_set_->unmake_move(); !done) return done;
    --depth_;
    return on_move_->unmake_move();
  }
  Expected<Key> key() override { return depth_ == 0 ? on_set_->key() : on_move_->key(); }
  Expected<Key> pawn_key() override { return on_move_->pawn_key(); }
  Expected<Key> material_key() override { return on_move_->material_key(); }
  Expected<Key> aux_key(std::size_t i) override { return on_move_->aux_key(i); }

 private:
  std::string name_;
  std::unique_ptr<HashUnderTest> on_set_, on_move_;
  int depth_ = 0;
};

// The split a real library had: the legal rule when a FEN is set, pseudo-legal after a move.
inline std::unique_ptr<HashUnderTest> legal_on_set_pseudo_on_move() {
  static const KeyScheme legal = polyglot_with_rule(EnPassantRule::Legal);
  return std::make_unique<SplitRoute>("mixed", make_reference_hash(legal),
                                      make_reference_hash(polyglot_scheme()));
}

// A target whose board is a reference Game keyed by `scheme`: set_position and make_move play on
// it; the derived class says what key() reports.
class GameBacked : public HashUnderTest {
 public:
  explicit GameBacked(const KeyScheme& scheme) : scheme_(scheme) {}
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    if (auto errors = game_.set(fen, scheme_, FenOptions{chess960}); !errors.empty())
      return Error{format_errors(errors)};
    return Done{};
  }
  Expected<Done> make_move(std::string_view uci) override {
    if (auto m = game_.play_uci(uci); !m) return Error{m.error()};
    return Done{};
  }

 protected:
  const KeyScheme& scheme_;
  Game game_;
};

// Stockfish's printed key: folds the halfmove clock in from 14 on.
class PrintedStockfishKey final : public GameBacked {
 public:
  PrintedStockfishKey() : GameBacked(stockfish_scheme()) {}
  std::string name() const override { return "printed"; }
  Capabilities capabilities() const override { return {}; }
  Expected<Done> unmake_move() override { return Error{"no unmake"}; }
  Expected<Key> key() override { return game_.position().printed_key(); }
};

// Polyglot's keys with the kings left out of the material key, as some engines do: 0 with bare
// kings. With `from_key`, also left out of the key, whose turn key is hashed for Black to move
// instead of White: the key is then 0 with bare kings and White to move.
class KingsLeftOut final : public GameBacked {
 public:
  explicit KingsLeftOut(bool from_key) : GameBacked(polyglot_scheme()), from_key_(from_key) {}
  std::string name() const override { return "kings-left-out"; }
  Capabilities capabilities() const override {
    Capabilities caps;
    caps.unmake = caps.null_move = caps.pawn_key = caps.material_key = true;
    return caps;
  }
  Expected<Done> unmake_move() override {
    if (!game_.undo()) return Error{"no move to take back"};
    return Done{};
  }
  Expected<Key> key() override {
    const Position& pos = game_.position();
    const KeyScheme& z = polyglot_scheme();
    if (!from_key_) return pos.key();
    return pos.key() ^ z.psq[WhiteKing][pos.king_square(White)] ^
           z.psq[BlackKing][pos.king_square(Black)] ^ z.side_white ^ z.side_black;
  }
  Expected<Key> pawn_key() override { return game_.position().pawn_key(); }
  Expected<Key> material_key() override {
    const KeyScheme& z = polyglot_scheme();
    return game_.position().material_key() ^ z.psq[WhiteKing][0] ^ z.psq[BlackKing][0];
  }

 private:
  bool from_key_;
};

inline Target kings_left_out_target(bool from_key) {
  Target target;
  target.name = from_key ? "kings-left-out-of-every-key" : "kings-left-out-of-material-key";
  target.make = [from_key] { return std::make_unique<KingsLeftOut>(from_key); };
  return target;  // black box
}

enum class Fault {
  AbortOnPromotion,
  SegfaultOnCastling,
  HangOnEnPassantKey,
  RefuseEnPassantFens,  // a few percent of the FENs the suite sends
  RefuseBlackToMove,    // about half of them
  HistoryOf4096Plies,   // refuses a move past 4096 since its FEN, as a bounded history would
};

// The reference with one planted fault.
class Faulty final : public HashUnderTest {
 public:
  explicit Faulty(Fault fault) : inner_(make_reference_hash(polyglot_scheme())), fault_(fault) {}

  std::string name() const override { return "faulty"; }
  Capabilities capabilities() const override { return inner_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    last_move_.clear();
    plies_ = 0;
    if (fault_ == Fault::RefuseEnPassantFens && split_ep(fen) != "-")
      return Error{"this engine takes no en-passant squares in FENs"};
    if (fault_ == Fault::RefuseBlackToMove && fen.find(" b ") != std::string_view::npos)
      return Error{"this engine plays White only"};
    return inner_->set_position(fen, chess960);
  }
  Expected<Done> make_move(std::string_view uci) override {
    if (fault_ == Fault::AbortOnPromotion && uci.size() == 5) std::abort();
    if (fault_ == Fault::SegfaultOnCastling && (uci == "e1g1" || uci == "e8g8")) {
      volatile int* nowhere = nullptr;
      *nowhere = 1;
    }
    if (fault_ == Fault::HistoryOf4096Plies && plies_ == 4096)
      return Error{"the game history is full (4096 plies)"};
    last_move_ = uci;
    Expected<Done> done = inner_->make_move(uci);
    if (done) ++plies_;
    return done;
  }
  Expected<Done> unmake_move() override {
    Expected<Done> done = inner_->unmake_move();
    if (done) --plies_;
    return done;
  }
  Expected<Key> key() override {
    if (fault_ == Fault::HangOnEnPassantKey && last_move_.size() == 4 && last_move_[1] == '2' &&
        last_move_[3] == '4')
      std::this_thread::sleep_for(std::chrono::hours(1));
    return inner_->key();
  }
  Expected<Key> pawn_key() override { return inner_->pawn_key(); }
  Expected<Key> material_key() override { return inner_->material_key(); }
  Expected<Key> aux_key(std::size_t i) override { return inner_->aux_key(i); }

 private:
  static std::string split_ep(std::string_view fen) {
    std::size_t field = 0, begin = 0;
    for (std::size_t i = 0; i <= fen.size(); ++i)
      if (i == fen.size() || fen[i] == ' ') {
        if (field++ == 3) return std::string(fen.substr(begin, i - begin));
        begin = i + 1;
      }
    return "-";
  }
  std::unique_ptr<HashUnderTest> inner_;
  Fault fault_;
  std::string last_move_;
  int plies_ = 0;  // moves made since the FEN
};

inline Target faulty_target(Fault fault) {
  Target target;
  target.name = "faulty";
  target.make = [fault] { return std::make_unique<Faulty>(fault); };
  target.replay_words = {"zobrist-verify", "replay", "--no-isolation", "--plugin", "faulty.so"};
  return target;
}

// A target behind a pipe, as an engine is: keys are asked for and read later, and a FEN with an
// en-passant square (a few percent of those the suite sends) is refused only when the key it went
// with is read (HashUnderTest::request_key_of). Until the next FEN it then has no position, as an
// engine that kept its old one answers nothing the suite could use.
class RefusesLate final : public HashUnderTest {
 public:
  // With `dies_at_pieces`, the key of every position with that many pieces comes back as a crash.
  explicit RefusesLate(int dies_at_pieces = 0)
      : inner_(make_reference_hash(polyglot_scheme())), dies_at_pieces_(dies_at_pieces) {}
  std::string name() const override { return "refuses-late"; }
  Capabilities capabilities() const override {
    Capabilities caps;
    caps.pipelined = true;
    return caps;
  }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    if (refuses(fen)) return refusal();
    lost_ = false;
    if (dies_at_pieces_) (void)board_.set(fen, polyglot_scheme(), FenOptions{.chess960 = chess960});
    return inner_->set_position(fen, chess960);
  }
  Expected<KeyTicket> request_key_of(std::string_view fen, bool chess960) override {
    lost_ = refuses(fen) || !inner_->set_position(fen, chess960);
    if (dies_at_pieces_ && !lost_)
      (void)board_.set(fen, polyglot_scheme(), FenOptions{.chess960 = chess960});
    return request_key();
  }
  Expected<Done> make_move(std::string_view uci) override {
    if (lost_) return Done{};  // taken as an engine door takes it, and lost with the position
    if (dies_at_pieces_) (void)board_.play_uci(uci);
    return inner_->make_move(uci);
  }
  Expected<Done> unmake_move() override { return Error{"no unmake"}; }
  Expected<Key> key() override {
    if (lost_) return refusal();
    if (dies_at_pieces_ && popcount(board_.position().pieces()) == dies_at_pieces_)
      return Error{"it died on a position of " + std::to_string(dies_at_pieces_) + " pieces",
                   ErrorKind::Crashed};
    return inner_->key();
  }
  Expected<KeyTicket> request_key() override {
    answers_.emplace(next_, key());
    return KeyTicket{next_++};
  }
  Expected<Key> collect_key(KeyTicket ticket) override {
    const auto it = answers_.find(ticket.id);
    if (it == answers_.end()) return Error{"no such ticket", ErrorKind::AnsweredBadly};
    Expected<Key> key = std::move(it->second);
    answers_.erase(it);
    return key;
  }

 private:
  static bool refuses(std::string_view fen) {
    std::size_t field = 0, at = 0;
    for (; at < fen.size() && field < 3; ++at) field += fen[at] == ' ';
    return at < fen.size() && fen[at] != '-';
  }
  static Error refusal() { return Error{"no en-passant squares in FENs here"}; }

  std::unique_ptr<HashUnderTest> inner_;
  int dies_at_pieces_;
  Game board_;  // with dies_at_pieces: the position, to count its pieces
  bool lost_ = false;
  std::uint64_t next_ = 1;
  std::unordered_map<std::uint64_t, Expected<Key>> answers_;  // by ticket
};

inline Target refuses_late_target(int dies_at_pieces = 0) {
  Target target;
  target.name = "refuses-late";
  target.make = [dies_at_pieces] { return std::make_unique<RefusesLate>(dies_at_pieces); };
  target.fen_refusals_tolerated = true;
  return target;
}

// The reference, except that one call of key(), the `nth` of all its instances together, comes
// back with a bit flipped: a case fails once and passes when it is run again.
class FlipsOneKey final : public HashUnderTest {
 public:
  FlipsOneKey(std::shared_ptr<int> calls, int nth)
      : inner_(make_reference_hash(polyglot_scheme())), calls_(std::move(calls)), nth_(nth) {}
  std::string name() const override { return "flips-one-key"; }
  Capabilities capabilities() const override { return inner_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    return inner_->set_position(fen, chess960);
  }
  Expected<Done> make_move(std::string_view uci) override { return inner_->make_move(uci); }
  Expected<Done> unmake_move() override { return inner_->unmake_move(); }
  Expected<Key> key() override {
    Expected<Key> key = inner_->key();
    if (key && ++*calls_ == nth_) return *key ^ 1;
    return key;
  }
  Expected<Key> pawn_key() override { return inner_->pawn_key(); }
  Expected<Key> material_key() override { return inner_->material_key(); }
  Expected<Key> aux_key(std::size_t i) override { return inner_->aux_key(i); }

 private:
  std::unique_ptr<HashUnderTest> inner_;
  std::shared_ptr<int> calls_;
  int nth_;
};

inline Target flips_one_key_target(int nth) {
  Target target;
  target.name = "flips-one-key";
  auto calls = std::make_shared<int>(0);
  target.make = [calls, nth] { return std::make_unique<FlipsOneKey>(calls, nth); };
  return target;
}

// The reference, except that make_move throws std::invalid_argument on a promotion, as a C++
// engine's adapter might.
class ThrowsOnPromotion final : public HashUnderTest {
 public:
  ThrowsOnPromotion() : inner_(make_reference_hash(polyglot_scheme())) {}
  std::string name() const override { return "throws-on-promotion"; }
  Capabilities capabilities() const override { return inner_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    return inner_->set_position(fen, chess960);
  }
  Expected<Done> make_move(std::string_view uci) override {
    if (uci.size() == 5) throw std::invalid_argument("promotions are not supported");
    return inner_->make_move(uci);
  }
  Expected<Done> unmake_move() override { return inner_->unmake_move(); }
  Expected<Key> key() override { return inner_->key(); }
  Expected<Key> pawn_key() override { return inner_->pawn_key(); }
  Expected<Key> material_key() override { return inner_->material_key(); }
  Expected<Key> aux_key(std::size_t i) override { return inner_->aux_key(i); }

 private:
  std::unique_ptr<HashUnderTest> inner_;
};

inline Target throws_on_promotion_target() {
  Target target;
  target.name = "throws-on-promotion";
  target.make = [] { return std::make_unique<ThrowsOnPromotion>(); };
  return target;
}

}  // namespace zobrist_verify::properties::test_targets
