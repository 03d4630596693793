// Keys as text, both ways, for every report, file and engine reply: the one hex conversion.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"

namespace zobrist_verify {

// 16 lower-case hex digits, zero-padded ("0123456789abcdef"); a sentence adds "0x" itself.
std::string hex_key(Key key);
// The same as a C literal, "0x" and 16 digits, as reports write a key inside a sentence.
std::string hex_key_literal(Key key);

// A key from 1 to 16 hex digits in either case, with or without a 0x prefix. The error quotes
// the text and says what is wrong: empty, more than 16 digits, or which character is no digit.
[[nodiscard]] Expected<Key> parse_hex_key(std::string_view text);

// The base an engine writes its keys in: Stockfish prints hex, Glaurung 2.2 and casanchess
// decimal.
enum class KeyBase : std::uint8_t { Hexadecimal, Decimal };

// "10" or "16" (--key-base); the error says what is accepted.
[[nodiscard]] Expected<KeyBase> parse_key_base(std::string_view text);
// "hexadecimal", "decimal".
std::string_view key_base_name(KeyBase base);

// A key as an engine prints it in `base`: digits without zero padding, a leading '-' for a
// negative value read as its 64-bit two's complement (Java, C# and %lld print keys signed), and in
// hexadecimal an optional 0x prefix. The error quotes the text and says what is wrong: no digits,
// a character that is no digit of the base, a 0x prefix on a decimal key, or a value outside 64
// bits (above 2^64 - 1, or below -2^63).
[[nodiscard]] Expected<Key> parse_key(std::string_view text, KeyBase base);

// The base of an engine's keys, told once from the text of its start position's key (never key by
// key: a hex key has no letter with probability (10/16)^16, about 1 in 1,800). A letter a-f or a
// 0x prefix means hexadecimal; more than 16 digits means decimal (a 64-bit hex key has at most
// 16); a single digit reads the same either way (hexadecimal). The error is the ambiguous case: 2
// to 16 decimal digits alone, which both bases read (a 64-bit decimal key is that short about once
// in 1,800), or text that is a key in neither; it says to pass --key-base.
struct KeyBaseDecision {
  KeyBase base = KeyBase::Hexadecimal;
  std::string why;  // "a-f in it", "20 digits: more than a hexadecimal key's 16"
};
[[nodiscard]] Expected<KeyBaseDecision> decide_key_base(std::string_view start_key_text);

}  // namespace zobrist_verify
