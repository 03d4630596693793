// The key pattern (doors/key_pattern.h): its direct matcher (no RE2 for the default patterns'
// shape) against RE2 itself, on the default patterns and patterns of the same shape, over many
// lines; other patterns go through RE2. And what no pattern or engine line may do: crash, hang,
// or have a long line judged by its head.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/key_pattern.h"

namespace zobrist_verify {
namespace {

// What RE2 (Latin-1, as the door sets it) captures in `line`; nothing for a line longer than
// KeyPattern::MaxMatchedLength, which no pattern matches.
std::optional<std::string> regex_group(const std::string& pattern, const std::string& line) {
  RE2::Options options;
  options.set_encoding(RE2::Options::EncodingLatin1);
  const RE2 regex(pattern, options);
  EXPECT_TRUE(regex.ok()) << pattern;
  if (line.size() > KeyPattern::MaxMatchedLength) return std::nullopt;
  std::string group;
  if (!RE2::PartialMatch(line, regex, &group)) return std::nullopt;
  return group;
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
  auto compiled = compile_key_pattern(pattern);
  ASSERT_TRUE(compiled) << compiled.error();
  EXPECT_TRUE(compiled->matched_directly()) << pattern;
  for (const std::string& line : lines_near(literal)) {
    const std::optional<std::string> expected = regex_group(pattern, line);
    EXPECT_EQ(compiled->key_text(line), expected)
        << "pattern '" << pattern << "', line '" << line << "'";
    EXPECT_EQ(compiled->matches(line), expected.has_value()) << pattern << " / " << line;
  }
}

TEST(KeyPatternDirect, TheDefaultKeyPatternFindsWhatRe2Finds) {
  expect_same_as_regex(DefaultKeyPattern, "Key:");
}

TEST(KeyPatternDirect, TheDefaultFenPatternFindsWhatRe2Finds) {
  expect_same_as_regex(DefaultFenPattern, "Fen:");
}

TEST(KeyPatternDirect, PatternsOfTheSameShapeWithAnotherLiteralFindWhatRe2Finds) {
  expect_same_as_regex("^hash= *([^ ]*) *$", "hash=");
  expect_same_as_regex("^info string zobrist *([^ ]*) *$", "info string zobrist");
  expect_same_as_regex("^ *(.*[^ ]) *$", "");
  expect_same_as_regex("^Key:  *([^ ]*) *$", "Key: ");  // at least one space
}

TEST(KeyPatternDirect, OtherPatternsGoThroughRe2AndStillMatchAsDocumented) {
  for (const std::string pattern :
       {"^hash=([^ ]*) *$", "^Key: +([0-9A-F]+)$", "Key: *([^ ]*) *$", "^Key: *([^ ]*) *",
        "^info string key ([0-9a-f]{16})", "^Key\\: *([^ ]*) *$"}) {
    auto compiled = compile_key_pattern(pattern);
    ASSERT_TRUE(compiled) << compiled.error();
    EXPECT_FALSE(compiled->matched_directly()) << pattern;
    for (const std::string& line : lines_near("Key:"))
      EXPECT_EQ(compiled->key_text(line), regex_group(pattern, line)) << pattern << " / " << line;
  }
}

// 'Key: <16 hex digits>', 1,100 spaces and 'GARBAGE' (1,128 bytes, 1,129 with its newline) was
// read as a key: only its first 1,024 bytes were matched. A longer line now matches nothing.
TEST(KeyPatternLines, ALineLongerThanTheCapIsNotJudgedByItsHead) {
  const std::string key_line = "Key: 8F8F01D4562F59FB";
  const std::string padded = key_line + std::string(1100, ' ') + "GARBAGE";
  for (const char* pattern : {DefaultKeyPattern, "^Key: *([0-9A-F]+) *"}) {
    auto compiled = compile_key_pattern(pattern);
    ASSERT_TRUE(compiled) << compiled.error();
    EXPECT_EQ(compiled->key_text(padded), std::nullopt) << pattern;
    EXPECT_FALSE(compiled->matches(padded)) << pattern;
    EXPECT_EQ(compiled->key_text(key_line + std::string(1000, ' ')), "8F8F01D4562F59FB");
  }
}

// '(?:[0-9A-Fa-f]+)*' before an end the line does not have backtracked for minutes under
// std::regex. Not timed: a hang is this test's timeout.
TEST(KeyPatternLines, ABacktrackingPatternFailsToMatchAtOnce) {
  auto pattern = compile_key_pattern("^Key: *((?:[0-9A-Fa-f]+)*)$");
  ASSERT_TRUE(pattern) << pattern.error();
  const std::string digits = "0123456789ABCDEF0123456789abcdef01234567";
  EXPECT_EQ(pattern->key_text("Key: " + digits + "!"), std::nullopt);
  EXPECT_EQ(pattern->key_text("Key: " + digits), digits);
}

TEST(KeyPatternCaps, APatternOverFourKilobytesIsRefusedCut) {
  const std::string nested = std::string(16000, '(') + std::string(16000, ')');
  auto refused = compile_key_pattern(nested);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(), "--key-pattern '" + std::string(120, '(') +
                                 "...' (a pattern of 32000 bytes, cut): longer than the 4096 "
                                 "bytes a pattern may have");
}

TEST(KeyPatternCaps, GroupsNestedDeeperThanAThousandLevelsAreRefused) {
  const std::string deep = std::string(1001, '(') + "a" + std::string(1001, ')');
  auto refused = compile_fen_pattern(deep);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("--fen-pattern '((((("), std::string::npos) << refused.error();
  EXPECT_NE(refused.error().find("(a pattern of 2003 bytes, cut): its groups nest 1001 deep, "
                                 "deeper than the 1000 levels a pattern may have"),
            std::string::npos)
      << refused.error();
  // Parentheses in a class, escaped or quoted are characters, not groups.
  std::string in_classes, escaped, quoted = "\\Q" + std::string(1001, '(') + "\\E";
  for (int i = 0; i < 1001; ++i) {
    in_classes += "[(]";
    escaped += "\\(";
  }
  for (const std::string& literal : {in_classes, escaped, quoted})
    EXPECT_TRUE(compile_key_pattern(literal + "(a)")) << literal.substr(0, 20);
}

