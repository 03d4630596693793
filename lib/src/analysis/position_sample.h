// Distinct chess positions by random legal play, with the key each has under a scheme.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::analysis {

struct PositionSample {
  // One a distinct position, in fingerprint order. Not a vector: its pages are first touched as
  // the records they replace are freed, so the two never take their whole room at once.
  std::unique_ptr<Key[]> key_buffer;
  std::size_t positions = 0;
  std::span<const Key> keys() const { return {key_buffer.get(), positions}; }
  std::uint64_t generated = 0;  // positions visited, duplicates included
  std::uint64_t games = 0;
};

// Games longest ply count: each game's length is drawn uniformly from 1 to this.
constexpr int MaxGamePlies = 400;

// The games of each round come in this many chunks, each with its own seed (drawn in turn from
// the run's seed) and quota; threads take chunks, so the sample never depends on their number.
constexpr std::size_t SampleChunks = 64;

// `count` distinct positions: random legal games from the start position, played in chunks by
// `threads` threads, every position after every move recorded, deduplicated by a 128-bit
// fingerprint of the board, side, castling rights and the en-passant square when the scheme's
// rule hashes it. The same sample for every `threads`; `progress` is called by one thread at a
// time with the positions made by all of them.
PositionSample sample_distinct_positions(
    const KeyScheme& scheme, std::uint64_t count, std::uint64_t seed, int threads,
    const std::function<void(std::string_view, std::uint64_t, std::uint64_t)>& progress);

}  // namespace zobrist_verify::analysis
