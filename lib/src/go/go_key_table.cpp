// Draws Huima's key table (seed 002, Section 2): one orbit of points under rotation and mirroring
// at a time, its free bytes from xorshift64*, the other keys of the orbit by the byte
// permutations.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "zobrist_verify/core/random.h"
#include "zobrist_verify/go/go_hash.h"

namespace zobrist_verify {

namespace {

// A set of nonzero keys, open addressing in one array (zero marks a free slot), at most half
// full. The guard below holds every XOR of two accepted keys, about 260,000 for a 19x19 table: a
// node a key (std::unordered_set) made building and freeing it most of a `check` run's start.
class NonzeroKeySet {
 public:
  explicit NonzeroKeySet(std::size_t expected) { resize(expected); }

  [[nodiscard]] bool contains(Key key) const {
    for (std::size_t i = slot_of(key);; i = (i + 1) & mask_) {
      if (slots_[i] == key) return true;
      if (slots_[i] == 0) return false;
    }
  }

  void insert(Key key) {
    if (2 * (count_ + 1) > slots_.size()) resize(2 * (count_ + 1));
    place(key);
  }

 private:
  [[nodiscard]] std::size_t slot_of(Key key) const {
    return std::size_t((key * 0x9e3779b97f4a7c15ULL) >> shift_);
  }

  void place(Key key) {
    std::size_t i = slot_of(key);
    for (; slots_[i] != 0; i = (i + 1) & mask_)
      if (slots_[i] == key) return;
    slots_[i] = key;
    ++count_;
  }

  void resize(std::size_t expected) {
    std::size_t size = 16;
    int bits = 4;
    while (size < 2 * expected) {
      size *= 2;
      ++bits;
    }
    std::vector<Key> old = std::move(slots_);
    slots_.assign(size, 0);
    mask_ = size - 1;
    shift_ = 64 - bits;
    count_ = 0;
    for (Key key : old)
      if (key != 0) place(key);
  }

  std::vector<Key> slots_;
  std::size_t mask_ = 0;
  int shift_ = 0;
  std::size_t count_ = 0;
};

// Refuses a batch of keys that would make a key zero, two keys equal or three keys XOR to zero
// together with the keys accepted so far: no dependency smaller than the anomaly's four.
class SmallDependencyGuard {
 public:
  explicit SmallDependencyGuard(std::size_t expected_keys)
      : keys_(expected_keys), pair_xors_(expected_keys * expected_keys / 2) {}

  bool accepts(const std::vector<Key>& batch) const {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (batch[i] == 0 || keys_.contains(batch[i]) || pair_xors_.contains(batch[i])) return false;
      for (std::size_t j = i + 1; j < batch.size(); ++j) {
        const Key pair = batch[i] ^ batch[j];
        if (pair == 0 || keys_.contains(pair)) return false;
        for (std::size_t k = j + 1; k < batch.size(); ++k)
          if ((pair ^ batch[k]) == 0) return false;
      }
    }
    return true;
  }

  // The batch is accepted: no key of it is zero, and none equals a key before it, so no XOR of
  // two distinct keys is zero either.
  void add(const std::vector<Key>& batch) {
    for (Key key : batch) {
      for (Key old : accepted_) pair_xors_.insert(old ^ key);
      keys_.insert(key);
      accepted_.push_back(key);
    }
  }

 private:
  NonzeroKeySet keys_;
  NonzeroKeySet pair_xors_;
  std::vector<Key> accepted_;
};

}  // namespace

GoKeyTable::GoKeyTable(int size, std::uint64_t seed)
    : size_(size),
      seed_(seed),
      black_(std::size_t(size) * std::size_t(size)),
      white_(std::size_t(size) * std::size_t(size)) {}

Key GoKeyTable::key(GoStone stone, GoPoint p) const {
  if (stone == GoStone::Black) return black(p);
  if (stone == GoStone::White) return white(p);
  return 0;
}

Expected<GoKeyTable> GoKeyTable::build(int size, std::uint64_t seed) {
  if (auto ok = check_go_size(size); !ok) return Error{ok.error()};
  if (seed == 0) return Error{"seed 0 is not allowed (xorshift64* would only ever give 0)"};
  GoKeyTable table(size, seed);
  XorShift64Star random(seed);
  SmallDependencyGuard guard(2 * table.black_.size());
  std::vector<bool> assigned(table.black_.size(), false);
  std::vector<GoSymmetry> dihedral;
  for (const GoSymmetry& g : go_symmetries())
    if (!g.swap_colours) dihedral.push_back(g);

  // Points in row order; the first point of each orbit draws its free bytes, one draw a class of
  // bytes (the top byte of the draw), in byte order.
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const GoPoint p{x, y};
      if (assigned[table.index(p)]) continue;
      std::vector<GoSymmetry> stabilizer;
      for (const GoSymmetry& g : dihedral)
        if (transform_point(g, p, size) == p) stabilizer.push_back(g);
      const std::array<int, 8> class_of = go_fixed_byte_classes(stabilizer);

      std::vector<GoPoint> orbit;
      for (const GoSymmetry& g : dihedral) {
        const GoPoint q = transform_point(g, p, size);
        if (std::find(orbit.begin(), orbit.end(), q) == orbit.end()) orbit.push_back(q);
      }
      std::vector<Key> batch;
      for (int attempt = 0;; ++attempt) {
        if (attempt == 1000)
          return Error{"cannot draw keys for " + go_point_name(p) +
                       " without a small dependency (seed " + std::to_string(seed) + ")"};
        std::array<Key, 8> bytes{};
        for (int i = 0; i < 8; ++i)
          bytes[std::size_t(i)] = class_of[std::size_t(i)] == i
                                      ? random.next() >> 56
                                      : bytes[std::size_t(class_of[std::size_t(i)])];
        Key key = 0;
        for (int i = 0; i < 8; ++i) key |= bytes[std::size_t(i)] << (56 - 8 * i);
        batch.clear();
        for (const GoPoint& q : orbit) {
          // Any g with g(p) = q gives the same key: the key is fixed by the stabilizer.
          for (const GoSymmetry& g : dihedral) {
            if (transform_point(g, p, size) != q) continue;
            table.black_[table.index(q)] = transform_key(g, key);
            table.white_[table.index(q)] = go_z_kappa(table.black_[table.index(q)]);
            break;
          }
          batch.push_back(table.black_[table.index(q)]);
          batch.push_back(table.white_[table.index(q)]);
        }
        if (guard.accepts(batch)) break;
      }
      guard.add(batch);
      for (const GoPoint& q : orbit) assigned[table.index(q)] = true;
    }
  }
  return table;
}

}  // namespace zobrist_verify
