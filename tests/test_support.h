// Helpers shared by the unit tests: reading corpus files at run time (ZV_CORPUS_DIR), splitting
// them into numbered lines, and extracting FENs independently of the library's own parsers.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"
#include "zobrist_verify/keys/key_scheme.h"

#ifndef ZV_CORPUS_DIR
#error "ZV_CORPUS_DIR must name the corpus directory (tests/CMakeLists.txt defines it)"
#endif

namespace zv_test {

// The standard start position: its placement field, and the whole FEN as a std::string.
inline const std::string StartBoard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
inline const std::string StartPosition = StartBoard + " w KQkq - 0 1";

inline std::string corpus_path(std::string_view relative) {
  return std::string(ZV_CORPUS_DIR) + "/" + std::string(relative);
}

// The whole file, or an error naming the path.
inline zobrist_verify::Expected<std::string> read_corpus_file(std::string_view relative) {
  const std::string path = corpus_path(relative);
  std::ifstream in(path, std::ios::binary);
  if (!in) return zobrist_verify::Error{"cannot open corpus file " + path};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Line {
  int number = 0;  // 1-based
  std::string text;
};

// Every line that is neither blank nor a '#' comment, without its line ending ("\n" or "\r\n").
inline std::vector<Line> content_lines(std::string_view text) {
  std::vector<Line> lines;
  int number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') continue;
    lines.push_back({number, std::string(line)});
  }
  return lines;
}

inline std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.emplace_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

// How many times `part` occurs in `text` (overlapping occurrences counted).
inline int count_of(std::string_view text, std::string_view part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

inline std::string trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

// Exactly 16 hex digits, either case.
inline std::optional<zobrist_verify::Key> parse_hex_key(std::string_view text) {
  if (text.size() != 16) return std::nullopt;
  zobrist_verify::Key key = 0;
  constexpr std::string_view Digits = "0123456789abcdef";
  for (const char c : text) {
    const char lower = c >= 'A' && c <= 'F' ? char(c - 'A' + 'a') : c;
    const std::size_t digit = Digits.find(lower);
    if (digit == std::string_view::npos) return std::nullopt;
    key = (key << 4) | zobrist_verify::Key(digit);
  }
  return key;
}

// Every built-in scheme, in the table's order (builtin_schemes()): a test over "every scheme"
// reads the table, so that a new row is checked without editing the test.
inline std::vector<const zobrist_verify::KeyScheme*> every_builtin_scheme() {
  std::vector<const zobrist_verify::KeyScheme*> schemes;
  for (const zobrist_verify::BuiltinScheme& row : zobrist_verify::builtin_schemes())
    schemes.push_back(&row.scheme());
  return schemes;
}

inline std::string hex(zobrist_verify::Key key) {
  std::ostringstream out;
  out << std::hex << std::setw(16) << std::setfill('0') << key;
  return out.str();
}

// A FEN found in a corpus file, with where it was found for failure messages.
struct CorpusFen {
  std::string fen;
  std::string where;  // "perft/standard.epd:12"
};

// FENs of a perft suite, read without the library: the part before the first ';' of an EPD line,
// or the rest of an "epd " line of a .perft file.
inline std::vector<CorpusFen> suite_fens(std::string_view relative, std::string_view text) {
  std::vector<CorpusFen> fens;
  for (const Line& line : content_lines(text)) {
    const std::string where = std::string(relative) + ":" + std::to_string(line.number);
    if (line.text.rfind("epd ", 0) == 0) {
      fens.push_back({trim(line.text.substr(4)), where});
    } else if (line.text.rfind("id ", 0) != 0 && line.text.rfind("perft ", 0) != 0) {
      fens.push_back({trim(line.text.substr(0, line.text.find(';'))), where});
    }
  }
  return fens;
}

// How the tests read perft-suite FENs: as `perft --epd` does, accepting positions no legal game
// reaches (the suites hold nine: eight impossible checks and one impossible castling right; move
// generation does not care).
inline zobrist_verify::FenOptions suite_reading(bool chess960 = false) {
  return {.chess960 = chess960, .allow_unreachable = true};
}

// FENs of all three perft suites in the corpus (standard, Chess960, tricky), in file order. A file
// that cannot be read is a test failure.
inline std::vector<CorpusFen> perft_corpus_fens() {
  std::vector<CorpusFen> fens;
  for (const char* file : {"perft/standard.epd", "perft/fischer.epd", "perft/tricky.perft"}) {
    const auto text = read_corpus_file(file);
    EXPECT_TRUE(text.has_value()) << text.error();
    if (!text) continue;
    for (auto& f : suite_fens(file, *text)) fens.push_back(std::move(f));
  }
  return fens;
}

// A perft suite from the corpus, parsed by the library; a read or parse failure is a test failure.
inline std::vector<zobrist_verify::PerftCase> load_perft_suite(const char* file) {
  const auto text = read_corpus_file(file);
  EXPECT_TRUE(text.has_value()) << text.error();
  if (!text) return {};
  auto suite = zobrist_verify::parse_perft_suite(*text);
  EXPECT_TRUE(suite.has_value()) << file << ": " << suite.error();
  if (!suite) return {};
  return std::move(suite).value();
}

// The first column of a key-vector table; "startpos" stands for `startpos`.
inline std::vector<CorpusFen> key_table_fens(std::string_view relative, std::string_view text,
                                             const std::string& startpos) {
  std::vector<CorpusFen> fens;
  for (const Line& line : content_lines(text)) {
    const std::string fen = split(line.text, '\t').front();
    fens.push_back({fen == "startpos" ? startpos : fen,
                    std::string(relative) + ":" + std::to_string(line.number)});
  }
  return fens;
}

inline std::string describe(const std::vector<zobrist_verify::FenError>& errors) {
  std::string text;
  for (const auto& e : errors) {
    text += std::string(zobrist_verify::to_string(e.code)) + " in " +
            zobrist_verify::to_string(e.field) + " at column " + std::to_string(e.column) + ": " +
            std::string(e.message()) + "\n";
  }
  return text.empty() ? "(no errors)" : text;
}

// `count` keys from SplitMix64 seeded with `seed`: a table with no structure, for the analysers.
inline std::vector<zobrist_verify::Key> random_keys(std::size_t count, std::uint64_t seed) {
  std::vector<zobrist_verify::Key> keys(count);
  zobrist_verify::SplitMix64 rng(seed);
  for (zobrist_verify::Key& key : keys) key = rng.next();
  return keys;
}

}  // namespace zv_test
