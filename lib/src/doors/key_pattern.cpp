#include "zobrist_verify/doors/key_pattern.h"

#include <re2/re2.h>

#include <algorithm>
#include <tuple>
#include <utility>

#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {

namespace {

// The shapes matched without RE2: "([^ ]*)" (one word, maybe empty) or "(.*[^ ])" (the rest).
enum class DirectShape : std::uint8_t { None, Word, Rest };

constexpr std::string_view WordTail = " *([^ ]*) *$";
constexpr std::string_view RestTail = " *(.*[^ ]) *$";
constexpr std::size_t QuotedLength = 120;

// The deepest nesting of `pattern`'s groups: its parentheses outside character classes ("[(]",
// "[[:alpha:]]"), escapes ("\(") and quoted text ("\Q(\E").
int group_nesting(std::string_view pattern) {
  int depth = 0;
  int deepest = 0;
  bool in_class = false;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\') {
      if (!in_class && i + 1 < pattern.size() && pattern[i + 1] == 'Q') {
        const std::size_t end = pattern.find("\\E", i + 2);
        if (end == std::string_view::npos) break;
        i = end;
      }
      ++i;  // the escaped character, or the E of \E
    } else if (in_class) {
      if (c == '[' && i + 1 < pattern.size() && pattern[i + 1] == ':') {
        const std::size_t end = pattern.find(":]", i + 2);
        if (end != std::string_view::npos) i = end + 1;
      } else if (c == ']') {
        in_class = false;
      }
    } else if (c == '[') {
      in_class = true;
      // A ']' right after "[" or "[^" is a member, not the end.
      if (i + 1 < pattern.size() && pattern[i + 1] == '^') ++i;
      if (i + 1 < pattern.size() && pattern[i + 1] == ']') ++i;
    } else if (c == '(') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ')' && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

// The direct matcher's shape of `pattern` and the literal its lines start with: "^", a literal
// without special characters, then WordTail or RestTail.
std::pair<DirectShape, std::string> direct_shape(std::string_view pattern) {
  constexpr std::pair<DirectShape, std::string_view> Shapes[] = {{DirectShape::Word, WordTail},
                                                                 {DirectShape::Rest, RestTail}};
  for (const auto& [shape, tail] : Shapes) {
    if (pattern.size() < 1 + tail.size() || !pattern.starts_with('^') || !pattern.ends_with(tail))
      continue;
    const std::string_view literal = pattern.substr(1, pattern.size() - 1 - tail.size());
    if (literal.find_first_of("\\^$.|?*+()[]{}") == std::string_view::npos)
      return {shape, std::string(literal)};
  }
  return {DirectShape::None, std::string()};
}

re2::RE2::Options pattern_options() {
  re2::RE2::Options options;
  options.set_encoding(re2::RE2::Options::EncodingLatin1);  // an engine's bytes, as they are
  options.set_log_errors(false);
  options.set_max_mem(KeyPattern::MaxMemory);
  return options;
}

}  // namespace

struct KeyPattern::Compiled {
  explicit Compiled(const std::string& pattern)
      : text(pattern), regex(pattern, pattern_options()) {}
  std::string text;
  re2::RE2 regex;
  DirectShape direct = DirectShape::None;
  std::string literal;           // the direct matcher's line start
  KeyGroups groups;              // a key pattern's named groups; the first group otherwise
  std::vector<int> named_order;  // a compile_named pattern's groups, in the order of its names
};

std::string quoted_pattern(std::string_view pattern) {
  if (pattern.size() <= QuotedLength) return "'" + visible_text(pattern) + "'";
  return "'" + visible_text(pattern.substr(0, QuotedLength)) + "...' (a pattern of " +
         std::to_string(pattern.size()) + " bytes, cut)";
}

