// The Go session of the game suite.
#include "go/go_game.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::properties::games {

namespace {

std::vector<GoPoint> orbit_of(GoPoint p, int size) {
  std::vector<GoPoint> orbit;
  for (const GoSymmetry& g : go_symmetries()) {
    if (g.swap_colours) continue;
    const GoPoint q = transform_point(g, p, size);
    if (std::find(orbit.begin(), orbit.end(), q) == orbit.end()) orbit.push_back(q);
  }
  return orbit;
}

GoStone other_colour(GoStone s) {
  return s == GoStone::Black ? GoStone::White : GoStone::Black;
}

std::string edit_name(GoPoint p, GoStone stone, bool placed) {
  return std::string(placed ? "+" : "-") + to_string(stone) + " " + go_point_name(p);
}

// The board packed two bits a point, row by row: one width for every board of a size.
std::string pack_board(const GoBoard& board) {
  const int n = board.size();
  std::string bytes(std::size_t((n * n + 3) / 4), '\0');
  for (int i = 0; i < n * n; ++i)
    bytes[std::size_t(i / 4)] = char(std::uint8_t(bytes[std::size_t(i / 4)]) |
                                     std::uint8_t(int(board.at({i % n, i / n})) << (2 * (i % 4))));
  return bytes;
}

GoBoard unpack_board(const std::string& bytes, int n) {
  GoBoard board(n);
  for (int i = 0; i < n * n; ++i)
    board.set({i % n, i / n},
              GoStone((std::uint8_t(bytes[std::size_t(i / 4)]) >> (2 * (i % 4))) & 3));
  return board;
}

// The positions that differ from a board on purpose, drawn from one seed: one stone changed,
// several, whole symmetric sets added, and a half-turn pair moved to its mirror images. Each is
// compared with the board; the structures the hash declares it cannot tell apart are marked.
class GoDiffering {
 public:
  GoDiffering(const GoHashUnderTest& hash, const GoBoard& board, std::uint64_t seed)
      : hash_(hash), board_(board), random_(seed | 1), n_(hash.size) {}

  std::vector<DifferingPosition> draw() {
    one_stone();
    several_stones();
    symmetric_sets();
    half_turn_pair();
    return std::move(out_);
  }

 private:
  GoPoint random_point() {
    return GoPoint{int(random_.next() % std::uint64_t(n_)),
                   int(random_.next() % std::uint64_t(n_))};
  }
  GoStone random_colour() { return random_.next() % 2 ? GoStone::White : GoStone::Black; }

  // `difference` writes what differs, when a failure needs it.
  void add(const GoBoard& other, std::function<std::string()> difference, std::string tag) {
    if (other == board_) return;
    const bool anomaly =
        hash_.anomalies_declared && is_structural_collision(hash_.mode, board_, other);
    out_.push_back(
        {std::move(difference), [other] { return describe_go_board(other); }, hash_.full_key(other),
         anomaly,
         anomaly ? std::string("known ") + to_string(hash_.mode) + " structure" : std::move(tag)});
  }

  // One stone added, removed or recoloured at a random point.
  void one_stone() {
    const GoPoint p = random_point();
    GoBoard other = board_;
    const GoStone here = board_.at(p);
    const GoStone now = here == GoStone::Empty ? random_colour() : other_colour(here);
    other.set(p, now);
    add(
        other,
        [now, p, here] {
          return std::string(to_string(now)) + " on " + go_point_name(p) + " instead of " +
                 to_string(here);
        },
        "");
    other.set(p, GoStone::Empty);
    add(
        other, [p] { return "the point " + go_point_name(p) + " emptied"; }, "");
  }

  // A few random changes at once.
  void several_stones() {
    GoBoard other = board_;
    const int changes = 2 + int(random_.next() % 5);
    for (int i = 0; i < changes; ++i) {
      const GoPoint p = random_point();
      other.set(p, other.at(p) == GoStone::Empty ? random_colour() : GoStone::Empty);
    }
    add(
        other, [] { return std::string("several stones"); }, "");
  }

