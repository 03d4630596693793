// Go points, the 16 transforms of a position and their byte permutations, and the two ways of
// combining stone keys (seed 002, Sections 1 and 2).
#include <algorithm>
#include <cctype>

#include "zobrist_verify/go/go_hash.h"

namespace zobrist_verify {

namespace {

// new byte i = old byte Source[i], byte 0 being z1, the most significant.
using BytePermutation = std::array<int, 8>;
constexpr BytePermutation ZRho{1, 2, 3, 0, 5, 6, 7, 4};
constexpr BytePermutation ZMu{3, 2, 1, 0, 7, 6, 5, 4};
constexpr BytePermutation ZKappa{4, 5, 6, 7, 0, 1, 2, 3};

Key permute_bytes(Key key, const BytePermutation& source) {
  Key out = 0;
  for (int i = 0; i < 8; ++i) {
    const Key byte = (key >> (56 - 8 * source[std::size_t(i)])) & 0xFF;
    out |= byte << (56 - 8 * i);
  }
  return out;
}

// A column letter: A..H are 0..7, J..Z are 8..24 (I is skipped, as on Go boards).
int column_of(char letter) {
  const char upper = char(std::toupper(static_cast<unsigned char>(letter)));
  if (upper < 'A' || upper > 'Z' || upper == 'I') return -1;
  return upper < 'I' ? upper - 'A' : upper - 'A' - 1;
}

char column_letter(int x) {
  return char(x < 8 ? 'A' + x : 'A' + x + 1);
}

constexpr Key LowSevenBits = 0x7F7F'7F7F'7F7F'7F7FULL;
constexpr Key HighBits = 0x8080'8080'8080'8080ULL;

}  // namespace

const char* to_string(GoStone stone) {
  switch (stone) {
    case GoStone::Empty:
      return "empty";
    case GoStone::Black:
      return "black";
    case GoStone::White:
      return "white";
  }
  return "?";
}

const char* to_string(GoCombine mode) {
  return mode == GoCombine::Xor ? "xor" : "add";
}

Expected<GoCombine> parse_go_combine(std::string_view text) {
  if (text == "xor") return GoCombine::Xor;
  if (text == "add") return GoCombine::Add;
  return Error{"unknown combining mode '" + std::string(text) + "' (choose xor or add)"};
}

Expected<Done> check_go_size(int size) {
  if (size < GoMinSize || size > GoMaxSize || size % 2 == 0)
    return Error{"board size " + std::to_string(size) + " is not supported (an odd size from " +
                 std::to_string(GoMinSize) + " to " + std::to_string(GoMaxSize) +
                 ": the construction needs a centre point)"};
  return Done{};
}

Expected<GoPoint> parse_go_point(std::string_view text, int size) {
  const std::string quoted = "point '" + std::string(text) + "'";
  const std::string columns = std::string("A-") + column_letter(size - 1) + " without I";
  if (text.size() < 2) return Error{quoted + ": expected a column letter and a row, like D4"};
  const int x = column_of(text[0]);
  if (x < 0)
    return Error{quoted + ": '" + std::string(1, text[0]) + "' is not a column (" + columns + ")"};
  if (x >= size)
    return Error{quoted + ": column " + std::string(1, text[0]) + " is off a " +
                 std::to_string(size) + "x" + std::to_string(size) + " board (" + columns + ")"};
  int row = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9' || row > 100)
      return Error{quoted + ": the row must be a number from 1 to " + std::to_string(size)};
    row = row * 10 + (c - '0');
  }
  if (row < 1 || row > size)
    return Error{quoted + ": row " + std::to_string(row) + " is off a " + std::to_string(size) +
                 "x" + std::to_string(size) + " board (rows 1-" + std::to_string(size) + ")"};
  return GoPoint{x, row - 1};
}

std::string go_point_name(GoPoint point) {
  return std::string(1, column_letter(point.x)) + std::to_string(point.y + 1);
}

std::string GoSymmetry::name() const {
  std::string out;
  auto add = [&out](const std::string& part) { out += (out.empty() ? "" : " ") + part; };
  if (rotations == 1) add("rho");
  if (rotations > 1) add("rho^" + std::to_string(rotations));
  if (mirror) add("mu");
  if (swap_colours) add("kappa");
  return out.empty() ? "identity" : out;
}

std::array<GoSymmetry, 16> go_symmetries() {
  std::array<GoSymmetry, 16> all{};
  std::size_t i = 0;
  for (bool swap : {false, true})
    for (bool mirror : {false, true})
      for (int rotations = 0; rotations < 4; ++rotations) all[i++] = {rotations, mirror, swap};
  return all;
}

GoPoint transform_point(const GoSymmetry& symmetry, GoPoint point, int size) {
  if (symmetry.mirror) point = {size - 1 - point.x, point.y};
  for (int r = 0; r < symmetry.rotations; ++r) point = {size - 1 - point.y, point.x};
  return point;
}

Key go_z_rho(Key key) {
  return permute_bytes(key, ZRho);
}
Key go_z_mu(Key key) {
  return permute_bytes(key, ZMu);
}
Key go_z_kappa(Key key) {
  return permute_bytes(key, ZKappa);
}

Key transform_key(const GoSymmetry& symmetry, Key key) {
  if (symmetry.mirror) key = go_z_mu(key);
  for (int r = 0; r < symmetry.rotations; ++r) key = go_z_rho(key);
  if (symmetry.swap_colours) key = go_z_kappa(key);
  return key;
}

// Byte-wise addition without carries between bytes: add the low seven bits, then the top bits
// without carry.
Key go_combine(Key position_key, Key stone_key, GoCombine mode) {
  if (mode == GoCombine::Xor) return position_key ^ stone_key;
  return ((position_key & LowSevenBits) + (stone_key & LowSevenBits)) ^
         ((position_key ^ stone_key) & HighBits);
}

// Byte-wise subtraction: borrow from a top bit set in every byte, then fix the top bits.
Key go_uncombine(Key position_key, Key stone_key, GoCombine mode) {
  if (mode == GoCombine::Xor) return position_key ^ stone_key;
  return ((position_key | HighBits) - (stone_key & LowSevenBits)) ^
         ((position_key ^ ~stone_key) & HighBits);
}

// Union of byte positions joined by the group's permutations; see go_hash.h.
std::array<int, 8> go_fixed_byte_classes(const std::vector<GoSymmetry>& group) {
  std::array<int, 8> class_of{0, 1, 2, 3, 4, 5, 6, 7};
  auto find = [&class_of](int i) {
    while (class_of[std::size_t(i)] != i) i = class_of[std::size_t(i)];
    return i;
  };
  // Byte i of the permuted key 00 01 .. 07 names the byte it came from.
  constexpr Key Indices = 0x0001'0203'0405'0607ULL;
  for (const GoSymmetry& g : group) {
    const Key source = transform_key(g, Indices);
    for (int i = 0; i < 8; ++i) {
      const int from = int((source >> (56 - 8 * i)) & 0xFF);
      const int a = find(i), b = find(from);
      class_of[std::size_t(std::max(a, b))] = std::min(a, b);
    }
  }
  for (int i = 0; i < 8; ++i) class_of[std::size_t(i)] = find(i);
  return class_of;
}

}  // namespace zobrist_verify
