// The choices a property makes while it builds a position (which square, which piece, whether to
// vary something), each drawn from RapidCheck as a value of its own inside the running case. A
// failing case then shrinks its choices one by one, towards the first square, the first kind and
// "no", to a simpler position of the same kind; a bare seed drawn once would shrink to an
// unrelated position.
#pragma once

namespace zobrist_verify::properties {

class Choices {
 public:
  // A number in [0, bound), uniform, shrinking towards 0; bound > 0. Only inside a property.
  unsigned below(unsigned bound) const;
  // True with a chance of `percent` in 100, shrinking towards false. Only inside a property.
  bool chance(unsigned percent) const;
};

}  // namespace zobrist_verify::properties
