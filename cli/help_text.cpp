#include "help_text.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace zobrist_verify::cli {

namespace {

// `text`'s words filled greedily into lines: the first holds `first_room` characters, the others
// `room` (a longer word stands alone). No words, no lines.
std::vector<std::string> fill(std::string_view text, std::size_t first_room, std::size_t room) {
  std::vector<std::string> lines;
  std::istringstream words{std::string(text)};
  for (std::string word; words >> word;) {
    const std::size_t limit = lines.size() <= 1 ? first_room : room;
    if (lines.empty() || lines.back().size() + 1 + word.size() > limit)
      lines.push_back(word);
    else
      lines.back() += ' ' + word;
  }
  return lines;
}

}  // namespace

std::string wrap_text(std::string_view text, std::size_t indent, std::size_t width) {
  std::string out;
  for (const std::string& line : fill(text, width - indent, width - indent))
    out += std::string(indent, ' ') + line + '\n';
  return out;
}

std::string help_entry(std::string_view head, std::size_t column, std::string_view text,
                       std::size_t width) {
  const std::size_t first = std::max(column, head.size() + 2);
  const std::vector<std::string> lines = fill(text, width - first, width - column);
  if (lines.empty()) return std::string(head) + '\n';
  std::string out(head);
  out.resize(first, ' ');
  for (std::size_t i = 0; i < lines.size(); ++i)
    out += (i == 0 ? "" : std::string(column, ' ')) + lines[i] + '\n';
  return out;
}

}  // namespace zobrist_verify::cli
