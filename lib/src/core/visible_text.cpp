#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {
namespace {

bool is_continuation(unsigned char c) {
  return c >= 0x80 && c <= 0xbf;
}

// The length of the valid, printable UTF-8 sequence of two bytes or more at the start of `text`;
// 0 when there is none.
std::size_t printable_sequence(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xbf;  // the allowed range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
    if (lead == 0xc2) low = 0xa0;  // not a C1 control (U+0080 to U+009F)
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;   // not overlong
    if (lead == 0xed) high = 0x9f;  // not a surrogate
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;   // not overlong
    if (lead == 0xf4) high = 0x8f;  // not above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i)
    if (!is_continuation(byte(i))) return 0;
  // U+FFFE and U+FFFF are not characters (XML 1.0 forbids them).
  if (lead == 0xef && byte(1) == 0xbf && byte(2) >= 0xbe) return 0;
  return length;
}

}  // namespace

std::size_t printable_utf8_length(std::string_view text) {
  return text.empty() ? 0 : printable_sequence(text);
}

std::string visible_text(std::string_view text, LineBreaks breaks) {
  constexpr std::string_view Hex = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += char(c);
      ++i;
    } else if (c == '\t' || c == '\n') {
      out += breaks == LineBreaks::Keep ? std::string(1, char(c)) : c == '\t' ? "\\t" : "\\n";
      ++i;
    } else if (const std::size_t length = c >= 0x80 ? printable_sequence(text.substr(i)) : 0) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out += "\\x";
      out += Hex[c >> 4];
      out += Hex[c & 15];
      ++i;
    }
  }
  return out;
}

std::string quoted_input(std::string_view text) {
  if (text.size() <= QuotedInputLimit) return "'" + visible_text(text) + "'";
  // Cut before a UTF-8 continuation byte rather than inside a character.
  std::size_t cut = QuotedInputLimit;
  while (cut > QuotedInputLimit - 3 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80)
    --cut;
  return "'" + visible_text(text.substr(0, cut)) + "...' (" + std::to_string(text.size()) +
         " bytes)";
}

}  // namespace zobrist_verify
