// split_command_words against what a POSIX shell makes of the same text (the expected words were
// worked out by hand from the shell's quoting rules, and the round trip through
// join_command_words must give the words back).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "zobrist_verify/doors/command_words.h"

namespace zobrist_verify {
namespace {

using Words = std::vector<std::string>;

Words split(const std::string& text) {
  auto words = split_command_words(text);
  EXPECT_TRUE(words.has_value()) << text << ": " << words.error();
  return words ? *words : Words{};
}

TEST(CommandWords, PlainWordsSplitOnAnyRunOfBlanks) {
  EXPECT_EQ(split("stockfish"), (Words{"stockfish"}));
  EXPECT_EQ(split("  /usr/games/stockfish \t --x  1 \n"),
            (Words{"/usr/games/stockfish", "--x", "1"}));
}

TEST(CommandWords, SingleQuotesKeepEverythingLiteral) {
  EXPECT_EQ(split("engine 'my book.bin' 'a\\b' '$HOME'"),
            (Words{"engine", "my book.bin", "a\\b", "$HOME"}));
  EXPECT_EQ(split("engine ''"), (Words{"engine", ""}));
}

TEST(CommandWords, DoubleQuotesEscapeOnlyTheShellsFive) {
  EXPECT_EQ(split(R"(engine "a \"b\" \\ \$x \n")"), (Words{"engine", R"(a "b" \ $x \n)"}));
  EXPECT_EQ(split("engine \"\""), (Words{"engine", ""}));
}

TEST(CommandWords, QuotedPartsJoinTheirNeighbours) {
  EXPECT_EQ(split("a'b c'\"d e\"f"), (Words{"ab cd ef"}));
  EXPECT_EQ(split("a\\ b c"), (Words{"a b", "c"}));
}

TEST(CommandWords, ShellSyntaxStaysLiteral) {
  EXPECT_EQ(split("engine ; rm -rf ~ | cat > $OUT *"),
            (Words{"engine", ";", "rm", "-rf", "~", "|", "cat", ">", "$OUT", "*"}));
}

TEST(CommandWords, MalformedCommandsSayWhere) {
  auto single = split_command_words("engine 'open");
  ASSERT_FALSE(single.has_value());
  EXPECT_NE(single.error().find("unterminated single quote at character 8"), std::string::npos)
      << single.error();
  auto dbl = split_command_words("engine \"open");
  ASSERT_FALSE(dbl.has_value());
  EXPECT_NE(dbl.error().find("unterminated double quote"), std::string::npos) << dbl.error();
  auto backslash = split_command_words("engine \\");
  ASSERT_FALSE(backslash.has_value());
  EXPECT_NE(backslash.error().find("trailing backslash"), std::string::npos);
  for (const char* empty : {"", "   ", "\t\n"}) {
    auto words = split_command_words(empty);
    ASSERT_FALSE(words.has_value());
    EXPECT_NE(words.error().find("empty"), std::string::npos);
  }
}

TEST(CommandWords, JoinRoundTrips) {
  for (const Words& words : {Words{"stockfish"}, Words{"/a b/engine", "it's", "", "$x", "\"q\""},
                             Words{"tab\there", "new\nline", "back\\slash"}}) {
    std::string joined = join_command_words(words);
    EXPECT_EQ(split(joined), words) << joined;
  }
  EXPECT_EQ(join_command_words({"/usr/games/stockfish", "--x=1"}), "/usr/games/stockfish --x=1");
}

// Pasted into sh, `A=b cmd` would set A and run cmd: a first word with '=' is quoted.
TEST(CommandWords, AFirstWordWithAnEqualsSignIsQuoted) {
  EXPECT_EQ(join_command_words({"A=b", "cmd"}), "'A=b' cmd");
}

TEST(CommandWords, ShellCharactersAreQuoted) {
  EXPECT_EQ(join_command_words({"x;touch${IFS}INJECTED", "my plugin;id.so", "~", "*"}),
            "'x;touch${IFS}INJECTED' 'my plugin;id.so' '~' '*'");
}

}  // namespace
}  // namespace zobrist_verify
