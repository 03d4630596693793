// What the text, JSON and JUnit writers share beyond the public report model.
#pragma once

#include <cstdio>
#include <string>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// A pass with warnings: it passes (exit status, "passed") but is counted and shown apart.
inline bool warned(const PropertyResult& r) {
  return r.passed && !r.skipped && !r.warnings.empty();
}

// A row a signal stopped before it ended, with no failure found (PropertyResult::interrupted):
// INTERRUPTED, neither passed nor failed.
inline bool unfinished(const PropertyResult& r) {
  return r.interrupted && !r.counterexample;
}

// Seconds with three decimals, as JSON and JUnit write them.
inline std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds);
  return text;
}

// A failed row's reproductions: the first counterexample's, then each further distinct one's
// under a line that numbers it ("  distinct failure 2 of 3: WHAT").
inline std::string failure_blocks(const PropertyResult& r) {
  if (!r.counterexample) return "";
  std::string out = format_counterexample(*r.counterexample);
  const std::size_t total = r.further.size() + 1;
  for (std::size_t i = 0; i < r.further.size(); ++i)
    out += "  distinct failure " + std::to_string(i + 2) + " of " + std::to_string(total) + ": " +
           r.further[i].what + "\n" + format_counterexample(r.further[i]);
  return out;
}

}  // namespace zobrist_verify::properties
