// Helpers shared by the fuzz harnesses: failing with a reproduction, the key schemes every
// harness cycles through, and decoding a start position from the input's first bytes.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "byte_consumer.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zv_fuzz {

// Prints "<harness>: FAILED: <what>" and the reproduction to stderr, then aborts so libFuzzer
// (or the replay program, or ctest) records the input as a crash.
[[noreturn]] void fail(std::string_view harness, const std::string& what,
                       const std::string& reproduction);

// The bytes in single quotes, with anything outside printable ASCII written as \xNN.
std::string quoted(std::string_view bytes);
std::string describe(const zobrist_verify::Keys& keys);

// Every built-in scheme (builtin_schemes(), in the table's order), then a seeded scheme under the
// Legal en-passant rule, so that the rules of the built-ins and Legal are all exercised.
std::span<const zobrist_verify::KeyScheme* const> schemes();
// One of schemes(), chosen by one byte of input.
const zobrist_verify::KeyScheme& read_scheme(ByteConsumer& in);

// The positions compiled in from fuzz/start-positions.fen (comments and blank lines dropped).
const std::vector<std::string>& builtin_start_fens();

// Chess960 start position number 0..959 (Scharnagl numbering; 518 is the standard array), as a
// FEN with Shredder castling letters. All 960 are built on first use and live as long as the
// program, so a harness can hold a view of one without allocating.
std::string_view chess960_start_fen(unsigned number);

// Longest FEN a start header may carry; longer than any valid FEN.
constexpr std::size_t MaxHeaderFenLength = 120;

// Where a harness starts. The header is (docs/fuzzing.md has the full format):
//   byte 0: kind = value % 4, Chess960 option = bit 2
//     kind 0: the standard start position
//     kind 1: byte 1 picks builtin_start_fens()[value % size]
//     kind 2: byte 1 = length L (at most MaxHeaderFenLength), then L bytes of FEN text
//     kind 3: bytes 1-2 (little-endian) % 960 pick a Chess960 start position
// Every start is read with FenOptions::allow_unreachable: moves and keys do not depend on
// whether a game reaches the position, and the built-in starts hold perft positions that no game
// reaches.
struct Start {
  std::string_view fen;  // built-in text, or the input's own bytes (valid during the call)
  zobrist_verify::FenOptions options;
  bool from_input = false;  // the FEN is fuzzed text, which may not parse
};
Start read_start(ByteConsumer& in);
std::string describe(const Start& start);

// A human-readable copy of a position's state for failure messages: FEN, keys, scheme.
std::string describe(const zobrist_verify::Position& pos);

}  // namespace zv_fuzz
