// The key pattern of an engine door: a regular expression in RE2 syntax with one capture group
// around the key's digits, matched against each line of an engine's reply, whatever the
// protocol ("^Key: *([^ ]*) *$" for Stockfish's `d`). The FEN pattern (--fen-pattern), movegen's
// perft patterns and the reply-end patterns are ones too. RE2 matches in time linear in the line
// and in bounded memory, whatever the pattern: it has no look-around and no back-references.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

// The capture groups of a key pattern: the main key's, and the pawn key's and the material key's
// when the pattern names them ((?P<pawn>...), (?P<material>...)); 0: none.
struct KeyGroups {
  int key = 1;
  int pawn = 0;
  int material = 0;
};

// What a key line's groups captured: views into the line; empty for a group the pattern lacks.
struct KeyTexts {
  std::string_view key, pawn, material;
};

// The keys one line of an engine's reply holds: its key, and its pawn and material keys when the
// key pattern names their groups (Glaurung 2.2's `key` prints all three on one line).
struct PrintedKeys {
  Key key = 0;
  std::optional<Key> pawn, material;
};

class KeyPattern {
 public:
  // A line longer than this never matches: lines of keys, FENs and perft counts are under 100
  // bytes, and a long line would cost RE2 up to a few milliseconds a kilobyte for a large pattern.
  static constexpr std::size_t MaxMatchedLength = 1024;
  // The largest pattern taken, in bytes, and the deepest nesting of its groups: RE2 sets no
  // depth limit of its own, and no engine's line needs more.
  static constexpr std::size_t MaxPatternLength = 4096;
  static constexpr int MaxNesting = 1000;
  // The memory RE2 may use for one pattern's program and its matching caches.
  static constexpr std::int64_t MaxMemory = 1 << 20;

  // The error says why `pattern` cannot be used: it is not RE2 syntax, it is over the caps
  // above, or it has not exactly one capture group. `what` names the option whose pattern it is
  // ("--key-pattern"), `group` what its group holds.
  [[nodiscard]] static Expected<KeyPattern> compile(const std::string& pattern,
                                                    std::string_view what, std::string_view group);

  // A key pattern: one unnamed capture group, the key; or named groups (?P<key>...) and, when the
  // engine prints them on the same line, (?P<pawn>...) and (?P<material>...), every capture
  // group named. The error says which rule `pattern` breaks.
  [[nodiscard]] static Expected<KeyPattern> compile_keys(const std::string& pattern);

  // A pattern with exactly the named groups `names` ((?P<move>...), (?P<count>...) for
  // --perft-divide-pattern) and no other capture group; group_texts gives their texts. The error
  // names the group missing or the group that is not one of them.
  [[nodiscard]] static Expected<KeyPattern> compile_named(const std::string& pattern,
                                                          std::string_view what,
                                                          const std::vector<std::string>& names);

  // A pattern whose lines are only matched, with any number of capture groups (a reply's end).
  [[nodiscard]] static Expected<KeyPattern> compile_line_pattern(const std::string& pattern,
                                                                 std::string_view what);

  // Whether the whole of `line` matches (no line longer than MaxMatchedLength does).
  bool matches(std::string_view line) const;
  // What the first group captured when `line` matches (the key's text, not yet checked to be
  // hex), with matches()'s rule for long lines.
  std::optional<std::string> key_text(std::string_view line) const;
  // A key pattern's texts on `line` when it matches (the main key's group is key_text's).
  std::optional<KeyTexts> key_texts(std::string_view line) const;
  const KeyGroups& groups() const;
  // A compile_named pattern's group texts on `line`, in the order of its names, when it matches
  // (with matches()'s rule for long lines).
  std::optional<std::vector<std::string_view>> group_texts(std::string_view line) const;
  // The pattern as given.
  const std::string& text() const;
  // The named groups ((?P<name>...)) and their numbers, 1 for the first group.
  const std::map<std::string, int>& named_groups() const;
  // Whether the pattern is matched without RE2: a literal line start, then the key or FEN
  // between spaces, as the default patterns are ("^LITERAL *([^ ]*) *$" and
  // "^LITERAL *(.*[^ ]) *$", LITERAL without special characters); the result is the same.
  bool matched_directly() const;

 private:
  struct Compiled;  // the RE2 program and the direct matcher's shape, shared by copies
  explicit KeyPattern(std::shared_ptr<const Compiled> compiled) : compiled_(std::move(compiled)) {}
  // The key group of `line`'s match (the first group, unless named otherwise), or nothing when it
  // does not match.
  std::optional<std::string_view> first_group(std::string_view line) const;

  std::shared_ptr<const Compiled> compiled_;
};

// `pattern` quoted for a message: its first 120 bytes, visible (core/visible_text.h), and the
// length of the whole when cut: "'^Key: ...' (a pattern of 5000 bytes, cut)".
std::string quoted_pattern(std::string_view pattern);

// The engine door's key pattern (--key-pattern: one group, the key's digits, or the named groups
// of KeyPattern::compile_keys) and FEN pattern (--fen-pattern: one group, the FEN of the position
// the engine shows).
[[nodiscard]] Expected<KeyPattern> compile_key_pattern(const std::string& pattern);
[[nodiscard]] Expected<KeyPattern> compile_fen_pattern(const std::string& pattern);

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
  // The keys of a line's texts (KeyPattern::key_texts): the main key first, which may decide the
  // base, then the pawn and material keys the pattern names, in the same base. The error names
  // the key that is none ("its pawn key is not one: 'zz' is not hexadecimal ...").
  [[nodiscard]] Expected<PrintedKeys> read_keys(const KeyTexts& texts);
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

}  // namespace zobrist_verify
