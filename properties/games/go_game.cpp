// The Go session of the game suite.
#include "go_game.h"

#include <algorithm>
#include <set>

#include "zobrist_verify/key_scheme.h"

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

class GoSession final : public GameSession {
 public:
  explicit GoSession(GoHashUnderTest hash) : hash_(std::move(hash)), board_(hash_.size) {}

  Key key() const override { return key_; }
  Key full_key() const override { return hash_.full_key(board_); }
  std::string position() const override { return describe_go_board(board_); }

  // choice picks a point; an empty one gets a stone of the colour the rest of choice picks, an
  // occupied one loses its stone.
  std::optional<std::string> play(std::uint32_t choice) override {
    const std::uint32_t points = std::uint32_t(hash_.size * hash_.size);
    const int index = int(choice % points);
    const GoPoint p{index % hash_.size, index / hash_.size};
    const GoStone here = board_.at(p);
    const bool placed = here == GoStone::Empty;
    const GoStone stone = placed ? ((choice / points) % 2 ? GoStone::White : GoStone::Black) : here;
    board_.set(p, placed ? stone : GoStone::Empty);
    key_ = hash_.update(key_, p, stone, placed);
    history_.push_back({p, stone, placed});
    return edit_name(p, stone, placed);
  }

  void unmake() override {
    if (history_.empty()) return;
    const Edit e = history_.back();
    history_.pop_back();
    board_.set(e.point, e.placed ? GoStone::Empty : e.stone);
    key_ = hash_.update(key_, e.point, e.stone, !e.placed);
  }

  std::vector<KeyRelation> equivalents(std::uint64_t seed) override {
    std::vector<KeyRelation> out;
    add_relations(board_, "", out);
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
    XorShift64Star random(seed | 1);
    std::vector<DifferingPosition> out;
    const int n = hash_.size;
    auto random_point = [&] {
      return GoPoint{int(random.next() % std::uint64_t(n)), int(random.next() % std::uint64_t(n))};
    };
    auto random_colour = [&] { return random.next() % 2 ? GoStone::White : GoStone::Black; };
    auto add = [&](const GoBoard& other, std::string difference, std::string tag) {
      if (other == board_) return;
      const bool anomaly =
          hash_.mode == GoCombine::Xor && is_xor_zero_set_difference(board_, other);
      out.push_back({std::move(difference), describe_go_board(other), hash_.full_key(other),
                     anomaly, anomaly ? "known xor zero set" : std::move(tag)});
    };
    // One stone added, removed or recoloured at a random point.
    {
      const GoPoint p = random_point();
      GoBoard other = board_;
      const GoStone here = board_.at(p);
      const GoStone now = here == GoStone::Empty ? random_colour() : other_colour(here);
      other.set(p, now);
      add(other,
          std::string(to_string(now)) + " on " + go_point_name(p) + " instead of " +
              to_string(here),
          "");
      other.set(p, GoStone::Empty);
      add(other, "the point " + go_point_name(p) + " emptied", "");
    }
    // A few random changes at once.
    {
      GoBoard other = board_;
      const int changes = 2 + int(random.next() % 5);
      for (int i = 0; i < changes; ++i) {
        const GoPoint p = random_point();
        other.set(p, other.at(p) == GoStone::Empty ? random_colour() : GoStone::Empty);
      }
      add(other, "several stones", "");
    }
    // Whole symmetric sets added on purpose: an axis ring and an orbit of eight, one colour.
    const int c = n / 2, d = 1 + int(random.next() % std::uint64_t(c));
    // A generic point: off both axes and both diagonals.
    const int gx = 2 + int(random.next() % std::uint64_t(c - 1));
    const int gy = 1 + int(random.next() % std::uint64_t(gx - 1));
    for (const auto& [seed_point, tag] : {std::pair{GoPoint{c - d, c}, "axis ring added"},
                                          std::pair{GoPoint{c - gx, c - gy}, "orbit of 8 added"}}) {
      const std::vector<GoPoint> set = orbit_of(seed_point, n);
      if (std::any_of(set.begin(), set.end(),
                      [&](GoPoint q) { return board_.at(q) != GoStone::Empty; }))
        continue;
      GoBoard other = board_;
      const GoStone colour = random_colour();
      for (GoPoint q : set) other.set(q, colour);
      add(other,
          std::string(to_string(colour)) + " stones on the " + std::to_string(set.size()) +
              " points of the orbit of " + go_point_name(seed_point),
          tag);
    }
    return out;
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
    for (const GoSymmetry& g : go_symmetries()) {
      const GoBoard image = transform_board(g, board);
      out.push_back(
          {"Z(x(c)) = Z_x(Z(c)) for x = " + g.name() + ", c = " + describe_go_board(board),
           describe_go_board(image), transform_key(g, key), hash_.full_key(image), tag,
           describe_go_board(board), key});
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
  target.start = [hash = std::move(hash)] { return std::make_unique<GoSession>(hash); };
  return target;
}

bool is_xor_zero_set_difference(const GoBoard& a, const GoBoard& b) {
  std::set<std::pair<int, GoPoint>> changed;  // (colour, point) in one board and not the other
  const int n = a.size();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (a.at({x, y}) != b.at({x, y}))
        for (GoStone s : {a.at({x, y}), b.at({x, y})})
          if (s != GoStone::Empty) changed.insert({int(s), GoPoint{x, y}});
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

}  // namespace zobrist_verify::properties::games
