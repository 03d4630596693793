// The key pattern's direct matcher (no std::regex for the default patterns' shape) against
// std::regex itself, on the default patterns and patterns of the same shape, over many lines;
// other patterns still go through std::regex.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/key_pattern.h"

namespace zobrist_verify {
namespace {

// What std::regex captures in the line's first KeyPattern::MaxMatchedLength bytes.
std::optional<std::string> regex_group(const std::string& pattern, const std::string& line) {
  const std::regex regex(pattern, std::regex::ECMAScript);
  const std::string matched = line.substr(0, KeyPattern::MaxMatchedLength);
  std::smatch match;
  if (!std::regex_search(matched, match, regex)) return std::nullopt;
  return match.str(1);
}

// Lines near the patterns: their literals, spaces, tabs, line terminators, a NUL, other text.
std::vector<std::string> lines_near(const std::string& literal) {
  const std::vector<std::string> pieces = {
      " ",    "  ",   "\t",    "\r", "\n",   std::string(1, '\0'), "x", "0x1F",
      "Key:", "Fen:", literal, ":",  "ab cd"};
  std::vector<std::string> lines = {"",
                                    literal,
                                    literal + " ",
                                    " " + literal + " 1A",
                                    literal + " 1A",
                                    literal + "1A  ",
                                    literal + " 1A 2B",
                                    literal + " rnbqkbnr/8 w - - 0 1 ",
                                    literal + " a\rb",
                                    literal + " ab\r",
                                    literal + std::string(2000, 'f')};
  std::mt19937 random(2026);
  for (int i = 0; i < 4000; ++i) {
    std::string line = random() % 4 == 0 ? std::string() : literal;
    const int count = int(random() % 6);
    for (int k = 0; k < count; ++k) line += pieces[random() % pieces.size()];
    lines.push_back(line);
  }
  return lines;
}

void expect_same_as_regex(const std::string& pattern, const std::string& literal) {
  auto compiled = KeyPattern::compile(pattern);
  ASSERT_TRUE(compiled) << compiled.error();
  EXPECT_TRUE(compiled->matched_directly()) << pattern;
  for (const std::string& line : lines_near(literal)) {
    const std::optional<std::string> expected = regex_group(pattern, line);
    EXPECT_EQ(compiled->key_text(line), expected)
        << "pattern '" << pattern << "', line '" << line << "'";
    EXPECT_EQ(compiled->matches(line), expected.has_value()) << pattern << " / " << line;
  }
}

TEST(KeyPatternDirect, TheDefaultKeyPatternFindsWhatStdRegexFinds) {
  expect_same_as_regex(DefaultKeyPattern, "Key:");
}

TEST(KeyPatternDirect, TheDefaultFenPatternFindsWhatStdRegexFinds) {
  expect_same_as_regex(DefaultFenPattern, "Fen:");
}

TEST(KeyPatternDirect, PatternsOfTheSameShapeWithAnotherLiteralFindWhatStdRegexFinds) {
  expect_same_as_regex("^hash= *([^ ]*) *$", "hash=");
  expect_same_as_regex("^info string zobrist *([^ ]*) *$", "info string zobrist");
  expect_same_as_regex("^ *(.*[^ ]) *$", "");
  expect_same_as_regex("^Key:  *([^ ]*) *$", "Key: ");  // at least one space
}

TEST(KeyPatternDirect, OtherPatternsGoThroughStdRegexAndStillMatchAsDocumented) {
  for (const std::string pattern :
       {"^hash=([^ ]*) *$", "^Key: +([0-9A-F]+)$", "Key: *([^ ]*) *$", "^Key: *([^ ]*) *",
        "^info string key ([0-9a-f]{16})", "^Key\\: *([^ ]*) *$"}) {
    auto compiled = KeyPattern::compile(pattern);
    ASSERT_TRUE(compiled) << compiled.error();
    EXPECT_FALSE(compiled->matched_directly()) << pattern;
    for (const std::string& line : lines_near("Key:"))
      EXPECT_EQ(compiled->key_text(line), regex_group(pattern, line)) << pattern << " / " << line;
  }
}

}  // namespace
}  // namespace zobrist_verify
