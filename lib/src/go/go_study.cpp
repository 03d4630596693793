// Samples symmetric Go positions and counts the keys they share.
#include "zobrist_verify/go/go_study.h"

#include <algorithm>
#include <array>
#include <vector>

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

// One sample's stones, one colour an orbit (0 empty, 1 black, 2 white), each orbit empty, black
// or white with chances 1/2, 1/4, 1/4.
void draw_colours(XorShift64Star& random, std::vector<std::uint8_t>& colours) {
  for (std::uint8_t& colour : colours) {
    const std::uint64_t r = random.next() >> 62;  // 0, 1: empty; 2: black; 3: white
    colour = r < 2 ? 0 : std::uint8_t(r - 1);
  }
}

// The colours packed 32 to a word, each word through the splitmix64 finaliser: sorts samples
// of one position together. Distinct positions that share it are told apart by comparing their
// colours, so it only needs to be good, not perfect.
std::uint64_t fingerprint(const std::vector<std::uint8_t>& colours) {
  std::uint64_t hash = 0;
  for (std::size_t start = 0; start < colours.size(); start += 32) {
    std::uint64_t word = 0;
    for (std::size_t o = start; o < std::min(colours.size(), start + 32); ++o)
      word = word << 2 | colours[o];
    hash ^= word + 0x9E37'79B9'7F4A'7C15ULL * (start / 32 + 1);
    hash = (hash ^ (hash >> 30)) * 0xBF58'476D'1CE4'E5B9ULL;
    hash = (hash ^ (hash >> 27)) * 0x94D0'49BB'1331'11EBULL;
    hash ^= hash >> 31;
  }
  return hash;
}

// A sample as kept until the count: 24 bytes, the only memory that grows with the samples.
struct Sample {
  Key key;
  std::uint64_t fingerprint;
  XorShift64Star random;  // the generator as it was before the sample: replays its colours
};
static_assert(sizeof(Sample) == GoStudyBytesPerSample);

// The orbits of the board's points under the group, each point in exactly one.
std::vector<std::vector<GoPoint>> point_orbits(const std::vector<GoSymmetry>& group, int n) {
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
  return orbits;
}

// Adds to `row` one key's samples (drawn[start, end)): its distinct positions, told apart by
// replaying their colours within each run of one fingerprint, and their colliding pairs.
void count_key(const std::vector<Sample>& drawn, std::size_t start, std::size_t end,
               std::vector<std::uint8_t>& colours, GoStudyRow& row) {
  const Key key = drawn[start].key;
  std::vector<std::vector<std::uint8_t>> positions;  // the distinct ones of this key
  for (std::size_t at = start; at < end;) {
    // A run of one fingerprint: one position, unless the replayed colours say otherwise.
    std::size_t run_end = at + 1;
    while (run_end < end && drawn[run_end].fingerprint == drawn[at].fingerprint) ++run_end;
    const std::size_t known = positions.size();
    for (std::size_t s = at; s < run_end; ++s) {
      XorShift64Star replay = drawn[s].random;
      draw_colours(replay, colours);
      if (std::find(positions.begin() + std::ptrdiff_t(known), positions.end(), colours) ==
          positions.end())
        positions.push_back(colours);
    }
    at = run_end;
  }
  for (const auto& position : positions)
    if (key == 0 && std::any_of(position.begin(), position.end(), [](auto c) { return c != 0; }))
      ++row.zero_keys;
  const long long k = static_cast<long long>(positions.size());
  row.positions += int(k);
  row.distinct_keys += 1;
  row.colliding_pairs += k * (k - 1) / 2;
}

}  // namespace

GoStudyRow study_symmetric_positions(const GoKeyTable& table, GoCombine mode,
                                     GoStudySymmetry symmetry, int samples, std::uint64_t seed,
                                     const std::function<void(int drawn)>& progress) {
  const std::vector<GoSymmetry> group = go_study_group(symmetry);
  const std::vector<std::vector<GoPoint>> orbits = point_orbits(group, table.size());
  // Positions are not kept: each sample keeps its key, a fingerprint of its stones and the
  // generator state that replays them. Sorted, samples of one key lie together, and within a
  // key those of one position; replaying the stones tells positions apart exactly.
  XorShift64Star random(seed ^ (0x5354'5544'5900'0000ULL + std::uint64_t(symmetry)));
  // Each orbit's stones combined once a colour: xor and byte-wise addition are associative
  // and commutative, so a position's key is the combination of its orbits' keys.
  std::vector<std::array<Key, 2>> orbit_keys;
  for (const auto& orbit : orbits) {
    std::array<Key, 2> keys{0, 0};
    for (GoPoint p : orbit) {
      keys[0] = go_combine(keys[0], table.key(GoStone::Black, p), mode);
      keys[1] = go_combine(keys[1], table.key(GoStone::White, p), mode);
    }
    orbit_keys.push_back(keys);
  }
  std::vector<std::uint8_t> colours(orbits.size());
  std::vector<Sample> drawn;
  drawn.reserve(std::size_t(std::max(samples, 0)));
  for (int i = 0; i < samples; ++i) {
    Sample sample{0, 0, random};
    draw_colours(random, colours);
    for (std::size_t o = 0; o < orbits.size(); ++o)
      if (colours[o] != 0)
        sample.key = go_combine(sample.key, orbit_keys[o][colours[o] - 1u], mode);
    sample.fingerprint = fingerprint(colours);
    drawn.push_back(sample);
    if (progress && (i + 1) % 65536 == 0) progress(i + 1);
  }
  std::sort(drawn.begin(), drawn.end(), [](const Sample& a, const Sample& b) {
    return a.key != b.key ? a.key < b.key : a.fingerprint < b.fingerprint;
  });

  GoStudyRow row;
  for (std::size_t start = 0; start < drawn.size();) {
    std::size_t end = start + 1;
    while (end < drawn.size() && drawn[end].key == drawn[start].key) ++end;
    count_key(drawn, start, end, colours, row);
    start = end;
  }
  row.key_space_bits = fixed_key_bits(group);
  return row;
}

}  // namespace zobrist_verify