  // Whole symmetric sets added on purpose: an axis ring and an orbit of eight, one colour.
  void symmetric_sets() {
    const int c = n_ / 2, d = 1 + int(random_.next() % std::uint64_t(c));
    // A generic point: off both axes and both diagonals.
    const int gx = 2 + int(random_.next() % std::uint64_t(c - 1));
    const int gy = 1 + int(random_.next() % std::uint64_t(gx - 1));
    for (const auto& [seed_point, tag] : {std::pair{GoPoint{c - d, c}, "axis ring added"},
                                          std::pair{GoPoint{c - gx, c - gy}, "orbit of 8 added"}}) {
      const std::vector<GoPoint> set = orbit_of(seed_point, n_);
      if (std::any_of(set.begin(), set.end(),
                      [&](GoPoint q) { return board_.at(q) != GoStone::Empty; }))
        continue;
      GoBoard other = board_;
      const GoStone colour = random_colour();
      for (GoPoint q : set) other.set(q, colour);
      add(
          other,
          [colour, points = set.size(), from = seed_point] {
            return std::string(to_string(colour)) + " stones on the " + std::to_string(points) +
                   " points of the orbit of " + go_point_name(from);
          },
          tag);
    }
  }

  // A half-turn pair of stones of one colour on a generic point swapped for its diagonal mirror
  // images: equal sums in add mode, a whole zero set in xor mode (declared either way). The
  // first such pair on the board from a random point on.
  void half_turn_pair() {
    const int c = n_ / 2, points = n_ * n_, offset = int(random_.next() % std::uint64_t(points));
    for (int k = 0; k < points; ++k) {
      const GoPoint p{(offset + k) % points % n_, (offset + k) % points / n_};
      const int u = p.x - c, v = p.y - c;
      if (u == 0 || v == 0 || u == v || u == -v) continue;
      const GoPoint half{c - u, c - v}, m1{c + v, c + u}, m2{c - v, c - u};
      const GoStone colour = board_.at(p);
      if (colour == GoStone::Empty || board_.at(half) != colour ||
          board_.at(m1) != GoStone::Empty || board_.at(m2) != GoStone::Empty)
        continue;
      GoBoard other = board_;
      other.set(p, GoStone::Empty);
      other.set(half, GoStone::Empty);
      other.set(m1, colour);
      other.set(m2, colour);
      add(
          other,
          [colour, p, half, m1, m2] {
            return std::string(to_string(colour)) + " " + go_point_name(p) + " " +
                   go_point_name(half) + " moved to their diagonal mirror images " +
                   go_point_name(m1) + " " + go_point_name(m2);
          },
          "half-turn pair moved");
      return;
    }
  }

  const GoHashUnderTest& hash_;
  const GoBoard& board_;
  XorShift64Star random_;
  int n_;
  std::vector<DifferingPosition> out_;
};

class GoSession final : public GameSession {
 public:
  explicit GoSession(GoHashUnderTest hash) : hash_(std::move(hash)), board_(hash_.size) {}

  bool begin(const std::string&, bool) override {
    board_ = GoBoard(hash_.size);
    key_ = 0;
    history_.clear();
    return true;
  }

  // choice picks a point; an empty one gets a stone of the colour the rest of choice picks, an
  // occupied one loses its stone.
  std::optional<std::string> pick(std::uint64_t choice) override {
    const std::uint64_t points = std::uint64_t(hash_.size * hash_.size);
    const int index = int(choice % points);
    const GoPoint p{index % hash_.size, index / hash_.size};
    const GoStone here = board_.at(p);
    const bool placed = here == GoStone::Empty;
    const GoStone stone = placed ? ((choice / points) % 2 ? GoStone::White : GoStone::Black) : here;
    return edit_name(p, stone, placed);
  }

  // "+black D4" places a black stone on D4, "-white K10" takes a white one off K10. Strict: only
  // a name edit_name writes (no "D04"), of an edit possible on the board now.
  void play(const std::string& move) override {
    const std::size_t space = move.find(' ');
    if (move.size() < 2 || space == std::string::npos)
      throw std::logic_error("the property generated an impossible Go edit: " + move);
    const Expected<GoPoint> p = parse_go_point(move.substr(space + 1), hash_.size);
    const std::string colour = move.substr(1, space - 1);
    const GoStone stone = colour == to_string(GoStone::Black)   ? GoStone::Black
                          : colour == to_string(GoStone::White) ? GoStone::White
                                                                : GoStone::Empty;
    const bool placed = move[0] == '+';
    if (!p || stone == GoStone::Empty || edit_name(*p, stone, placed) != move ||
        board_.at(*p) != (placed ? GoStone::Empty : stone))
      throw std::logic_error("the property generated an impossible Go edit: " + move);
    board_.set(*p, placed ? stone : GoStone::Empty);
    key_ = hash_.update(key_, *p, stone, placed);
    history_.push_back({*p, stone, placed});
  }

