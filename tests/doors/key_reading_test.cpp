// Keys as engines print them (core/hex.h parse_key, decide_key_base; doors KeyReader): hex and
// decimal, signed, with a 0x prefix or without padding, and the base told once from the start
// position's key.
#include <gtest/gtest.h>

#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/doors/key_pattern.h"

namespace zobrist_verify {
namespace {

Key read(std::string_view text, KeyBase base) {
  Expected<Key> key = parse_key(text, base);
  EXPECT_TRUE(key) << text << ": " << (key ? "" : key.error());
  return key ? *key : 0;
}

std::string why_not(std::string_view text, KeyBase base) {
  Expected<Key> key = parse_key(text, base);
  return key ? "read as " + hex_key(*key) : key.error();
}

TEST(ParseKey, ReadsGlaurungsDecimalStartKey) {
  // Glaurung 2.2 prints 11118386876534324246 for the start position: 0x9a4c71f4db317c16.
  EXPECT_EQ(read("11118386876534324246", KeyBase::Decimal), 0x9a4c71f4db317c16ULL);
}

TEST(ParseKey, ReadsTheLargestAndSmallestDecimalValues) {
  EXPECT_EQ(read("18446744073709551615", KeyBase::Decimal), ~Key(0));
  EXPECT_EQ(read("0", KeyBase::Decimal), 0u);
  EXPECT_EQ(read("000000000000000000000000042", KeyBase::Decimal), 42u);
}

TEST(ParseKey, ReadsANegativeValueAsItsTwosComplement) {
  EXPECT_EQ(read("-1", KeyBase::Decimal), ~Key(0));
  EXPECT_EQ(read("-9223372036854775808", KeyBase::Decimal), 0x8000000000000000ULL);
  EXPECT_EQ(read("-2", KeyBase::Hexadecimal), 0xfffffffffffffffeULL);
  EXPECT_EQ(read("-0x10", KeyBase::Hexadecimal), 0xfffffffffffffff0ULL);
}

TEST(ParseKey, ReadsHexWithOrWithoutPrefixAndPadding) {
  EXPECT_EQ(read("0x463B96181691FC9C", KeyBase::Hexadecimal), 0x463b96181691fc9cULL);
  EXPECT_EQ(read("463b96181691fc9c", KeyBase::Hexadecimal), 0x463b96181691fc9cULL);
  EXPECT_EQ(read("fc9c", KeyBase::Hexadecimal), 0xfc9cULL);
  EXPECT_EQ(read("00000000463b96181691fc9c", KeyBase::Hexadecimal), 0x463b96181691fc9cULL);
}

TEST(ParseKey, AValueOutsideSixtyFourBitsIsAnError) {
  EXPECT_NE(why_not("18446744073709551616", KeyBase::Decimal).find("outside 64 bits"),
            std::string::npos);
  EXPECT_NE(why_not("-9223372036854775809", KeyBase::Decimal).find("below -2^63"),
            std::string::npos);
  EXPECT_NE(why_not("1ffffffffffffffff", KeyBase::Hexadecimal).find("above 2^64 - 1"),
            std::string::npos);
  EXPECT_NE(why_not("99999999999999999999999", KeyBase::Decimal).find("outside 64 bits"),
            std::string::npos);
}

TEST(ParseKey, NamesWhatIsWrongWithText) {
  EXPECT_EQ(why_not("12a4", KeyBase::Decimal), "'12a4' is not decimal ('a' is not a digit)");
  EXPECT_EQ(why_not("0x12", KeyBase::Decimal),
            "'0x12' has a 0x prefix, but keys are read as decimal (--key-base 10)");
  EXPECT_EQ(why_not("-", KeyBase::Decimal), "'-' has no decimal digits");
  EXPECT_EQ(why_not("", KeyBase::Hexadecimal), "the key is empty");
  EXPECT_EQ(why_not("12g4", KeyBase::Hexadecimal),
            "'12g4' is not hexadecimal ('g' is not a digit)");
}

KeyBase decided(std::string_view text) {
  Expected<KeyBaseDecision> decision = decide_key_base(text);
  EXPECT_TRUE(decision) << text << ": " << (decision ? "" : decision.error());
  return decision ? decision->base : KeyBase::Hexadecimal;
}

TEST(DecideKeyBase, ALetterOrAPrefixMeansHex) {
  EXPECT_EQ(decided("463B96181691FC9C"), KeyBase::Hexadecimal);
  EXPECT_EQ(decided("8f8f01d4562f59fb"), KeyBase::Hexadecimal);
  EXPECT_EQ(decided("0x1234567890"), KeyBase::Hexadecimal);
}

TEST(DecideKeyBase, MoreThanSixteenDigitsMeanDecimal) {
  EXPECT_EQ(decided("11118386876534324246"), KeyBase::Decimal);
  EXPECT_EQ(decided("12345678901234567"), KeyBase::Decimal);
  EXPECT_EQ(decided("-5060803636482931868"), KeyBase::Decimal);
}

TEST(DecideKeyBase, DigitsOnlyUpToSixteenAreAmbiguousAndAskForKeyBase) {
  for (std::string_view text : {"1234567890123456", "10", "-42"}) {
    Expected<KeyBaseDecision> decision = decide_key_base(text);
    ASSERT_FALSE(decision) << text;
    EXPECT_NE(decision.error().find("--key-base"), std::string::npos) << decision.error();
  }
}

TEST(DecideKeyBase, OneDigitReadsTheSameEitherWay) {
  EXPECT_EQ(decided("7"), KeyBase::Hexadecimal);
}

TEST(DecideKeyBase, TextInNeitherBaseIsAnError) {
  EXPECT_FALSE(decide_key_base("not-a-key"));
  EXPECT_FALSE(decide_key_base(""));
  // A prefix with no digits after it, or other than hex digits (fuzz_engine_reply found "0x"
  // decided hexadecimal, which then read as no key).
  EXPECT_FALSE(decide_key_base("0x"));
  EXPECT_FALSE(decide_key_base("-0X"));
  EXPECT_FALSE(decide_key_base("0xg1"));
  EXPECT_EQ(decided("0x12"), KeyBase::Hexadecimal);
}

KeyReader reader(std::optional<KeyBase> base) {
  return KeyReader(*compile_key_pattern("^(-?[0-9a-fA-Fx]+)$"), base);
}

TEST(KeyReader, DecidesOnceFromTheFirstKeyAndKeepsTheBase) {
  KeyReader keys = reader(std::nullopt);
  EXPECT_EQ(*keys.read("11118386876534324246"), 0x9a4c71f4db317c16ULL);
  ASSERT_EQ(keys.base(), KeyBase::Decimal);
  // A later key of digits only, short or not, is read in the base decided, never re-decided.
  EXPECT_EQ(*keys.read("1234"), 1234u);
  EXPECT_FALSE(keys.read("8f8f01d4562f59fb"));
  EXPECT_NE(keys.reading().find("decimal, told from the start position's key "
                                "'11118386876534324246' (20 digits"),
            std::string::npos)
      << keys.reading();
}

TEST(KeyReader, AHexStartKeyMakesLaterDigitOnlyKeysHex) {
  KeyReader keys = reader(std::nullopt);
  EXPECT_EQ(*keys.read("463B96181691FC9C"), 0x463b96181691fc9cULL);
  EXPECT_EQ(*keys.read("1234567890123456"), 0x1234567890123456ULL);
}

TEST(KeyReader, AnAmbiguousFirstKeyDecidesNothing) {
  KeyReader keys = reader(std::nullopt);
  EXPECT_FALSE(keys.read("1234"));
  EXPECT_FALSE(keys.base());
  EXPECT_EQ(*keys.read("ff"), 0xffu);
}

TEST(KeyReader, AGivenBaseIsNeverDecided) {
  KeyReader keys = reader(KeyBase::Hexadecimal);
  EXPECT_EQ(*keys.read("1234"), 0x1234u);
  EXPECT_EQ(keys.reading(), "hexadecimal (--key-base 16)");
}

constexpr const char* GlaurungKeys =
    "^key: (?P<key>-?[0-9]+) material key: (?P<material>-?[0-9]+) pawn key: (?P<pawn>-?[0-9]+)";

// Glaurung 2.2's `key` after e2e4: its three keys, read in the base its key decided.
TEST(KeyReader, ReadsThePawnAndMaterialKeysOfANamedGroupPatternInTheKeysBase) {
  KeyReader keys(*compile_key_pattern(GlaurungKeys), std::nullopt);
  const std::string line =
      "key: 5521865908262336403 material key: 5307933936963684642 pawn key: 1313532948988535692";
  Expected<PrintedKeys> read = keys.read_keys(*keys.pattern().key_texts(line));
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->key, 5521865908262336403ULL);
  EXPECT_EQ(read->material, 5307933936963684642ULL);
  EXPECT_EQ(read->pawn, 1313532948988535692ULL);
  EXPECT_EQ(keys.base(), KeyBase::Decimal);
}

TEST(KeyReader, APawnKeyThatIsNoKeyIsNamed) {
  KeyReader keys(*compile_key_pattern("^k=(?P<key>[^ ]+) p=(?P<pawn>[^ ]*)$"),
                 KeyBase::Hexadecimal);
  Expected<PrintedKeys> read = keys.read_keys(*keys.pattern().key_texts("k=12ab p=zz"));
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error(), "its pawn key is not one: 'zz' is not hexadecimal ('z' is not a digit)");
}

TEST(KeyReader, APatternWithOneGroupReadsTheKeyAlone) {
  KeyReader keys = reader(KeyBase::Hexadecimal);
  Expected<PrintedKeys> read = keys.read_keys(*keys.pattern().key_texts("ff"));
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->key, 0xffu);
  EXPECT_FALSE(read->pawn);
  EXPECT_FALSE(read->material);
}

}  // namespace
}  // namespace zobrist_verify
