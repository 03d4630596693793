// The key pattern of an engine door: an ECMAScript regular expression with one capture group
// around the key's hex digits, matched against each line of an engine's reply, whatever the
// protocol ("^Key: *([^ ]*) *$" for Stockfish's `d`). The FEN pattern (--fen-pattern) is one too,
// its group around the FEN of the position the engine shows.
#pragma once

#include <optional>
#include <regex>
#include <string>
#include <string_view>

#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

class KeyPattern {
 public:
  // Longer than any key or FEN line (Stockfish's `d` lines are under 100 bytes), short enough
  // that matching needs well under a megabyte of stack.
  static constexpr std::size_t MaxMatchedLength = 1024;

  // The error says why `pattern` cannot be used: it is not ECMAScript, or it has not exactly one
  // capture group. `what` names the pattern in the error, `group` what its group holds.
  [[nodiscard]] static Expected<KeyPattern> compile(
      const std::string& pattern, std::string_view what = "key pattern",
      std::string_view group = "the key's hex digits");

  // What the group captured when `line` matches (the key's text, not yet checked to be hex).
  // Only the first MaxMatchedLength bytes of `line` are matched: std::regex recurses once or more
  // per character, and a line of tens of kilobytes would overflow the stack.
  std::optional<std::string> key_text(std::string_view line) const;
  // The pattern as given.
  const std::string& text() const { return text_; }

 private:
  KeyPattern() = default;

  std::string text_;
  std::regex regex_;
  std::string literal_;  // text every matching line contains (a cheap prefilter)
};

// The literal text every line matched by an ECMAScript `pattern` must contain, read from its
// start up to the first special character ("Key:" for DefaultKeyPattern); "" when none.
std::string required_literal(const std::string& pattern);

}  // namespace zobrist_verify
