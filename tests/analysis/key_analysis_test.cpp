// The key-set analyser: the built-in tables pass, and constructed bad tables are flagged with the
// exact subset, derived here by construction, by hand or by brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <sstream>

#include "test_support.h"
#include "zobrist_verify/analysis/key_analysis.h"

namespace zobrist_verify {
namespace {

using zv_test::random_keys;

KeyAnalysis analyse(const std::vector<Key>& keys) {
  return analyse_keys(key_list_set(keys, "test"));
}

bool has_flag(const KeyAnalysis& analysis, std::string_view name) {
  return std::any_of(analysis.flags.begin(), analysis.flags.end(),
                     [&](const KeyFlag& flag) { return flag.name == name; });
}

std::vector<std::size_t> dependency_of(const KeyAnalysis& analysis) {
  return analysis.smallest_dependency ? analysis.smallest_dependency->indices
                                      : std::vector<std::size_t>{};
}

// The analysis with searches beyond size 4 cut down to a few samples, for claims about the other
// checks: the searches report only subsets whose keys XOR to zero, so a smaller budget can miss a
// dependency but never invent one. (Exact size 5 and the default samples take seconds a table.)
KeyAnalysisOptions few_samples() {
  KeyAnalysisOptions options;
  options.exhaustive_triples = 0;  // size 5 sampled
  options.sampled_subsets = 1 << 12;
  return options;
}

// Every built-in table passes everything with a threshold and the exact searches to size 4. The
// whole default analysis (seconds a table) runs on Rustic's, through `zobrist-verify keys` in
// analysis_cli_test: its searches beyond size 4 are the same code for every table.
TEST(KeyAnalysis, BuiltInSchemesPassAfterTheirReduction) {
  for (const KeyScheme* scheme : {&polyglot_scheme(), &stockfish_scheme(), &rustic_scheme()}) {
    const KeyAnalysis analysis = analyse_keys(chess_key_set(*scheme), few_samples());
    EXPECT_TRUE(analysis.passed()) << scheme->name << ": " << analysis.flags.front().detail;
    EXPECT_EQ(analysis.rank, 64) << scheme->name;
    EXPECT_FALSE(analysis.smallest_dependency) << scheme->name;
  }
}

// No threshold (bit balance, Hamming distances, rank) flags a table of random keys of Polyglot's
// size (the whole default analysis of such a table is Rustic's, above).
TEST(KeyAnalysis, RandomKeysPass) {
  EXPECT_TRUE(analyse_keys(key_list_set(random_keys(781, 7), "test"), few_samples()).passed());
}

TEST(KeyAnalysis, DuplicateKeysAreTheSmallestDependency) {
  std::vector<Key> keys = random_keys(200, 1);
  keys[57] = keys[12];
  const KeyAnalysis analysis = analyse(keys);
  EXPECT_EQ(dependency_of(analysis), (std::vector<std::size_t>{12, 57}));
  EXPECT_EQ(analysis.smallest_dependency->count, 1u);
  EXPECT_EQ(analysis.min_hamming, 0);
  EXPECT_TRUE(has_flag(analysis, "dependency"));
}

TEST(KeyAnalysis, AZeroKeyIsADependencyOfOne) {
  std::vector<Key> keys = random_keys(100, 2);
  keys[40] = 0;
  EXPECT_EQ(dependency_of(analyse(keys)), (std::vector<std::size_t>{40}));
}

TEST(KeyAnalysis, AKeyEqualToTheXorOfTwoOthersIsATriple) {
  std::vector<Key> keys = random_keys(200, 3);
  keys[150] = keys[20] ^ keys[90];
  const KeyAnalysis analysis = analyse(keys);
  EXPECT_EQ(dependency_of(analysis), (std::vector<std::size_t>{20, 90, 150}));
  EXPECT_EQ(analysis.smallest_dependency->count, 1u);
}

// Keys 1 to 200 are full of triples (1 ^ 2 == 3): the hashed lookup finds every one of them,
// each once, as a brute force over all triples does.
TEST(KeyAnalysis, TheSizeThreeSearchCountsEveryTripleOfCounterKeys) {
  std::vector<Key> keys;
  for (Key k = 1; k <= 200; ++k) keys.push_back(k);
  std::uint64_t triples = 0;
  for (std::size_t i = 0; i < keys.size(); ++i)
    for (std::size_t j = i + 1; j < keys.size(); ++j)
      for (std::size_t k = j + 1; k < keys.size(); ++k) triples += (keys[i] ^ keys[j]) == keys[k];
  const KeyAnalysis analysis = analyse(keys);
  EXPECT_EQ(dependency_of(analysis), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(analysis.smallest_dependency->count, triples);
  EXPECT_FALSE(analysis.triple_search.cut());
}

KeyAnalysis analyse_with_pair_budget(const std::vector<Key>& keys, std::uint64_t pairs) {
  KeyAnalysisOptions options;
  options.triple_search_pairs = pairs;
  return analyse_keys(key_list_set(keys, "test"), options);
}

// Pairs are examined row by row, (0,1) .. (0,1999), (1,2) ..: 10,000 pairs reach row 5.
TEST(KeyAnalysis, ATripleWithinTheSearchBudgetIsFoundAndSaysTheSearchWasCut) {
  std::vector<Key> keys = random_keys(2000, 11);
  keys[1700] = keys[2] ^ keys[1500];
  const KeyAnalysis analysis = analyse_with_pair_budget(keys, 10'000);
  EXPECT_EQ(dependency_of(analysis), (std::vector<std::size_t>{2, 1500, 1700}));
  EXPECT_TRUE(analysis.smallest_dependency->cut);
  EXPECT_TRUE(has_flag(analysis, "dependency"));
  EXPECT_TRUE(analysis.triple_search.cut());
  EXPECT_NE(analysis.flags.front().detail.find("size-3 search was cut"), std::string::npos)
      << analysis.flags.front().detail;
}

TEST(KeyAnalysis, ATripleBeyondTheSearchBudgetIsMissedAndTheSearchSaysHowFarItWent) {
  std::vector<Key> keys = random_keys(2000, 12);
  keys[1999] = keys[1000] ^ keys[1500];
  const KeyAnalysis analysis = analyse_with_pair_budget(keys, 10'000);
  EXPECT_FALSE(analysis.smallest_dependency);
  EXPECT_TRUE(analysis.triple_search.cut());
  EXPECT_EQ(analysis.triple_search.pairs_examined, 10'000u);
  EXPECT_EQ(analysis.triple_search.pairs, 1'999'000u);
  EXPECT_NE(analysis.search.find("size 3 cut after 10,000 of 1,999,000 key pairs"),
            std::string::npos)
      << analysis.search;
  EXPECT_NE(analysis.search.find("no dependency found among those"), std::string::npos);
  EXPECT_NE(analysis.search.find("sizes 4 to 8 not searched"), std::string::npos);
}

TEST(KeyAnalysis, ABudgetOfEveryPairSearchesSizeThreeWhole) {
  std::vector<Key> keys = random_keys(300, 13);
  keys[299] = keys[297] ^ keys[298];  // found from pair (297,298), the third from last
  const KeyAnalysis analysis = analyse_with_pair_budget(keys, 300 * 299 / 2);
  EXPECT_FALSE(analysis.triple_search.cut());
  EXPECT_EQ(analysis.triple_search.triples_covered, 1.0);
  EXPECT_EQ(dependency_of(analysis), (std::vector<std::size_t>{297, 298, 299}));
  EXPECT_FALSE(analysis.smallest_dependency->cut);
}

TEST(KeyAnalysis, FourKeysXoringToZeroAreFound) {
  std::vector<Key> keys = random_keys(200, 4);
  keys[3] = keys[77] ^ keys[120] ^ keys[199];
  const KeyAnalysis analysis = analyse(keys);
  EXPECT_EQ(dependency_of(analysis), (std::vector<std::size_t>{3, 77, 120, 199}));
  EXPECT_EQ(analysis.smallest_dependency->count, 1u);
  EXPECT_TRUE(analysis.smallest_dependency->exhaustive);
}

TEST(KeyAnalysis, FiveKeysXoringToZeroAreFoundExhaustively) {
  std::vector<Key> keys = random_keys(120, 5);
  keys[100] = keys[1] ^ keys[2] ^ keys[30] ^ keys[64];
  EXPECT_EQ(dependency_of(analyse(keys)), (std::vector<std::size_t>{1, 2, 30, 64, 100}));
}

TEST(KeyAnalysis, AConstantBitIsFlaggedByItself) {
  std::vector<Key> keys = random_keys(300, 6);
  for (Key& key : keys) key &= ~(Key{1} << 5);
  const KeyAnalysis analysis = analyse_keys(key_list_set(keys, "test"), few_samples());
  ASSERT_TRUE(has_flag(analysis, "constant-bit"));
  EXPECT_FALSE(analysis.smallest_dependency);  // no subset to show, only the bit
  EXPECT_EQ(analysis.ones[5], 0u);
  EXPECT_EQ(analysis.max_bias_bit, 5);
  EXPECT_EQ(analysis.rank, 63);
}

// Marsaglia's 16-bit xorshift (7, 9, 8): linear over GF(2), so its keys span at most 16
// dimensions and small dependencies abound.
std::vector<Key> weak_generator_keys(std::size_t count) {
  std::uint16_t x = 1;
  auto next = [&x] {
    x ^= std::uint16_t(x << 7);
    x ^= std::uint16_t(x >> 9);
    x ^= std::uint16_t(x << 8);
    return Key{x};
  };
  std::vector<Key> keys(count);
  for (Key& key : keys) key = next() << 48 | next() << 32 | next() << 16 | next();
  return keys;
}

// The first dependent subset of the smallest size up to 4, by brute force in index order.
std::vector<std::size_t> brute_force_dependency(const std::vector<Key>& k) {
  const std::size_t n = k.size();
  for (std::size_t a = 0; a < n; ++a)
    if (k[a] == 0) return {a};
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      if (k[a] == k[b]) return {a, b};
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      for (std::size_t c = b + 1; c < n; ++c)
        if ((k[a] ^ k[b] ^ k[c]) == 0) return {a, b, c};
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      for (std::size_t c = b + 1; c < n; ++c)
        for (std::size_t d = c + 1; d < n; ++d)
          if ((k[a] ^ k[b] ^ k[c] ^ k[d]) == 0) return {a, b, c, d};
  return {};
}

TEST(KeyAnalysis, KeysFromAWeak16BitGeneratorAreFlaggedWithTheFirstSubset) {
  const std::vector<Key> keys = weak_generator_keys(100);
  const std::vector<std::size_t> expected = brute_force_dependency(keys);
  ASSERT_FALSE(expected.empty());
  const KeyAnalysis analysis = analyse(keys);
  EXPECT_EQ(dependency_of(analysis), expected);
  EXPECT_LE(analysis.rank, 16);
  EXPECT_TRUE(has_flag(analysis, "rank"));
}

// The first-order Reed-Muller code RM(1,6): codeword(m) has bit x = m6 ^ parity(m & x & 63), for
// the 7-bit message m. Its minimum distance is 32, the largest a set of 127 keys can have, and it
// is linear: codeword(i) ^ codeword(j) == codeword(i ^ j).
Key reed_muller_codeword(unsigned message) {
  Key word = 0;
  for (unsigned x = 0; x < 64; ++x) {
    const unsigned bit = (message >> 6 & 1) ^ (std::popcount(message & x & 63u) & 1);
    word |= Key{bit} << x;
  }
  return word;
}

TEST(KeyAnalysis, ALinearCodeWithLargeMinimumDistanceIsFlagged) {
  std::vector<Key> keys;  // index i holds codeword(i + 1)
  for (unsigned message = 1; message < 128; ++message)
    keys.push_back(reed_muller_codeword(message));
  const KeyAnalysis analysis = analyse(keys);
  // codeword(1) ^ codeword(2) == codeword(3): indices 0, 1, 2. Every pair {i, j} of the 127
  // messages gives the triple {i, j, i ^ j}, each counted from its three pairs: 127 * 126 / 6.
  EXPECT_EQ(dependency_of(analysis), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(analysis.smallest_dependency->count, 2667u);
  EXPECT_EQ(analysis.min_hamming, 32);
  EXPECT_TRUE(has_flag(analysis, "min-hamming-large"));
  EXPECT_EQ(analysis.rank, 7);
}

TEST(ChessKeySet, KeepsTheKeysPositionsCombine) {
  // 736 piece-square keys (12 x 64 less 2 x 16 pawns on the back ranks), then castling, en
  // passant and side keys as each table holds them.
  EXPECT_EQ(chess_key_set(polyglot_scheme()).keys.size(), 736u + 4 + 8 + 1);
  EXPECT_EQ(chess_key_set(stockfish_scheme()).keys.size(), 736u + 16 + 8 + 1);
  EXPECT_EQ(chess_key_set(rustic_scheme()).keys.size(), 736u + 16 + 16 + 1 + 2);
}

TEST(ChessKeySet, PolyglotEntriesAreNamedAndTakenFromThePublishedTable) {
  auto text = zv_test::read_corpus_file("keys/polyglot-random64.txt");
  ASSERT_TRUE(text) << text.error();
  std::istringstream lines(*text);
  std::vector<Key> published;
  for (std::string line; std::getline(lines, line);)
    published.push_back(std::stoull(line, nullptr, 16));
  ASSERT_EQ(published.size(), 781u);
  const NamedKeySet set = chess_key_set(polyglot_scheme());
  // White pawns a2..h7 are entries 0..47, white knights a1..h8 48..111: g1 is 54. Polyglot's
  // white knight is kind 3, so its g1 key is published entry 64 * 3 + 6.
  EXPECT_EQ(set.names[54], "white knight g1");
  EXPECT_EQ(set.keys[54], published[198]);
  EXPECT_EQ(set.names[736], "castling K");
  EXPECT_EQ(set.keys[736], published[768]);
  EXPECT_EQ(set.names[744], "en passant file e");
  EXPECT_EQ(set.keys[744], published[776]);
  EXPECT_EQ(set.names[748], "side");
  EXPECT_EQ(set.keys[748], published[780]);
}

TEST(ChessKeySet, DependentCastlingKeysAreFoundByMeaning) {
  KeyScheme scheme = stockfish_scheme();
  scheme.castling[3] = scheme.castling[1] ^ scheme.castling[2];  // KQ = K ^ Q, the rest drawn
  const NamedKeySet set = chess_key_set(scheme);
  const KeyAnalysis analysis = analyse_keys(set);
  ASSERT_TRUE(analysis.smallest_dependency);
  EXPECT_EQ(analysis.smallest_dependency->names,
            (std::vector<std::string>{"castling K", "castling Q", "castling KQ"}));
}

// Keyed by rook square, the castling keys are the rook squares' (Ethereal's table draws a
// castle key for every square; a1 = b1 ^ c1 here is a dependency positions can show).
TEST(ChessKeySet, CastlingKeyedByRookSquareKeepsTheRookSquaresKeys) {
  KeyScheme scheme = stockfish_scheme();
  scheme.castling_keying = CastlingKeying::RookSquare;
  scheme.castling = {};
  scheme.castling_rook[B1] = 0x1234567890ABCDEFULL;
  scheme.castling_rook[C1] = 0x0FEDCBA987654321ULL;
  scheme.castling_rook[A1] = scheme.castling_rook[B1] ^ scheme.castling_rook[C1];
  scheme.castling_rook[H8] = 0x5555AAAA3333CCCCULL;
  const NamedKeySet set = chess_key_set(scheme);
  ASSERT_EQ(set.keys.size(), 736u + 4u + 8u + 1u);
  EXPECT_EQ(set.names[736], "castling rook a1");
  EXPECT_EQ(set.names[739], "castling rook h8");
  EXPECT_EQ(set.keys[739], 0x5555AAAA3333CCCCULL);
  const KeyAnalysis analysis = analyse_keys(set);
  ASSERT_TRUE(analysis.smallest_dependency);
  EXPECT_EQ(analysis.smallest_dependency->names,
            (std::vector<std::string>{"castling rook a1", "castling rook b1", "castling rook c1"}));
}

TEST(KeyList, ParsesHexLinesAndNamesTheLineOfABadOne) {
  auto keys = parse_key_list("0x1\n# a comment\n\nABCDEF  \r\n", "k.txt");
  ASSERT_TRUE(keys) << keys.error();
  EXPECT_EQ(*keys, (std::vector<Key>{1, 0xABCDEF}));
  auto bad = parse_key_list("1\n2\nxyz\n", "k.txt");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "k.txt:3: bad key 'xyz': expected 1 to 16 hex digits, one key a line");
}

TEST(KeyList, SkipsAByteOrderMarkAndCutsALongBadLine) {
  const std::string byte_order_mark = "\xef\xbb\xbf";
  auto keys = parse_key_list(byte_order_mark + "0x1\n2\n", "k.txt");
  ASSERT_TRUE(keys) << keys.error();
  EXPECT_EQ(*keys, (std::vector<Key>{1, 2}));
  auto bad = parse_key_list("1\n" + std::string(200, 'q') + "\n", "k.txt");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "k.txt:2: bad key '" + std::string(160, 'q') +
                             "...' (200 bytes): expected 1 to 16 hex digits, one key a line");
}

// Everything the report is made of, for `threads` threads.
std::string analysis_text(const std::vector<Key>& keys, int threads,
                          std::uint64_t budget = DefaultTripleSearchPairs) {
  KeyAnalysisOptions options;
  options.threads = threads;
  options.triple_search_pairs = budget;
  options.sampled_subsets = 1 << 16;
  const KeyAnalysis a = analyse_keys(key_list_set(keys, "test"), options);
  std::ostringstream out;
  out << a.rank << ' ' << a.min_hamming << ' ' << a.min_hamming_pair[0] << ' '
      << a.min_hamming_pair[1] << ' ' << a.max_bit_bias << ' ' << a.search << ' '
      << a.triple_search.pairs_examined << ' ' << a.triple_search.triples_covered << ':';
  if (a.smallest_dependency)
    for (std::size_t index : a.smallest_dependency->indices) out << ' ' << index;
  if (a.smallest_dependency)
    out << " count " << a.smallest_dependency->count << " exhaustive "
        << a.smallest_dependency->exhaustive << " cut " << a.smallest_dependency->cut;
  for (const KeyFlag& flag : a.flags) out << '\n' << flag.name << ": " << flag.detail;
  return out.str();
}

void expect_same_for_two_and_three_threads(const std::vector<Key>& keys,
                                           std::uint64_t budget = DefaultTripleSearchPairs) {
  const std::string one = analysis_text(keys, 1, budget);
  EXPECT_EQ(analysis_text(keys, 2, budget), one);
  EXPECT_EQ(analysis_text(keys, 3, budget), one);
}

TEST(KeyAnalysisThreads, ManyTriplesGiveTheSameFirstSubsetAndCountForAnyThreads) {
  // Six triples planted across the rows: the first in index order is {4, 300, 301}.
  std::vector<Key> keys = random_keys(400, 31);
  for (std::size_t t = 0; t < 6; ++t) keys[301 + 10 * t] = keys[4 + 50 * t] ^ keys[300 + 10 * t];
  const std::string one = analysis_text(keys, 1);
  EXPECT_NE(one.find(": 4 300 301 count 6 exhaustive 1"), std::string::npos) << one;
  expect_same_for_two_and_three_threads(keys);
}

TEST(KeyAnalysisThreads, ACutSizeThreeSearchCoversTheSamePairsForAnyThreads) {
  std::vector<Key> keys = random_keys(3000, 32);
  keys[2500] = keys[1] ^ keys[2000];
  const std::string one = analysis_text(keys, 1, 20'000);
  EXPECT_NE(one.find(": 1 2000 2500 count 1 exhaustive 1 cut 1"), std::string::npos) << one;
  expect_same_for_two_and_three_threads(keys, 20'000);
}

TEST(KeyAnalysisThreads, QuintuplesAndTiedHammingPairsAreTheSameForAnyThreads) {
  // Two 5-key dependencies, and two pairs at distance 3 (the first is reported: 10 and 11).
  std::vector<Key> keys = random_keys(120, 33);
  keys[100] = keys[1] ^ keys[2] ^ keys[3] ^ keys[4];
  keys[110] = keys[5] ^ keys[6] ^ keys[7] ^ keys[8];
  keys[11] = keys[10] ^ 0b111;
  keys[91] = keys[90] ^ 0b111'0000;
  const std::string one = analysis_text(keys, 1);
  EXPECT_NE(one.find(" 3 10 11 "), std::string::npos) << one;
  EXPECT_NE(one.find(": 1 2 3 4 100 count 2 exhaustive 1"), std::string::npos) << one;
  expect_same_for_two_and_three_threads(keys);
}

// The first n columns of the parity-check matrix of the binary BCH code of length 2047 and
// designed distance 5, (a^i, a^3i) over GF(2^11), spread to 64 bits by a fixed linear map (the
// XOR of random keys, one a bit): no 4 of them XOR to zero, and some 10^7 sets of 5 do.
std::vector<Key> bch_columns(std::size_t n) {
  auto times = [](Key x, Key y) {  // in GF(2^11) modulo x^11 + x^2 + 1
    Key product = 0;
    for (; y != 0; y >>= 1) {
      if (y & 1) product ^= x;
      x <<= 1;
      if (x >> 11) x ^= 0x805;
    }
    return product;
  };
  const std::vector<Key> spread = random_keys(22, 35);  // independent: rank 22 is checked below
  auto linear = [&](Key bits) {
    Key key = 0;
    for (std::size_t b = 0; b < 22; ++b)
      if (bits >> b & 1) key ^= spread[b];
    return key;
  };
  std::vector<Key> keys;
  Key power = 1, cube = 1;
  const Key alpha_cubed = times(times(2, 2), 2);
  for (std::size_t i = 0; i < n; ++i) {
    keys.push_back(linear(power | cube << 11));
    power = times(power, 2);
    cube = times(cube, alpha_cubed);
  }
  return keys;
}

TEST(KeyAnalysisThreads, TheSampledSearchFindsTheSameSubsetsForAnyThreads) {
  // 1,200 keys: too many for the exact size-5 search, so size 5 is sampled, and finds many.
  const std::vector<Key> keys = bch_columns(1200);
  const std::string one = analysis_text(keys, 1);
  EXPECT_EQ(one.substr(0, 3), "22 ") << one;  // the rank: the spreading map lost nothing
  EXPECT_NE(one.find("sampled for size 5"), std::string::npos) << one;
  EXPECT_NE(one.find("exhaustive 0"), std::string::npos) << one;
  expect_same_for_two_and_three_threads(keys);
}

}  // namespace
}  // namespace zobrist_verify
