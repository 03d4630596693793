// A route: a FEN and the UCI moves played from it, the form in which the properties reproduce a
// failure and in which `movegen` reports a divergence.
#pragma once

#include <string>
#include <vector>

namespace zobrist_verify::properties {

struct Route {
  std::string fen;
  bool chess960 = false;
  std::vector<std::string> moves;
};

// The moves separated by single spaces, as UCI's `position ... moves` and --moves take them.
inline std::string moves_text(const std::vector<std::string>& moves) {
  std::string text;
  for (const std::string& m : moves) text += (text.empty() ? "" : " ") + m;
  return text;
}

}  // namespace zobrist_verify::properties
