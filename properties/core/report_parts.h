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

// Seconds with three decimals, as JSON and JUnit write them.
inline std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds);
  return text;
}

}  // namespace zobrist_verify::properties
