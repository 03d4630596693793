// Outside text (an engine's `id name`, a plugin's name or error, a line of a file) made safe to
// print and to put in JSON or XML 1.0: printable ASCII and valid UTF-8 are kept; every other byte
// (a control character, a byte of invalid UTF-8, DEL, a C1 control, U+FFFE and U+FFFF, which
// XML forbids) is written \xNN in lower-case hex, as FEN errors quote their input. The text,
// JSON and JUnit reports all show such text in this one form.
#pragma once

#include <string>
#include <string_view>

namespace zobrist_verify {

enum class LineBreaks {
  Escape,  // tab and newline written \t and \n: one line, for quoting input in a message
  Keep,    // tab and newline kept: a report's own text of several lines
};

std::string visible_text(std::string_view text, LineBreaks breaks = LineBreaks::Escape);

// The length of the valid, printable UTF-8 sequence of two bytes or more that `text` starts
// with (the bytes visible_text keeps as they are), or 0. For quoters that bound their output
// and cannot build a std::string, such as FEN errors'.
std::size_t printable_utf8_length(std::string_view text);

// Outside input quoted in a message: 'TEXT' in visible_text's form, its head only when it is
// longer than QuotedInputLimit bytes: 'HEAD...' (N bytes), so that no error line grows with its
// input (a 10 MB line of a key list, a 100 KB --fen).
inline constexpr std::size_t QuotedInputLimit = 160;
std::string quoted_input(std::string_view text);

}  // namespace zobrist_verify
