// An engine command line ("stockfish", "/opt/engine --threads 1 'my book.bin'") split into the
// words of argv as a POSIX shell would split it, without running a shell: quotes and backslashes
// are honoured, nothing else is interpreted ($VAR, globs, ~, ;, | and > stay literal characters).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

// Words are separated by unquoted blanks (space, tab, newline). Inside single quotes every
// character is literal; inside double quotes a backslash escapes only $ ` " \ and newline; outside
// quotes a backslash escapes any character. An unterminated quote, a trailing backslash or a
// command with no word is an error that says where.
[[nodiscard]] Expected<std::vector<std::string>> split_command_words(std::string_view command);

// The words joined back so that split_command_words, and a POSIX shell, give them again (for
// reports and every command line the suite prints): plain words as they are, others
// single-quoted, so that pasting the line runs nothing but its first word. A first word with '='
// is quoted too, or a shell would read it as a variable assignment.
std::string join_command_words(const std::vector<std::string>& words);

}  // namespace zobrist_verify