  void unmake() override {
    if (history_.empty()) return;
    const Edit e = history_.back();
    history_.pop_back();
    board_.set(e.point, e.placed ? GoStone::Empty : e.stone);
    key_ = hash_.update(key_, e.point, e.stone, !e.placed);
  }

  std::string position() const override { return describe_go_board(board_); }
  std::function<std::string()> position_later() const override {
    return [board = board_] { return describe_go_board(board); };
  }
  std::string identity() const override { return pack_board(board_); }

  AskedKeys ask_keys() override {
    AskedKeys asked;
    asked.ply = int(history_.size()) - 1;
    asked.ready[0] = key_;
    return asked;
  }
  AskedKeys ask_keys_from_scratch() override {
    AskedKeys asked;
    asked.ply = int(history_.size()) - 1;
    asked.ready[0] = hash_.full_key(board_);
    asked.from_scratch = true;
    asked.position = describe_go_board(board_);
    asked.what = "the incremental key vs the key from scratch of " + asked.position;
    return asked;
  }
  KeyParts collect(const AskedKeys& asked) override { return asked.ready; }

  std::vector<KeyRelation> equivalents(std::uint64_t seed) override {
    std::vector<KeyRelation> out;
    add_relations(board_, "random position", out);
    // One-stone positions on the points with special key forms, on purpose.
    XorShift64Star random(seed | 1);
    const int n = hash_.size, c = n / 2;
    const int d = int(random.next() % std::uint64_t(c)) + 1;
    const GoPoint centre{c, c}, axis{c - d, c}, diagonal{c - d, c - d};
    const GoPoint any{int(random.next() % std::uint64_t(n)), int(random.next() % std::uint64_t(n))};
    for (GoPoint p : {centre, axis, diagonal, any}) {
      GoBoard one(n);
      one.set(p, random.next() % 2 ? GoStone::White : GoStone::Black);
      add_relations(one, "one stone", out);
    }
    return out;
  }

  std::vector<DifferingPosition> differing(std::uint64_t seed) override {
    return GoDiffering(hash_, board_, seed).draw();
  }

 private:
  struct Edit {
    GoPoint point;
    GoStone stone;
    bool placed;
  };

  void add_relations(const GoBoard& board, const std::string& tag,
                     std::vector<KeyRelation>& out) const {
    const Key key = &board == &board_ ? key_ : hash_.full_key(board);
    const std::string described = describe_go_board(board);
    for (const GoSymmetry& g : go_symmetries()) {
      const GoBoard image = transform_board(g, board);
      KeyRelation r;
      r.what = "Z(x(c)) = Z_x(Z(c)) for x = " + g.name() + ", c = " + described;
      r.first.route.fen = described;
      r.first.key = key;
      r.second.route.fen = describe_go_board(image);
      r.second.key = hash_.full_key(image);
      r.expected = transform_key(g, key);
      r.tag = tag;
      out.push_back(std::move(r));
    }
  }

  GoHashUnderTest hash_;
  GoBoard board_;
  Key key_ = 0;
  std::vector<Edit> history_;
};

}  // namespace

GoHashUnderTest go_hash_from_keys(std::string name, int size, GoCombine mode,
                                  std::function<Key(GoStone, GoPoint)> stone_key) {
  GoHashUnderTest hash;
  hash.name = std::move(name);
  hash.size = size;
  hash.mode = mode;
  hash.full_key = [stone_key, mode](const GoBoard& board) {
    Key key = 0;
    for (int y = 0; y < board.size(); ++y)
      for (int x = 0; x < board.size(); ++x)
        if (board.at({x, y}) != GoStone::Empty)
          key = go_combine(key, stone_key(board.at({x, y}), {x, y}), mode);
    return key;
  };
  hash.update = [stone_key, mode](Key key, GoPoint p, GoStone stone, bool placed) {
    return placed ? go_combine(key, stone_key(stone, p), mode)
                  : go_uncombine(key, stone_key(stone, p), mode);
  };
  return hash;
}

