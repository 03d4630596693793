// Samples symmetric Go positions and counts the keys they share.
#include "zobrist_verify/go/go_study.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <string>

#include "zobrist_verify/core/random.h"

namespace zobrist_verify {

const char* to_string(GoStudySymmetry symmetry) {
  switch (symmetry) {
    case GoStudySymmetry::None:
      return "none";
    case GoStudySymmetry::HalfTurn:
      return "half turn (rho^2)";
    case GoStudySymmetry::Mirror:
      return "mirror (mu)";
    case GoStudySymmetry::QuarterTurn:
      return "quarter turn (rho)";
    case GoStudySymmetry::Full:
      return "all 8 (rho, mu)";
  }
  return "?";
}

std::vector<GoStudySymmetry> all_go_study_symmetries() {
  return {GoStudySymmetry::None, GoStudySymmetry::HalfTurn, GoStudySymmetry::Mirror,
          GoStudySymmetry::QuarterTurn, GoStudySymmetry::Full};
}

std::vector<GoSymmetry> go_study_group(GoStudySymmetry symmetry) {
  switch (symmetry) {
    case GoStudySymmetry::None:
      return {{0, false, false}};
    case GoStudySymmetry::HalfTurn:
      return {{0, false, false}, {2, false, false}};
    case GoStudySymmetry::Mirror:
      return {{0, false, false}, {0, true, false}};
    case GoStudySymmetry::QuarterTurn:
      return {{0, false, false}, {1, false, false}, {2, false, false}, {3, false, false}};
    case GoStudySymmetry::Full:
      break;
  }
  std::vector<GoSymmetry> all;
  for (const GoSymmetry& g : go_symmetries())
    if (!g.swap_colours) all.push_back(g);
  return all;
}

namespace {

// 8 times the number of classes of byte positions that the group's byte permutations join.
int fixed_key_bits(const std::vector<GoSymmetry>& group) {
  const std::array<int, 8> class_of = go_fixed_byte_classes(group);
  int classes = 0;
  for (int i = 0; i < 8; ++i) classes += class_of[std::size_t(i)] == i ? 1 : 0;
  return 8 * classes;
}

}  // namespace

GoStudyRow study_symmetric_positions(const GoKeyTable& table, GoCombine mode,
                                     GoStudySymmetry symmetry, int samples, std::uint64_t seed) {
  const int n = table.size();
  const std::vector<GoSymmetry> group = go_study_group(symmetry);
  // The orbits of points under the group, each listed once.
  std::vector<std::vector<GoPoint>> orbits;
  std::vector<bool> seen(std::size_t(n * n), false);
  for (int y = 0; y < n; ++y) {
    for (int x = 0; x < n; ++x) {
      if (seen[std::size_t(y * n + x)]) continue;
      std::vector<GoPoint> orbit;
      for (const GoSymmetry& g : group) {
        const GoPoint q = transform_point(g, {x, y}, n);
        if (!seen[std::size_t(q.y * n + q.x)]) orbit.push_back(q);
        seen[std::size_t(q.y * n + q.x)] = true;
      }
      orbits.push_back(orbit);
    }
  }
  XorShift64Star random(seed ^ (0x5354'5544'5900'0000ULL + std::uint64_t(symmetry)));
  std::map<Key, std::set<std::string>> positions_by_key;
  std::set<std::string> positions;
  GoStudyRow row;
  for (int i = 0; i < samples; ++i) {
    GoBoard board(n);
    std::string text(std::size_t(n * n), '.');
    for (const auto& orbit : orbits) {
      const std::uint64_t r = random.next() >> 62;  // 0, 1: empty; 2: black; 3: white
      if (r < 2) continue;
      for (GoPoint p : orbit) {
        board.set(p, r == 2 ? GoStone::Black : GoStone::White);
        text[std::size_t(p.y * n + p.x)] = r == 2 ? 'b' : 'w';
      }
    }
    if (!positions.insert(text).second) continue;
    const Key key = go_full_key(table, mode, board);
    if (key == 0 && text.find_first_not_of('.') != std::string::npos) ++row.zero_keys;
    positions_by_key[key].insert(text);
  }
  row.positions = int(positions.size());
  row.distinct_keys = int(positions_by_key.size());
  for (const auto& [key, group_positions] : positions_by_key) {
    const long long k = static_cast<long long>(group_positions.size());
    row.colliding_pairs += k * (k - 1) / 2;
  }
  row.key_space_bits = fixed_key_bits(group);
  return row;
}

}  // namespace zobrist_verify
