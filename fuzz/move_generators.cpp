// The table of move generators under differential test, and the comparisons fuzz_movegen makes.
#include "move_generators.h"

#include <algorithm>
#include <array>

#include "fuzz_support.h"
#include "simple_movegen.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/uci.h"

namespace zv_fuzz {

using namespace zobrist_verify;

namespace {

void reference_legal_moves(const Position& pos, std::vector<Move>& out) {
  const MoveList list = legal_moves(pos);
  out.assign(list.begin(), list.end());
}

std::uint64_t reference_perft(Position& pos, int depth) {
  return perft(pos, depth);
}

void simple_legal_moves_of(const Position& pos, std::vector<Move>& out) {
  out.clear();
  simple_legal_moves(simple_board(pos), out);
}

std::uint64_t simple_perft_of(Position& pos, int depth) {
  return simple_perft(simple_board(pos), depth);
}

constexpr std::array<MoveGeneratorImpl, 2> Generators = {{
    {"reference", reference_legal_moves, reference_perft},
    {"simple", simple_legal_moves_of, simple_perft_of},
}};

std::string uci_list(const Position& pos, const std::vector<Move>& moves) {
  std::vector<std::string> names;
  for (const Move m : moves) names.push_back(move_to_uci(pos, m));
  std::sort(names.begin(), names.end());
  std::string out;
  for (const std::string& name : names) out += " " + name;
  return out;
}

// Moves in `a` that `b` lacks, as UCI.
std::string missing_from(const Position& pos, const std::vector<Move>& a,
                         const std::vector<Move>& b) {
  std::vector<Move> missing;
  for (const Move m : a)
    if (std::find(b.begin(), b.end(), m) == b.end()) missing.push_back(m);
  return uci_list(pos, missing);
}

bool same_set(std::vector<Move> a, std::vector<Move> b) {
  auto by_raw = [](Move x, Move y) { return x.raw() < y.raw(); };
  std::sort(a.begin(), a.end(), by_raw);
  std::sort(b.begin(), b.end(), by_raw);
  return a == b;
}

}  // namespace

std::span<const MoveGeneratorImpl> move_generators() {
  return Generators;
}

void require_same_moves(std::string_view harness, const Position& pos,
                        const std::string& reproduction) {
  const auto generators = move_generators();
  std::vector<std::vector<Move>> moves(generators.size());
  for (std::size_t i = 0; i < generators.size(); ++i) generators[i].legal_moves(pos, moves[i]);
  for (std::size_t i = 1; i < generators.size(); ++i) {
    if (same_set(moves[0], moves[i])) continue;
    std::string detail;
    for (std::size_t j = 0; j < generators.size(); ++j)
      detail += "\n  " + std::string(generators[j].name) + " (" + std::to_string(moves[j].size()) +
                "):" + uci_list(pos, moves[j]);
    detail += "\n  only " + std::string(generators[0].name) + ":" +
              missing_from(pos, moves[0], moves[i]) + "\n  only " + generators[i].name + ":" +
              missing_from(pos, moves[i], moves[0]);
    fail(harness,
         std::string(generators[i].name) + " and " + generators[0].name +
             " generate different moves in " + pos.fen() + detail,
         reproduction);
  }
}

void require_legal_agrees(std::string_view harness, const Position& pos,
                          const std::string& reproduction) {
  const SimpleBoard board = simple_board(pos);
  std::vector<Move> pseudo;
  simple_pseudo_legal_moves(board, pseudo);
  for (const Move m : pseudo) {
    const bool simple = simple_is_legal(board, m);
    if (pos.legal(m) != simple)
      fail(harness,
           "Position::legal(" + move_to_uci(pos, m) + ") is " + (simple ? "false" : "true") +
               ", the simple generator says " + (simple ? "legal" : "illegal") + ", in " +
               pos.fen(),
           reproduction);
  }
}

void require_same_perft(std::string_view harness, Position& pos, int depth,
                        const std::string& reproduction) {
  const auto generators = move_generators();
  std::vector<std::uint64_t> counts;
  for (const MoveGeneratorImpl& g : generators) counts.push_back(g.perft(pos, depth));
  for (std::size_t i = 1; i < generators.size(); ++i) {
    if (counts[i] == counts[0]) continue;
    std::string detail;
    for (std::size_t j = 0; j < generators.size(); ++j)
      detail += "\n  " + std::string(generators[j].name) + ": " + std::to_string(counts[j]);
    fail(harness, "perft(" + std::to_string(depth) + ") differs in " + pos.fen() + detail,
         reproduction);
  }
}

}  // namespace zv_fuzz
