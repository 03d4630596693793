// Words and quotes of an engine's perft lines, for the perft door's reader (perft_reply.cpp) and
// the door itself (engine_perft.cpp).
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify::perft_text {

// The words of a line, split at spaces and tabs.
inline std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  while (!line.empty()) {
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string_view::npos) break;
    line.remove_prefix(start);
    const std::size_t end = std::min(line.find_first_of(" \t\r"), line.size());
    words.push_back(line.substr(0, end));
    line.remove_prefix(end);
  }
  return words;
}

// A line as a message quotes it: '...', its first 120 bytes made visible.
inline std::string quoted(std::string_view line) {
  return "'" + visible_text(line.substr(0, 120)) + (line.size() > 120 ? "...'" : "'");
}

}  // namespace zobrist_verify::perft_text
