// The Ultimate tic-tac-toe session of the game suite.
#include "uttt/uttt_game.h"

#include <stdexcept>

#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::properties::games {

namespace {

std::uint64_t below(XorShift64Star& random, std::size_t n) {
  return random.next() % n;
}

// Plays one random legal move; false when the game is over.
bool play_random(UtttPlayable& position, XorShift64Star& random) {
  const std::vector<UtttMove> moves = uttt_legal_moves(position.state());
  if (moves.empty()) return false;
  return bool(position.play(moves[below(random, moves.size())]));
}

// Fills `board` of `state` again from empty by random alternate play until it closes with
// `status`, different from its present filling; false if no such filling turned up.
bool refill(UtttState& state, int board, UtttBoardStatus status, XorShift64Star& random) {
  for (int attempt = 0; attempt < 1000; ++attempt) {
    UtttState local;
    UtttMark mark = random.next() % 2 ? UtttMark::X : UtttMark::O;
    while (uttt_local_status(local, board) == UtttBoardStatus::Open) {
      std::vector<int> empty;
      for (int cell = 0; cell < 9; ++cell)
        if (local.squares[std::size_t(board * 9 + cell)] == UtttMark::Empty) empty.push_back(cell);
      local.squares[std::size_t(board * 9 + empty[below(random, empty.size())])] = mark;
      mark = mark == UtttMark::X ? UtttMark::O : UtttMark::X;
    }
    bool differs = false;
    for (int cell = 0; cell < 9; ++cell)
      differs |= local.squares[std::size_t(board * 9 + cell)] !=
                 state.squares[std::size_t(board * 9 + cell)];
    if (uttt_local_status(local, board) != status || !differs) continue;
    for (int cell = 0; cell < 9; ++cell)
      state.squares[std::size_t(board * 9 + cell)] = local.squares[std::size_t(board * 9 + cell)];
    return true;
  }
  return false;
}

std::vector<int> boards_with(const UtttState& state, bool closed) {
  std::vector<int> boards;
  for (int board = 0; board < 9; ++board)
    if ((state.status[std::size_t(board)] != UtttBoardStatus::Open) == closed)
      boards.push_back(board);
  return boards;
}

class UtttSession final : public GameSession {
 public:
  explicit UtttSession(UtttHashUnderTest hash)
      : hash_(std::move(hash)), position_(hash_.start(UtttState{})) {}

  bool begin(const std::string&, bool) override {
    position_ = hash_.start(UtttState{});
    plies_ = 0;
    return true;
  }

  std::optional<std::string> pick(std::uint64_t choice) override {
    const std::vector<UtttMove> moves = uttt_legal_moves(position_->state());
    if (moves.empty()) return std::nullopt;
    return uttt_move_name(moves[choice % moves.size()]);
  }

  void play(const std::string& name) override {
    const Expected<UtttMove> move = parse_uttt_move(name);
    if (!move) throw std::logic_error("the property generated a bad UTTT move " + name);
    if (const Expected<Done> done = position_->play(*move); !done)
      throw std::logic_error("the hash under test refused the legal move " + name + ": " +
                             done.error());
    ++plies_;
  }

  std::string position() const override { return describe_uttt_state(position_->state()); }
  std::function<std::string()> position_later() const override {
    return [state = position_->state()] { return describe_uttt_state(state); };
  }
  // What uttt_same_position compares: the board results, the sent board, the side to move and
  // the squares of open boards (a closed board's squares are written as empty).
  std::string identity() const override {
    const UtttState& state = position_->state();
    std::string bytes;
    for (int square = 0; square < 81; ++square)
      bytes += state.status[std::size_t(square / 9)] == UtttBoardStatus::Open
                   ? char(state.squares[std::size_t(square)])
                   : char(UtttMark::Empty);
    for (UtttBoardStatus status : state.status) bytes += char(status);
    bytes += char(state.sent + 1);
    bytes += char(state.to_move);
    return bytes;
  }

  AskedKeys ask_keys() override {
    AskedKeys asked;
    asked.ply = plies_ - 1;
    asked.ready[0] = position_->key();
    return asked;
  }
  AskedKeys ask_keys_from_scratch() override {
    AskedKeys asked;
    asked.ply = plies_ - 1;
    asked.ready[0] = hash_.full_key(position_->state());
    asked.from_scratch = true;
    asked.position = describe_uttt_state(position_->state());
    asked.what = "the incremental key vs the key from scratch of " + asked.position;
    return asked;
  }
  KeyParts collect(const AskedKeys& asked) override { return asked.ready; }

  void unmake() override {
    position_->unmake();
    --plies_;
  }

  // Plays on until a board is closed and refills one closed board differently; or, one case in
  // three, makes a board drawn in two different ways (random games seldom draw a board). Checks
  // the two positions and the same moves played on from both.
  std::vector<KeyRelation> equivalents(std::uint64_t seed) override {
    XorShift64Star random(seed | 1);
    if (seed % 3 == 0) return drawn_two_ways(random);
    while (boards_with(position_->state(), true).empty())
      if (!play_random(*position_, random)) return {};
    const std::vector<int> closed = boards_with(position_->state(), true);
    const int board = closed[below(random, closed.size())];
    const UtttBoardStatus status = position_->state().status[std::size_t(board)];
    UtttState other = position_->state();
    if (!refill(other, board, status, random)) return {};
    return same_continuations(*position_, hash_.start(other), board, random);
  }