Expected<KeyPattern> KeyPattern::compile(const std::string& pattern, std::string_view what,
                                         std::string_view group) {
  Expected<KeyPattern> compiled = compile_line_pattern(pattern, what);
  if (!compiled) return compiled;
  if (const int groups = compiled->compiled_->regex.NumberOfCapturingGroups(); groups != 1)
    return Error{std::string(what) + " " + quoted_pattern(pattern) + ": it has " +
                 std::to_string(groups) + " capture groups; it needs exactly one, around " +
                 std::string(group)};
  return compiled;
}

Expected<KeyPattern> KeyPattern::compile_keys(const std::string& pattern) {
  Expected<KeyPattern> compiled = compile_line_pattern(pattern, "--key-pattern");
  if (!compiled) return compiled;
  const re2::RE2& regex = compiled->compiled_->regex;
  const std::map<std::string, int>& named = regex.NamedCapturingGroups();
  if (named.empty()) return compile(pattern, "--key-pattern", "the key's digits");
  const auto refused = [&](const std::string& why) {
    return Error{"--key-pattern " + quoted_pattern(pattern) + ": " + why};
  };
  KeyGroups groups{0, 0, 0};
  for (const auto& [name, number] : named) {
    int* group = name == "key"        ? &groups.key
                 : name == "pawn"     ? &groups.pawn
                 : name == "material" ? &groups.material
                                      : nullptr;
    if (!group)
      return refused("its group (?P<" + visible_text(name) +
                     ">...) is not one the engine door reads: name the groups key, pawn and "
                     "material");
    *group = number;
  }
  if (groups.key == 0) return refused("it names groups but none (?P<key>...), the key's digits");
  if (regex.NumberOfCapturingGroups() != int(named.size()))
    return refused("it has " + std::to_string(regex.NumberOfCapturingGroups()) +
                   " capture groups and names " + std::to_string(named.size()) +
                   "; with named groups every group must be named (write (?:...) to group "
                   "without capturing)");
  auto shared = std::make_shared<Compiled>(pattern);
  shared->groups = groups;  // the direct matcher takes unnamed groups only: none here
  return KeyPattern(std::move(shared));
}

Expected<KeyPattern> KeyPattern::compile_named(const std::string& pattern, std::string_view what,
                                               const std::vector<std::string>& names) {
  Expected<KeyPattern> compiled = compile_line_pattern(pattern, what);
  if (!compiled) return compiled;
  const auto refused = [&](const std::string& why) {
    return Error{std::string(what) + " " + quoted_pattern(pattern) + ": " + why};
  };
  std::string wanted;
  for (const std::string& name : names) wanted += (wanted.empty() ? "" : ", ") + name;
  const re2::RE2& regex = compiled->compiled_->regex;
  const std::map<std::string, int>& named = regex.NamedCapturingGroups();
  for (const auto& [name, number] : named)
    if (std::find(names.begin(), names.end(), name) == names.end())
      return refused("its group (?P<" + visible_text(name) +
                     ">...) is not one it reads: name "
                     "the groups " +
                     wanted);
  auto shared = std::make_shared<Compiled>(pattern);
  for (const std::string& name : names) {
    const auto found = named.find(name);
    if (found == named.end())
      return refused("it has no group (?P<" + name + ">...); it needs the named groups " + wanted);
    shared->named_order.push_back(found->second);
  }
  if (regex.NumberOfCapturingGroups() != int(named.size()))
    return refused("it has " + std::to_string(regex.NumberOfCapturingGroups()) +
                   " capture groups and names " + std::to_string(named.size()) +
                   "; every group must be named (write (?:...) to group without capturing)");
  return KeyPattern(std::move(shared));
}

