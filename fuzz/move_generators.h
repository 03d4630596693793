// The move generators fuzz_movegen compares: a table of implementations, the reference first.
// Another implementation (a plugin's generator, later) is one more entry: two functions that take
// our Position and answer in our Move encoding.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "zobrist_verify/chess/position.h"

namespace zv_fuzz {

struct MoveGeneratorImpl {
  const char* name;
  // Every legal move of the position, in any order.
  void (*legal_moves)(const zobrist_verify::Position& pos, std::vector<zobrist_verify::Move>& out);
  // Leaf nodes at `depth`; the position is restored before returning.
  std::uint64_t (*perft)(zobrist_verify::Position& pos, int depth);
};

// The reference (generate_legal, and perft with bulk counting by count_legal) first, then the
// simple generator of simple_movegen.h.
std::span<const MoveGeneratorImpl> move_generators();

// Fails (with every implementation's moves) unless all of them generate the same set of moves.
void require_same_moves(std::string_view harness, const zobrist_verify::Position& pos,
                        const std::string& reproduction);
// Fails unless Position::legal agrees with simple_is_legal on every pseudo-legal move of the
// simple generator (Position::legal is public API that generate_legal uses only for en passant
// and castling, so this is where the rest of it is checked).
void require_legal_agrees(std::string_view harness, const zobrist_verify::Position& pos,
                          const std::string& reproduction);
// Fails unless all of them count the same perft at `depth`.
void require_same_perft(std::string_view harness, zobrist_verify::Position& pos, int depth,
                        const std::string& reproduction);

}  // namespace zv_fuzz
