// Huima's group-theoretic Zobrist hash of an N×N Go position (seed 002, "A Group-Theoretic
// Zobrist Hash Function", 2000): rotating, mirroring and colour-swapping a position permute the
// bytes of its key, so the key of every one of the 16 transformed positions follows from the key
// alone. docs/go-hash.md explains the construction, the xor-mode anomaly and the `add` fix.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/key_set.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"

namespace zobrist_verify {

constexpr int GoMinSize = 5;
constexpr int GoMaxSize = 25;
constexpr int GoDefaultSize = 19;
// The xorshift64* seed of the built-in table ("HUIMA200" in ASCII); `--seed` changes it.
constexpr std::uint64_t GoDefaultSeed = 0x4855'494D'4132'3030ULL;

enum class GoStone : std::uint8_t { Empty, Black, White };
const char* to_string(GoStone stone);  // "empty", "black", "white"

// How stone keys are combined into the position key.
enum class GoCombine : std::uint8_t {
  Xor,  // the paper's Section 2
  Add,  // byte-wise addition mod 256 (removing a stone subtracts): the Section 3 fix
};
const char* to_string(GoCombine mode);  // "xor", "add"
[[nodiscard]] Expected<GoCombine> parse_go_combine(std::string_view text);

// An odd size from GoMinSize to GoMaxSize, or an error saying why not.
[[nodiscard]] Expected<Done> check_go_size(int size);

// x is the column (A..Z without I: A = 0, T = 18), y the row number minus one.
struct GoPoint {
  int x = 0;
  int y = 0;
  friend auto operator<=>(const GoPoint&, const GoPoint&) = default;
};
// "D10" on a board of `size`: a column letter (either case, I is not a column) and a row number.
[[nodiscard]] Expected<GoPoint> parse_go_point(std::string_view text, int size);
std::string go_point_name(GoPoint point);  // "D10"

// One of the 16 transforms: the point map ρ^rotations ∘ μ^mirror (the mirror first), then the
// colours exchanged when swap_colours. ρ(x, y) = (N-1-y, x), μ(x, y) = (N-1-x, y).
struct GoSymmetry {
  int rotations = 0;  // 0..3
  bool mirror = false;
  bool swap_colours = false;
  std::string name() const;  // "identity", "rho", "rho^2 mu", "rho^3 mu kappa", ...
};
// Identity first, then every other element once.
std::array<GoSymmetry, 16> go_symmetries();
GoPoint transform_point(const GoSymmetry& symmetry, GoPoint point, int size);

// The byte permutations of Section 2 on a key z1..z8, z1 the most significant byte.
Key go_z_rho(Key key);    // z2 z3 z4 z1 z6 z7 z8 z5
Key go_z_mu(Key key);     // z4 z3 z2 z1 z8 z7 z6 z5
Key go_z_kappa(Key key);  // z5 z6 z7 z8 z1 z2 z3 z4
// Z_x of a transform: Z_ρ^rotations ∘ Z_μ^mirror, then Z_κ when swap_colours.
Key transform_key(const GoSymmetry& symmetry, Key key);

// The bytes a key fixed by every byte permutation of `group` must share: for each byte position,
// the smallest position of its class (the classes the permutations join). A point's free bytes
// are the classes of its stabilizer; 8 bits a class is what a symmetric position's key can vary.
std::array<int, 8> go_fixed_byte_classes(const std::vector<GoSymmetry>& group);

// Combining a stone key into a position key, and taking it out again.
Key go_combine(Key position_key, Key stone_key, GoCombine mode);
Key go_uncombine(Key position_key, Key stone_key, GoCombine mode);

// Z_B and Z_W for every point, meeting Z_B(μ(p)) = Z_μ(Z_B(p)), Z_B(ρ(p)) = Z_ρ(Z_B(p)) and
// Z_W = Z_κ(Z_B). Free bytes come from xorshift64* in a fixed order (docs/go-hash.md); a point's
// free bytes are drawn again while its keys would make a key zero, two keys equal or three keys
// XOR to zero.
class GoKeyTable {
 public:
  [[nodiscard]] static Expected<GoKeyTable> build(int size, std::uint64_t seed = GoDefaultSeed);
  int size() const { return size_; }
  std::uint64_t seed() const { return seed_; }
  Key black(GoPoint p) const { return black_[index(p)]; }
  Key white(GoPoint p) const { return white_[index(p)]; }
  Key key(GoStone stone, GoPoint p) const;  // 0 for Empty

 private:
  GoKeyTable(int size, std::uint64_t seed);
  std::size_t index(GoPoint p) const {
    return std::size_t(p.y) * std::size_t(size_) + std::size_t(p.x);
  }
  int size_;
  std::uint64_t seed_;
  std::vector<Key> black_, white_;
};

// The stones of an N×N board, nothing else (no captures, no ko: the hash needs none).
class GoBoard {
 public:
  explicit GoBoard(int size) : size_(size), stones_(std::size_t(size) * std::size_t(size)) {}
  int size() const { return size_; }
  GoStone at(GoPoint p) const { return stones_[index(p)]; }
  void set(GoPoint p, GoStone stone) { stones_[index(p)] = stone; }
  bool contains(GoPoint p) const { return p.x >= 0 && p.y >= 0 && p.x < size_ && p.y < size_; }
  friend bool operator==(const GoBoard&, const GoBoard&) = default;

 private:
  std::size_t index(GoPoint p) const {
    return std::size_t(p.y) * std::size_t(size_) + std::size_t(p.x);
  }
  int size_;
  std::vector<GoStone> stones_;
};

// x(c): the stone at each point p moves to x(p), colours exchanged with κ.
GoBoard transform_board(const GoSymmetry& symmetry, const GoBoard& board);
// The key from scratch: every stone's key combined in.
Key go_full_key(const GoKeyTable& table, GoCombine mode, const GoBoard& board);
// "black D4 K10, white Q16" ("empty" for an empty board).
std::string describe_go_board(const GoBoard& board);

// A board with its key kept up to date stone by stone. The table must outlive it.
class GoPosition {
 public:
  GoPosition(const GoKeyTable& table, GoCombine mode)
      : table_(&table), mode_(mode), board_(table.size()) {}
  const GoBoard& board() const { return board_; }
  GoCombine mode() const { return mode_; }
  Key key() const { return key_; }
  // Puts a stone on an empty point, or takes one off an occupied point; an error (and nothing
  // changed) otherwise.
  [[nodiscard]] Expected<Done> place(GoPoint p, GoStone stone);
  [[nodiscard]] Expected<Done> remove(GoPoint p);

 private:
  const GoKeyTable* table_;
  GoCombine mode_;
  GoBoard board_;
  Key key_ = 0;
};

// The Go table as the key-set analyser takes it: the N² black keys, then the N² white keys, named
// "black K4", "white D10". The analyser looks for XOR dependencies, which are the xor mode's.
[[nodiscard]] Expected<NamedKeySet> go_key_set(int size, GoCombine mode,
                                               std::uint64_t seed = GoDefaultSeed);

}  // namespace zobrist_verify