Expected<KeyPattern> KeyPattern::compile_line_pattern(const std::string& pattern,
                                                      std::string_view what) {
  const auto refused = [&](const std::string& why) {
    return Error{std::string(what) + " " + quoted_pattern(pattern) + ": " + why};
  };
  // RE2 takes any size and depth: the caps come first.
  if (pattern.size() > MaxPatternLength)
    return refused("longer than the " + std::to_string(MaxPatternLength) +
                   " bytes a pattern may have");
  if (const int nesting = group_nesting(pattern); nesting > MaxNesting)
    return refused("its groups nest " + std::to_string(nesting) + " deep, deeper than the " +
                   std::to_string(MaxNesting) + " levels a pattern may have");
  auto compiled = std::make_shared<Compiled>(pattern);
  const re2::RE2& regex = compiled->regex;
  if (regex.error_code() == re2::RE2::ErrorPatternTooLarge)
    return refused("too large: RE2 needs more than the " + std::to_string(MaxMemory >> 10) +
                   " KiB a pattern may use (fewer or smaller repetitions)");
  if (!regex.ok()) {
    const bool unsupported = regex.error_code() == re2::RE2::ErrorBadPerlOp ||
                             regex.error_code() == re2::RE2::ErrorBadEscape;
    return refused("not RE2 syntax: " + visible_text(regex.error()) +
                   (unsupported ? " (look-around and back-references are not accepted; a named "
                                  "group is written (?P<name>...))"
                                : ""));
  }
  std::tie(compiled->direct, compiled->literal) = direct_shape(pattern);
  return KeyPattern(std::move(compiled));
}

const std::string& KeyPattern::text() const {
  return compiled_->text;
}

const KeyGroups& KeyPattern::groups() const {
  return compiled_->groups;
}

const std::map<std::string, int>& KeyPattern::named_groups() const {
  return compiled_->regex.NamedCapturingGroups();
}

bool KeyPattern::matched_directly() const {
  return compiled_->direct != DirectShape::None;
}

namespace {

// What RE2 finds for the two direct shapes (Latin-1: '.' is any byte but '\n', "[^ ]" any byte
// but a space; '^' and '$' at the line's ends only): the spaces after the literal and at the end
// are skipped greedily, and the group is what lies between.
std::optional<std::string_view> match_directly(DirectShape shape, std::string_view literal,
                                               std::string_view line) {
  if (!line.starts_with(literal)) return std::nullopt;
  std::string_view rest = line.substr(literal.size());
  const std::size_t start = rest.find_first_not_of(' ');
  rest = start == std::string_view::npos ? std::string_view() : rest.substr(start);
  const std::size_t end = rest.find_last_not_of(' ');
  rest = end == std::string_view::npos ? std::string_view() : rest.substr(0, end + 1);
  if (shape == DirectShape::Word) {
    if (rest.find(' ') != std::string_view::npos) return std::nullopt;
    return rest;
  }
  // (.*[^ ]): at least one byte; all but the last not a newline.
  if (rest.empty() || rest.substr(0, rest.size() - 1).find('\n') != std::string_view::npos)
    return std::nullopt;
  return rest;
}

}  // namespace

std::optional<std::string_view> KeyPattern::first_group(std::string_view line) const {
  const Compiled& c = *compiled_;
  if (line.size() > MaxMatchedLength) return std::nullopt;
  if (c.direct != DirectShape::None) return match_directly(c.direct, c.literal, line);
  if (c.groups.key > 1) {
    std::optional<KeyTexts> texts = key_texts(line);
    if (!texts) return std::nullopt;
    return texts->key;
  }
  re2::StringPiece groups[2];
  const int wanted = std::min(2, 1 + c.regex.NumberOfCapturingGroups());
  if (!c.regex.Match(re2::StringPiece(line.data(), line.size()), 0, line.size(),
                     re2::RE2::UNANCHORED, groups, wanted))
    return std::nullopt;
  return std::string_view(groups[wanted - 1].data(), groups[wanted - 1].size());
}

