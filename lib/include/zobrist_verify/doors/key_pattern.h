// The key pattern of an engine door: an ECMAScript regular expression with one capture group
// around the key's digits, matched against each line of an engine's reply, whatever the
// protocol ("^Key: *([^ ]*) *$" for Stockfish's `d`). The FEN pattern (--fen-pattern) is one too,
// its group around the FEN of the position the engine shows.
#pragma once

#include <cstdint>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>

#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

class KeyPattern {
 public:
  // Longer than any key or FEN line (Stockfish's `d` lines are under 100 bytes), short enough
  // that matching needs well under a megabyte of stack.
  static constexpr std::size_t MaxMatchedLength = 1024;

  // The error says why `pattern` cannot be used: it is not ECMAScript, or it has not exactly one
  // capture group. `what` names the pattern in the error, `group` what its group holds.
  [[nodiscard]] static Expected<KeyPattern> compile(const std::string& pattern,
                                                    std::string_view what = "key pattern",
                                                    std::string_view group = "the key's digits");

  // A pattern whose lines are only matched, with any number of capture groups (a reply's end).
  [[nodiscard]] static Expected<KeyPattern> compile_line_pattern(const std::string& pattern,
                                                                 std::string_view what);

  // Whether `line` (its first MaxMatchedLength bytes) matches.
  bool matches(std::string_view line) const;
  // What the group captured when `line` matches (the key's text, not yet checked to be hex).
  // Only the first MaxMatchedLength bytes of `line` are matched: std::regex recurses once or more
  // per character, and a line of tens of kilobytes would overflow the stack.
  std::optional<std::string> key_text(std::string_view line) const;
  // The pattern as given.
  const std::string& text() const { return text_; }
  // Whether the pattern is matched without std::regex: a literal line start, then the key or
  // FEN between spaces, as the default patterns are ("^LITERAL *([^ ]*) *$" and
  // "^LITERAL *(.*[^ ]) *$", LITERAL without special characters); the result is the same.
  bool matched_directly() const { return direct_ != Direct::None; }

 private:
  KeyPattern() = default;
  // The direct matcher's result: nothing, or the group's text (the whole line's end).
  std::optional<std::string_view> match_directly(std::string_view line) const;

  // The shapes matched directly: "([^ ]*)" (one word, maybe empty) or "(.*[^ ])" (the rest).
  enum class Direct : std::uint8_t { None, Word, Rest };

  std::string text_;
  std::regex regex_;
  std::string literal_;  // text every matching line contains (a cheap prefilter)
  Direct direct_ = Direct::None;
};

// The keys of an engine's replies: the key pattern finds a key's text, and the text is read in
// the run's one base (core/hex.h parse_key: a sign, a 0x prefix, no padding). The base is
// --key-base's when given, else decided once, by decide_key_base, from the first key read: the
// engine door makes that the start position's (PipelinedConnection::start asks for it first).
class KeyReader {
 public:
  KeyReader(KeyPattern pattern, std::optional<KeyBase> base)
      : pattern_(std::move(pattern)), base_(base), given_(base.has_value()) {}

  const KeyPattern& pattern() const { return pattern_; }
  // The key `text` (what the pattern captured) stands for, or why it is none. The first text
  // read decides the base when none was given; an ambiguous one is an error, and decides nothing.
  [[nodiscard]] Expected<Key> read(std::string_view text);
  std::optional<KeyBase> base() const { return base_; }
  // How keys are read, for the report: "decimal (--key-base 10)", or "decimal, told from the
  // start position's key '11118386876534324246' (20 digits: more than a hexadecimal key's 16)".
  std::string reading() const;

 private:
  KeyPattern pattern_;
  std::optional<KeyBase> base_;
  bool given_ = false;
  std::string decided_from_;  // the key text and why, when the base was decided
};

// The literal text every line matched by an ECMAScript `pattern` must contain, read from its
// start up to the first special character ("Key:" for DefaultKeyPattern); "" when none.
std::string required_literal(const std::string& pattern);

}  // namespace zobrist_verify
