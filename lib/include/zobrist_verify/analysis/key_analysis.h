// The key-set analyser: how good a table of Zobrist keys is on its own, before any position is
// hashed. Bit balance, the minimum Hamming distance, the rank over GF(2), and the smallest
// subset of keys that XORs to zero (the positions such keys describe collide whatever the rest of
// the board). Generic over NamedKeySet: it never assumes chess. Thresholds: docs/statistics.md.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "zobrist_verify/core/key_set.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {

// A subset of keys whose XOR is zero.
struct KeyDependency {
  std::vector<std::size_t> indices;  // sorted, 0-based in the set's order
  std::vector<std::string> names;    // the meaning of each index
  std::uint64_t count = 0;  // dependent subsets of this size found (all of them when exhaustive)
  bool exhaustive = true;   // found by the exact search (sizes 1 to 4, and 5 for small sets)
  bool cut = false;         // the exact search was cut by its budget: count covers part of it
};

// Something the analyser holds against a key set; any flag fails it.
struct KeyFlag {
  std::string name;    // "dependency", "constant-bit", "bit-bias", "rank", "min-hamming-small", ...
  std::string detail;  // one line a person can act on
};

// The exact size-3 search examines pairs of keys i < j, each looked up against every key after
// j; it stops after this many pairs (a count, not a time, so that results do not depend on the
// machine's load). 2^30 pairs take a few seconds; sets of up to 46,341 keys are searched whole.
constexpr std::uint64_t DefaultTripleSearchPairs = std::uint64_t{1} << 30;

struct KeyAnalysisOptions {
  std::uint64_t seed = 0x6B65'7973'0000'0001ULL;   // the sampled search for sizes 6 to 8
  std::uint64_t sampled_subsets = 1u << 22;        // random subsets tried per size 6, 7 and 8
  std::uint64_t exhaustive_triples = 200'000'000;  // size 5 is exact when C(n,3) is at most this
  std::uint64_t triple_search_pairs = DefaultTripleSearchPairs;  // the size-3 search's budget
  // Threads sharing the Hamming distances and the dependency searches (--jobs); the analysis is
  // the same for every count.
  int threads = 1;
  // Called now and then by the size-3 search, by one thread at a time, with the pairs examined
  // (by all threads) and the pairs it will examine in all (for a progress line); may be empty.
  std::function<void(std::uint64_t examined, std::uint64_t total)> progress;
};

// How far the exact size-3 search went. Pairs are examined in order (0,1), (0,2), ... (0,n-1),
// (1,2), ...; pair (i,j) covers every triple whose two smallest indices are i and j.
struct TripleSearchExtent {
  std::uint64_t pairs_examined = 0;
  std::uint64_t pairs = 0;     // C(n,2) when the search ran; 0 when a smaller subset was found
  double triples_covered = 0;  // the fraction of the C(n,3) triples those pairs cover
  bool cut() const { return pairs_examined < pairs; }
};

struct KeyAnalysis {
  std::size_t keys = 0;
  int rank = 0;  // over GF(2), at most 64
  int min_hamming = 64;
  std::array<std::size_t, 2> min_hamming_pair{};  // the first pair at that distance
  std::array<std::size_t, 64> ones{};             // keys with each bit set
  double max_bit_bias = 0;                        // max over bits of |ones/keys - 1/2|
  int max_bias_bit = 0;
  std::optional<KeyDependency> smallest_dependency;
  std::string search;  // what the dependency search covered, for the report
  TripleSearchExtent triple_search;
  std::vector<KeyFlag> flags;
  bool passed() const { return flags.empty(); }
};

// The thresholds (documented in docs/statistics.md): a bit's bias, and the minimum Hamming
// distance in either direction, are flagged when their p-value under random keys is at most this.
constexpr double KeyFlagPValue = 1.0 / (1 << 20);

KeyAnalysis analyse_keys(const NamedKeySet& set, const KeyAnalysisOptions& options = {});

// The keys a chess position can combine, in the table order of docs/key-scheme-file.md (psq in
// PNBRQKpnbrqk order and squares a1..h8, castling by mask, en passant by square, en passant none,
// side white, side black), reduced as `reductions` says: pawns never on ranks 1 and 8; the four
// single castling rights when the 16-entry table is their XOR (Polyglot), all non-zero entries
// when drawn independently, the non-zero rook-square keys of ranks 1 and 8 when castling is
// keyed by rook square; one en-passant key per file when shared by file, else the 16
// squares of ranks 3 and 6; no zero "absent" entries (castling 0, en passant none, a side key).
NamedKeySet chess_key_set(const KeyScheme& scheme);

// A bare list of hex keys, one a line (1 to 16 hex digits, optional 0x; blank lines and `#`
// comments are skipped). Errors name the source, the line and the token.
[[nodiscard]] Expected<std::vector<Key>> parse_key_list(std::string_view text,
                                                        const std::string& source);
// A key list as given, named by the Polyglot layout when it has its 781 keys, else "key I".
NamedKeySet key_list_set(std::span<const Key> keys, std::string name);

// The names of the Polyglot layout's 781 entries: "white knight g1", "castling K", ...
std::string polyglot_entry_name(std::size_t index);

}  // namespace zobrist_verify