  std::vector<DifferingPosition> differing(std::uint64_t seed) override {
    XorShift64Star random(seed | 1);
    const UtttState base = position_->state();
    std::vector<DifferingPosition> out;
    auto add = [&](const UtttState& other, std::function<std::string()> difference) {
      if (uttt_same_position(other, base)) return;
      out.push_back({std::move(difference), [other] { return describe_uttt_state(other); },
                     hash_.full_key(other), false, ""});
    };
    auto words = [](const char* text) { return [text] { return std::string(text); }; };
    UtttState other = base;
    other.to_move = base.to_move == UtttPlayer::X ? UtttPlayer::O : UtttPlayer::X;
    add(other, words("the side to move"));
    const std::vector<int> open = boards_with(base, false);
    if (!open.empty()) {
      other = base;
      other.sent = base.sent == UtttFreeChoice ? open[below(random, open.size())] : UtttFreeChoice;
      add(other, words("the board the player to move is sent to"));
      other.sent = open[below(random, open.size())];
      add(other, words("the board the player to move is sent to"));
      const int board = open[below(random, open.size())];
      const std::size_t square = std::size_t(board * 9) + below(random, 9);
      other = base;
      const UtttMark here = base.squares[square];
      other.squares[square] = here == UtttMark::X ? UtttMark::O : UtttMark::X;
      const auto square_words = [board] {
        return "one square of open board " + std::to_string(board + 1);
      };
      add(other, square_words);
      other.squares[square] = here == UtttMark::Empty ? UtttMark::X : UtttMark::Empty;
      add(other, square_words);
      other = base;
      other.status[std::size_t(board)] = UtttBoardStatus::Drawn;
      add(other, [board] { return "board " + std::to_string(board + 1) + " open or closed"; });
    }
    const std::vector<int> closed = boards_with(base, true);
    if (!closed.empty()) {
      const int board = closed[below(random, closed.size())];
      other = base;
      const UtttBoardStatus now = base.status[std::size_t(board)];
      other.status[std::size_t(board)] = now == UtttBoardStatus::Drawn  ? UtttBoardStatus::XWon
                                         : now == UtttBoardStatus::XWon ? UtttBoardStatus::OWon
                                                                        : UtttBoardStatus::Drawn;
      add(other, [board] { return "the result of closed board " + std::to_string(board + 1); });
    }
    // Random other games are the sweep's own: every sampled position is compared with all the
    // others.
    return out;
  }

 private:
  std::vector<KeyRelation> drawn_two_ways(XorShift64Star& random) {
    const int board = int(below(random, 9));
    UtttState first = position_->state(), second;
    first.status[std::size_t(board)] = UtttBoardStatus::Drawn;
    if (first.sent == board) first.sent = UtttFreeChoice;
    second = first;
    if (!refill(first, board, UtttBoardStatus::Drawn, random) ||
        !refill(second, board, UtttBoardStatus::Drawn, random))
      return {};
    auto one = hash_.start(first);
    return same_continuations(*one, hash_.start(second), board, random);
  }

  // `a` and `b` differ only in how `board` was filled: their keys, and theirs after the same
  // moves, must be equal.
  std::vector<KeyRelation> same_continuations(UtttPlayable& a, std::unique_ptr<UtttPlayable> b,
                                              int board, XorShift64Star& random) {
    const UtttBoardStatus status = a.state().status[std::size_t(board)];
    const std::string what = "board " + std::to_string(board + 1) + " (" + to_string(status) +
                             ") filled another way hashes the same";
    auto relation = [&](std::string rule, std::string tag) {
      KeyRelation r;
      r.what = std::move(rule);
      r.first = {{describe_uttt_state(a.state()), false, {}}, a.key()};
      r.second = {{describe_uttt_state(b->state()), false, {}}, b->key()};
      r.expected = a.key();
      r.tag = std::move(tag);
      return r;
    };
    std::vector<KeyRelation> out{
        relation(what, std::string("board ") + to_string(status) + " refilled")};
    for (int ply = 0; ply < 8; ++ply) {
      const std::vector<UtttMove> moves = uttt_legal_moves(a.state());
      if (moves.empty()) break;
      const UtttMove move = moves[below(random, moves.size())];
      if (!a.play(move) || !b->play(move)) break;
      out.push_back(relation(what + ", and after the same moves to " + uttt_move_name(move), ""));
    }
    return out;
  }

  UtttHashUnderTest hash_;
  std::unique_ptr<UtttPlayable> position_;
  int plies_ = 0;
};

}  // namespace

UtttHashUnderTest reference_uttt_hash(std::shared_ptr<const UtttKeys> keys) {
  UtttHashUnderTest hash;
  hash.name = "uttt";
  hash.full_key = [keys](const UtttState& state) { return uttt_full_key(*keys, state); };
  hash.start = [keys](const UtttState& state) -> std::unique_ptr<UtttPlayable> {
    return std::make_unique<ReferenceUtttPlayable>(keys, state);
  };
  return hash;
}

GameTarget uttt_target(UtttHashUnderTest hash) {
  GameTarget target;
  target.game = "uttt";
  target.name = hash.name;
  target.start_description = "the empty board, X to move (moves B:C, board then cell, 1-9)";
  target.equivalence = {
      "closed-board-equivalence",
      "a closed board filled another way (same result, different squares) gives the same key, "
      "and so do the same moves played on from both positions",
      "a hash that keeps a closed board's squares in the key"};
  target.start = [hash = std::move(hash)] { return std::make_unique<UtttSession>(hash); };
  return target;
}

}  // namespace zobrist_verify::properties::games
