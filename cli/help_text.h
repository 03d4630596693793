// Pieces of the --help texts that are built rather than written out: a sentence wrapped to a
// width, and an option's (or a command's) entry with its text in a column.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace zobrist_verify::cli {

// `text`'s words as lines of at most `width` characters (a longer word stands alone), each
// indented by `indent` spaces and ended by '\n'.
std::string wrap_text(std::string_view text, std::size_t indent, std::size_t width);

// An entry of a help list: `head` ("  --scheme NAME"), then `text` starting at `column` (or two
// spaces after a longer head) and wrapped at `width`, its further lines indented to `column`.
std::string help_entry(std::string_view head, std::size_t column, std::string_view text,
                       std::size_t width);

}  // namespace zobrist_verify::cli
