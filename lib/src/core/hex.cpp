#include "zobrist_verify/core/hex.h"

namespace zobrist_verify {

std::string hex_key(Key key) {
  constexpr std::string_view Digits = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i, key >>= 4) text[std::size_t(i)] = Digits[key & 0xF];
  return text;
}

std::string hex_key_literal(Key key) {
  return "0x" + hex_key(key);
}

Expected<Key> parse_hex_key(std::string_view text) {
  std::string_view digits = text;
  if (digits.starts_with("0x") || digits.starts_with("0X")) digits.remove_prefix(2);
  if (digits.empty())
    return Error{text.empty() ? "the key is empty"
                              : "'" + std::string(text) + "' has no hex digits"};
  if (digits.size() > 16)
    return Error{"'" + std::string(text) + "' has more than 16 hexadecimal digits"};
  Key key = 0;
  for (char c : digits) {
    int digit;
    if (c >= '0' && c <= '9')
      digit = c - '0';
    else if (c >= 'a' && c <= 'f')
      digit = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      digit = c - 'A' + 10;
    else
      return Error{"'" + std::string(text) + "' is not hexadecimal ('" + std::string(1, c) +
                   "' is not a digit)"};
    key = (key << 4) | Key(digit);
  }
  return key;
}

}  // namespace zobrist_verify
