#include "zobrist_verify/doors/key_pattern.h"

namespace zobrist_verify {

Expected<KeyPattern> KeyPattern::compile(const std::string& pattern, std::string_view what,
                                         std::string_view group) {
  Expected<KeyPattern> compiled = compile_line_pattern(pattern, what);
  if (!compiled) return compiled;
  if (compiled->regex_.mark_count() != 1) {
    return Error{"the " + std::string(what) + " '" + pattern + "' has " +
                 std::to_string(compiled->regex_.mark_count()) +
                 " capture groups; it needs exactly one, around " + std::string(group)};
  }
  return compiled;
}

Expected<KeyPattern> KeyPattern::compile_line_pattern(const std::string& pattern,
                                                      std::string_view what) {
  KeyPattern compiled;
  compiled.text_ = pattern;
  try {
    compiled.regex_ = std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
  } catch (const std::regex_error& e) {
    return Error{"the " + std::string(what) + " '" + pattern +
                 "' is not an ECMAScript regular expression: " + e.what()};
  }
  compiled.literal_ = required_literal(pattern);
  // "^" LITERAL then one of the two default shapes, and nothing else.
  const std::string head = "^" + compiled.literal_;
  if (pattern.starts_with(head)) {
    const std::string_view tail = std::string_view(pattern).substr(head.size());
    if (tail == " *([^ ]*) *$") compiled.direct_ = Direct::Word;
    if (tail == " *(.*[^ ]) *$") compiled.direct_ = Direct::Rest;
  }
  return compiled;
}

// What std::regex finds for the two shapes (ECMAScript: '^' and '$' at the line's ends only,
// '.' any character but '\n' and '\r'): the spaces after the literal and at the end are
// skipped greedily, and the group is what lies between.
std::optional<std::string_view> KeyPattern::match_directly(std::string_view line) const {
  if (!line.starts_with(literal_)) return std::nullopt;
  std::string_view rest = line.substr(literal_.size());
  const std::size_t start = rest.find_first_not_of(' ');
  rest = start == std::string_view::npos ? std::string_view() : rest.substr(start);
  const std::size_t end = rest.find_last_not_of(' ');
  rest = end == std::string_view::npos ? std::string_view() : rest.substr(0, end + 1);
  if (direct_ == Direct::Word) {
    if (rest.find(' ') != std::string_view::npos) return std::nullopt;
    return rest;
  }
  // (.*[^ ]): at least one character; all but the last not a line terminator.
  if (rest.empty()) return std::nullopt;
  if (rest.substr(0, rest.size() - 1).find_first_of("\n\r") != std::string_view::npos)
    return std::nullopt;
  return rest;
}

bool KeyPattern::matches(std::string_view line) const {
  line = line.substr(0, MaxMatchedLength);
  if (direct_ != Direct::None) return match_directly(line).has_value();
  if (line.find(literal_) == std::string_view::npos) return false;
  return std::regex_search(line.begin(), line.end(), regex_);
}

std::optional<std::string> KeyPattern::key_text(std::string_view line) const {
  line = line.substr(0, MaxMatchedLength);
  if (direct_ != Direct::None) {
    std::optional<std::string_view> group = match_directly(line);
    if (!group) return std::nullopt;
    return std::string(*group);
  }
  if (line.find(literal_) == std::string_view::npos) return std::nullopt;
  std::match_results<std::string_view::const_iterator> match;
  if (!std::regex_search(line.begin(), line.end(), match, regex_)) return std::nullopt;
  return match.str(1);
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

std::string KeyReader::reading() const {
  if (!base_) return "in a base not decided yet";
  const std::string name(key_base_name(*base_));
  if (given_) return name + " (--key-base " + (*base_ == KeyBase::Decimal ? "10" : "16") + ")";
  return name + ", told from the start position's key " + decided_from_;
}

std::string required_literal(const std::string& pattern) {
  std::size_t i = pattern.starts_with("^") ? 1 : 0;
  std::string literal;
  for (; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) {
      // A quantifier applies to the character before it, which may then be absent.
      if (std::string_view("?*{").find(c) != std::string_view::npos && !literal.empty())
        literal.pop_back();
      break;
    }
    literal += c;
  }
  return literal;
}

}  // namespace zobrist_verify
