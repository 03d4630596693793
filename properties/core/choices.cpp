#include "core/choices.h"

#include <rapidcheck.h>

namespace zobrist_verify::properties {

namespace {

// inRange narrows its range with the case's size (only `min` at size 0); at the nominal size it
// draws from the whole range, as a choice must, whichever case it is.
unsigned uniform_below(unsigned bound) {
  return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0u, bound));
}

}  // namespace

unsigned Choices::below(unsigned bound) const {
  // A bound of 1 leaves no choice, and RapidCheck records nothing for it.
  return bound <= 1 ? 0 : uniform_below(bound);
}

bool Choices::chance(unsigned percent) const {
  // 0 is "no": the value is "yes" in its top `percent` hundredths.
  return uniform_below(100) >= 100 - percent;
}

}  // namespace zobrist_verify::properties
