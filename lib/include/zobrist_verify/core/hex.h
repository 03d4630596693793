// Keys as text, both ways, for every report, file and engine reply: the one hex conversion.
#pragma once

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

}  // namespace zobrist_verify