std::optional<KeyTexts> KeyPattern::key_texts(std::string_view line) const {
  const Compiled& c = *compiled_;
  const KeyGroups& g = c.groups;
  if (g.key <= 1 && g.pawn == 0 && g.material == 0) {
    std::optional<std::string_view> key = first_group(line);
    if (!key) return std::nullopt;
    return KeyTexts{*key, {}, {}};
  }
  if (line.size() > MaxMatchedLength) return std::nullopt;
  // Three named groups at most (compile_keys): four pieces, the whole match first.
  re2::StringPiece pieces[4];
  const int wanted = 1 + std::max({g.key, g.pawn, g.material});
  if (!c.regex.Match(re2::StringPiece(line.data(), line.size()), 0, line.size(),
                     re2::RE2::UNANCHORED, pieces, wanted))
    return std::nullopt;
  const auto text = [&](int group) {
    return group ? std::string_view(pieces[group].data(), pieces[group].size())
                 : std::string_view();
  };
  return KeyTexts{text(g.key), text(g.pawn), text(g.material)};
}

std::optional<std::vector<std::string_view>> KeyPattern::group_texts(std::string_view line) const {
  const Compiled& c = *compiled_;
  if (line.size() > MaxMatchedLength || c.named_order.empty()) return std::nullopt;
  std::vector<re2::StringPiece> pieces(std::size_t(c.regex.NumberOfCapturingGroups()) + 1);
  if (!c.regex.Match(re2::StringPiece(line.data(), line.size()), 0, line.size(),
                     re2::RE2::UNANCHORED, pieces.data(), int(pieces.size())))
    return std::nullopt;
  std::vector<std::string_view> texts;
  for (int group : c.named_order)
    texts.emplace_back(pieces[std::size_t(group)].data(), pieces[std::size_t(group)].size());
  return texts;
}

bool KeyPattern::matches(std::string_view line) const {
  const Compiled& c = *compiled_;
  if (line.size() > MaxMatchedLength) return false;
  if (c.direct != DirectShape::None) return match_directly(c.direct, c.literal, line).has_value();
  return c.regex.Match(re2::StringPiece(line.data(), line.size()), 0, line.size(),
                       re2::RE2::UNANCHORED, nullptr, 0);
}

std::optional<std::string> KeyPattern::key_text(std::string_view line) const {
  std::optional<std::string_view> group = first_group(line);
  if (!group) return std::nullopt;
  return std::string(*group);
}

Expected<KeyPattern> compile_key_pattern(const std::string& pattern) {
  return KeyPattern::compile_keys(pattern);
}

Expected<KeyPattern> compile_fen_pattern(const std::string& pattern) {
  return KeyPattern::compile(pattern, "--fen-pattern", "the FEN of the position the engine shows");
}

Expected<Key> KeyReader::read(std::string_view text) {
  if (!base_) {
    Expected<KeyBaseDecision> decided = decide_key_base(text);
    if (!decided) return Error{decided.error()};
    base_ = decided->base;
    decided_from_ = "'" + std::string(text) + "' (" + decided->why + ")";
  }
  return parse_key(text, *base_);
}

Expected<PrintedKeys> KeyReader::read_keys(const KeyTexts& texts) {
  Expected<Key> key = read(texts.key);
  if (!key) return key.failure();
  PrintedKeys keys{*key, {}, {}};
  const auto part = [&](int group, std::string_view text, std::string_view name,
                        std::optional<Key>& into) -> Expected<Done> {
    if (group == 0) return Done{};
    Expected<Key> read_part = parse_key(text, *base_);
    if (!read_part) return Error{"its " + std::string(name) + " is not one: " + read_part.error()};
    into = *read_part;
    return Done{};
  };
  const KeyGroups& groups = pattern_.groups();
  if (auto pawn = part(groups.pawn, texts.pawn, "pawn key", keys.pawn); !pawn)
    return pawn.failure();
  if (auto material = part(groups.material, texts.material, "material key", keys.material);
      !material)
    return material.failure();
  return keys;
}

std::string KeyReader::reading() const {
  if (!base_) return "in a base not decided yet";
  const std::string name(key_base_name(*base_));
  if (given_) return name + " (--key-base " + (*base_ == KeyBase::Decimal ? "10" : "16") + ")";
  return name + ", told from the start position's key " + decided_from_;
}

}  // namespace zobrist_verify
