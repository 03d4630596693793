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

Expected<KeyBase> parse_key_base(std::string_view text) {
  if (text == "16") return KeyBase::Hexadecimal;
  if (text == "10") return KeyBase::Decimal;
  return Error{"'" + std::string(text) + "' is not a key base (10 for decimal keys, 16 for hex)"};
}

std::string_view key_base_name(KeyBase base) {
  return base == KeyBase::Decimal ? "decimal" : "hexadecimal";
}

Expected<Key> parse_key(std::string_view text, KeyBase base) {
  std::string_view digits = text;
  const bool negative = digits.starts_with('-');
  if (negative) digits.remove_prefix(1);
  const bool prefixed = digits.starts_with("0x") || digits.starts_with("0X");
  if (prefixed && base == KeyBase::Decimal)
    return Error{"'" + std::string(text) +
                 "' has a 0x prefix, but keys are read as decimal (--key-base 10)"};
  if (prefixed) digits.remove_prefix(2);
  const std::string_view name = base == KeyBase::Decimal ? "decimal" : "hexadecimal";
  if (digits.empty())
    return Error{text.empty()
                     ? "the key is empty"
                     : "'" + std::string(text) + "' has no " + std::string(name) + " digits"};
  const Key radix = base == KeyBase::Decimal ? 10 : 16;
  Key value = 0;
  bool outside = false;
  for (char c : digits) {
    Key digit;
    if (c >= '0' && c <= '9')
      digit = Key(c - '0');
    else if (base == KeyBase::Hexadecimal && c >= 'a' && c <= 'f')
      digit = Key(c - 'a' + 10);
    else if (base == KeyBase::Hexadecimal && c >= 'A' && c <= 'F')
      digit = Key(c - 'A' + 10);
    else
      return Error{"'" + std::string(text) + "' is not " + std::string(name) + " ('" +
                   std::string(1, c) + "' is not a digit)"};
    outside |= value > (UINT64_MAX - digit) / radix;  // every digit is still checked
    value = value * radix + digit;
  }
  if (outside || (negative && value > (Key(1) << 63)))
    return Error{"'" + std::string(text) + "' is outside 64 bits (" +
                 (negative ? "below -2^63" : "above 2^64 - 1") + ")"};
  return negative ? ~value + 1 : value;  // a negative value as its two's complement
}

Expected<KeyBaseDecision> decide_key_base(std::string_view text) {
  std::string_view digits = text;
  if (digits.starts_with('-')) digits.remove_prefix(1);
  const auto ask = [&](const std::string& why) {
    return Error{"the start position's key '" + std::string(text) + "' " + why +
                 ": pass --key-base 10 or --key-base 16"};
  };
  const bool prefixed = digits.starts_with("0x") || digits.starts_with("0X");
  if (prefixed) digits.remove_prefix(2);
  if (digits.empty() ||
      digits.find_first_not_of("0123456789abcdefABCDEF") != std::string_view::npos)
    return ask("is a number in neither base");
  if (prefixed) return KeyBaseDecision{KeyBase::Hexadecimal, "a 0x prefix"};
  if (digits.find_first_not_of("0123456789") != std::string_view::npos)
    return KeyBaseDecision{KeyBase::Hexadecimal, "a letter a-f in it"};
  if (digits.size() > 16)
    return KeyBaseDecision{KeyBase::Decimal, std::to_string(digits.size()) +
                                                 " digits: more than a hexadecimal key's 16"};
  if (digits.size() == 1)
    return KeyBaseDecision{KeyBase::Hexadecimal, "one digit, the same in either base"};
  return ask("has " + std::to_string(digits.size()) +
             " decimal digits and no letter, which both bases read");
}

}  // namespace zobrist_verify