TEST(KeyPatternCaps, LookAroundAndBackReferencesAreNotRe2) {
  for (const char* pattern : {"^Key: (?=[0-9A-F])([0-9A-F]+)$", "^(a)\\1$", "(?<key>a)"}) {
    auto refused = compile_key_pattern(pattern);
    ASSERT_FALSE(refused) << pattern;
    EXPECT_EQ(
        refused.error().rfind("--key-pattern '" + std::string(pattern) + "': not RE2 syntax: ", 0),
        0u)
        << refused.error();
    EXPECT_NE(refused.error().find("(look-around and back-references are not accepted; a named "
                                   "group is written (?P<name>...))"),
              std::string::npos)
        << refused.error();
  }
}

TEST(KeyPatternGroups, NamedGroupsAreReportedWithTheirNumbers) {
  auto pattern = KeyPattern::compile_line_pattern(
      "^Key: (?P<key>[0-9A-F]+) Pawn: (?P<pawn>[0-9A-F]+)$", "--key-pattern");
  ASSERT_TRUE(pattern) << pattern.error();
  EXPECT_EQ(pattern->named_groups(), (std::map<std::string, int>{{"key", 1}, {"pawn", 2}}));
}

}  // namespace
}  // namespace zobrist_verify

namespace zobrist_verify {
namespace {

constexpr const char* Glaurung =
    "^key: (?P<key>-?[0-9]+) material key: (?P<material>-?[0-9]+) pawn key: (?P<pawn>-?[0-9]+)";

// Glaurung 2.2's `key` prints its three keys on one line: named groups give each its text
// (issue 39, section 1), in any order of the groups.
TEST(KeyPatternGroups, NamedGroupsGiveTheKeyPawnAndMaterialTexts) {
  const Expected<KeyPattern> pattern = KeyPattern::compile_keys(Glaurung);
  ASSERT_TRUE(pattern) << pattern.error();
  EXPECT_EQ(pattern->groups().key, 1);
  EXPECT_EQ(pattern->groups().material, 2);
  EXPECT_EQ(pattern->groups().pawn, 3);
  const std::string line =
      "key: 5521865908262336403 material key: 5307933936963684642 pawn key: 1313532948988535692";
  const std::optional<KeyTexts> texts = pattern->key_texts(line);
  ASSERT_TRUE(texts);
  EXPECT_EQ(texts->key, "5521865908262336403");
  EXPECT_EQ(texts->material, "5307933936963684642");
  EXPECT_EQ(texts->pawn, "1313532948988535692");
  EXPECT_EQ(pattern->key_text(line), "5521865908262336403");
  // The key named second is still the key.
  const Expected<KeyPattern> pawn_first =
      KeyPattern::compile_keys("^p=(?P<pawn>[0-9a-f]+) k=(?P<key>[0-9a-f]+)$");
  ASSERT_TRUE(pawn_first) << pawn_first.error();
  EXPECT_EQ(pawn_first->key_text("p=12 k=ab"), "ab");
  EXPECT_EQ(pawn_first->key_texts("p=12 k=ab")->pawn, "12");
  EXPECT_TRUE(pawn_first->key_texts("p=12 k=ab")->material.empty());
  // One unnamed group is the key, as before.
  const Expected<KeyPattern> plain = KeyPattern::compile_keys(DefaultKeyPattern);
  ASSERT_TRUE(plain) << plain.error();
  EXPECT_EQ(plain->key_texts("Key: 8F8F01D4562F59FB")->key, "8F8F01D4562F59FB");
}

TEST(KeyPatternGroups, GroupsTheDoorDoesNotReadAreRefusedNamingTheRule) {
  const Expected<KeyPattern> other = KeyPattern::compile_keys("^(?P<key>[0-9]+) (?P<hash>[0-9]+)$");
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error(),
            "--key-pattern '^(?P<key>[0-9]+) (?P<hash>[0-9]+)$': its group (?P<hash>...) is not "
            "one the engine door reads: name the groups key, pawn and material");
  const Expected<KeyPattern> no_key = KeyPattern::compile_keys("^(?P<pawn>[0-9]+)$");
  ASSERT_FALSE(no_key);
  EXPECT_EQ(no_key.error(),
            "--key-pattern '^(?P<pawn>[0-9]+)$': it names groups but none "
            "(?P<key>...), the key's digits");
  const Expected<KeyPattern> unnamed = KeyPattern::compile_keys("^(?P<key>[0-9]+) ([0-9]+)$");
  ASSERT_FALSE(unnamed);
  EXPECT_EQ(unnamed.error(),
            "--key-pattern '^(?P<key>[0-9]+) ([0-9]+)$': it has 2 capture groups and names 1; "
            "with named groups every group must be named (write (?:...) to group without "
            "capturing)");
}

}  // namespace
}  // namespace zobrist_verify
