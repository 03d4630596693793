// Reading the output of `zobrist-verify replay` in tests: one step's lines.
#pragma once

#include <string>

namespace zobrist_verify::testkit {

// The lines of one step: from its heading line up to the next step's heading.
inline std::string step(const std::string& out, const std::string& heading) {
  const std::size_t begin = out.find("\n" + heading + "\n");
  if (begin == std::string::npos) return "";
  std::size_t end = begin + heading.size() + 2;
  while (end < out.size() && out[end] == ' ') end = out.find('\n', end) + 1;
  return out.substr(begin + 1, end - begin - 1);
}

}  // namespace zobrist_verify::testkit