GoHashUnderTest reference_go_hash(std::shared_ptr<const GoKeyTable> table, GoCombine mode) {
  GoHashUnderTest hash = go_hash_from_keys(
      "go:" + std::to_string(table->size()) + " " + to_string(mode), table->size(), mode,
      [table](GoStone stone, GoPoint p) { return table->key(stone, p); });
  hash.full_key = [table, mode](const GoBoard& board) { return go_full_key(*table, mode, board); };
  return hash;
}

GameTarget go_target(GoHashUnderTest hash) {
  GameTarget target;
  target.game = "go";
  target.name = hash.name;
  target.start_description = "empty " + std::to_string(hash.size) + "x" +
                             std::to_string(hash.size) + " board (+ places a stone, - removes it)";
  target.equivalence = {
      "symmetry",
      "for random positions, and one-stone positions on the centre, an axis and a diagonal, and "
      "each of the 16 transforms x (rotations and mirrors, with and without colour exchange): "
      "Z(x(c)) = Z_x(Z(c))",
      "a point fixed by a symmetry whose key lacks its special form (a centre key not of the form "
      "z1z1z1z1 z2z2z2z2)"};
  // Positions that differ by whole xor zero sets, or by add mode's swaps, share their key by
  // construction.
  if (hash.anomalies_declared)
    target.may_share_key = [n = hash.size, mode = hash.mode](const std::string& a,
                                                             const std::string& b) {
      return is_structural_collision(mode, unpack_board(a, n), unpack_board(b, n));
    };
  target.start = [hash = std::move(hash)] { return std::make_unique<GoSession>(hash); };
  return target;
}

namespace {

// The stones, as (colour, point), that one board has and the other has not.
using Stones = std::set<std::pair<int, GoPoint>>;
struct ChangedStones {
  Stones only_a, only_b;
};

ChangedStones changed_stones(const GoBoard& a, const GoBoard& b) {
  ChangedStones changed;
  const int n = a.size();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const GoStone sa = a.at({x, y}), sb = b.at({x, y});
      if (sa == sb) continue;
      if (sa != GoStone::Empty) changed.only_a.insert({int(sa), GoPoint{x, y}});
      if (sb != GoStone::Empty) changed.only_b.insert({int(sb), GoPoint{x, y}});
    }
  return changed;
}

}  // namespace

bool is_xor_zero_set_difference(const GoBoard& a, const GoBoard& b) {
  ChangedStones both = changed_stones(a, b);
  Stones changed = std::move(both.only_a);  // in one board and not the other
  changed.merge(both.only_b);
  const int n = a.size();
  if (changed.empty()) return false;
  // The structural zero sets, in one colour, are the orbits under the half turn and the two
  // diagonal mirrors of points off the diagonals: an axis ring, or half an orbit of eight
  // (docs/go-hash.md). A difference is a union of them when every changed stone's orbit changed.
  const int c = n / 2;
  for (const auto& [colour, p] : changed) {
    const int u = p.x - c, v = p.y - c;
    if (u == v || u == -v) return false;  // the diagonals (and the centre)
    for (GoPoint q : {GoPoint{c - u, c - v}, GoPoint{c + v, c + u}, GoPoint{c - v, c - u}})
      if (!changed.contains({colour, q})) return false;
  }
  return true;
}

bool is_add_swap_difference(const GoBoard& a, const GoBoard& b) {
  const auto [only_a, only_b] = changed_stones(a, b);
  const int c = a.size() / 2;
  if (only_a.empty()) return false;
  // Each changed stone's half turn changed the same way, and its diagonal mirror image (the
  // other pair of its orbit under the half turn and the diagonal mirrors) the other way. A point
  // on a diagonal is its own mirror image or its half turn's, so it never passes.
  auto paired = [c](const Stones& mine, const Stones& theirs) {
    for (const auto& [colour, p] : mine) {
      const int u = p.x - c, v = p.y - c;
      if (!mine.contains({colour, GoPoint{c - u, c - v}}) ||
          !theirs.contains({colour, GoPoint{c + v, c + u}}))
        return false;
    }
    return true;
  };
  return paired(only_a, only_b) && paired(only_b, only_a);
}

bool is_structural_collision(GoCombine mode, const GoBoard& a, const GoBoard& b) {
  return mode == GoCombine::Xor ? is_xor_zero_set_difference(a, b) : is_add_swap_difference(a, b);
}

}  // namespace zobrist_verify::properties::games
